import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// Where and how one element of a collection view shows, as UIKit's
/// `UICollectionViewLayoutAttributes`: a layout makes them, the collection view applies them
/// to the element's view.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// What kind of element the attributes place.
    public enum ElementCategory: Int, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// The element's path: item and section for a cell, section for a header or footer.
    open var indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    /// The supplementary kind (`UICollectionView.elementKindSectionFooter`…); nil for a cell.
    public let representedElementKind: String?

    open var frame: CGRect = .zero
    open var alpha: CGFloat = 1
    open var isHidden = false
    /// Views with higher values are in front.
    open var zIndex = 0
    open var transform3D: CATransform3D = CATransform3DIdentity

    /// The attributes of the cell at `indexPath`.
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// The attributes of a supplementary view of `elementKind` at `indexPath`.
    public required init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// The centre of the frame.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// The frame's size.
    open var size: CGSize {
        get { frame.size }
        set { frame = CGRect(x: frame.midX - newValue.width / 2, y: frame.midY - newValue.height / 2,
                             width: newValue.width, height: newValue.height) }
    }

    /// The bounds of the element's view: its size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }

    /// The transform as an affine one.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// A copy with the same values.
    open func copy() -> UICollectionViewLayoutAttributes {
        let copy: UICollectionViewLayoutAttributes
        if let kind = representedElementKind {
            copy = Self(forSupplementaryViewOfKind: kind, with: indexPath)
        } else {
            copy = Self(forCellWith: indexPath)
        }
        copy.frame = frame
        copy.alpha = alpha
        copy.isHidden = isHidden
        copy.zIndex = zIndex
        copy.transform3D = transform3D
        return copy
    }
}
