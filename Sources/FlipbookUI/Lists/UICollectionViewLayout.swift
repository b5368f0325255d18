import Foundation
import FlipbookGraphics

/// Decides where a collection view's elements go, as UIKit's `UICollectionViewLayout`.
/// Subclass it and override `prepare()`, `collectionViewContentSize` and the
/// `layoutAttributes…` methods, or use `UICollectionViewFlowLayout`.
@MainActor
open class UICollectionViewLayout {
    /// The collection view the layout places elements for.
    open internal(set) weak var collectionView: UICollectionView?

    public init() {}

    public required init?(coder: NSCoder) {}

    /// The class of the attributes the layout makes.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// Works out the layout; called before the collection view asks for attributes after
    /// the layout was invalidated.
    open func prepare() {}

    /// The size of all the content.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame meets `rect`.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Marks the layout out of date: the collection view prepares it again before its next
    /// layout.
    open func invalidateLayout() {
        collectionView?.layoutWasInvalidated()
    }

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout
    /// (false: scrolling alone does not).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Where a drag that would rest at `proposedContentOffset` should rest instead.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint { proposedContentOffset }

    /// Where an item inserted by an update starts: its final attributes, transparent, so
    /// it fades in (as UIKit's flow layout does).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        faded(layoutAttributesForItem(at: itemIndexPath))
    }

    /// Where an item deleted by an update ends: where it was, transparent, so it fades out.
    /// `itemIndexPath` is its path before the update; the attributes come from before it.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        faded(collectionView?.attributesBeforeUpdate(for: .cell(itemIndexPath)))
    }

    /// Where a supplementary view that appears in an update starts: faded in, as items.
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String,
                                                                      at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        faded(layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath))
    }

    /// Where a supplementary view that goes away in an update ends: faded out, as items.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String,
                                                                       at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        faded(collectionView?.attributesBeforeUpdate(for: ReuseStage.Key(kind: elementKind, indexPath: elementIndexPath)))
    }

    private func faded(_ attributes: UICollectionViewLayoutAttributes?) -> UICollectionViewLayoutAttributes? {
        guard let copy = attributes?.copy() else { return nil }
        copy.alpha = 0
        return copy
    }
}
