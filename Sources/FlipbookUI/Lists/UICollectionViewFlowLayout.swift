import Foundation
import FlipbookGraphics

/// Items in lines, as UIKit's `UICollectionViewFlowLayout`: each section has an optional
/// header, its items in lines across the scroll direction (wrapping when the next item does
/// not fit), then an optional footer spanning the collection view.
///
/// The lines follow UIKit's placement: a full line is justified, its leftover space shared
/// between the gaps; a line of one item centres it; the last line of items that are all one
/// size sits on the grid the full lines make (as if filled with more of them), and the last
/// line of items of different sizes is packed at the start with the minimum spacing. Items
/// shorter than their line are centred in it. An empty section has its header and footer
/// but no insets. Sizes, insets and spacings come from the delegate's
/// `UICollectionViewDelegateFlowLayout` methods when it has them.
///
/// Differences: `estimatedItemSize` is kept but cells do not size themselves; headers and
/// footers do not pin to the visible bounds.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size meaning "cells size themselves" (kept; see the differences above).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// The direction the content scrolls; lines run across it.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// Items' size when the delegate does not give one (50 × 50 by default).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    open var estimatedItemSize: CGSize = .zero
    /// The least space between lines (10 by default).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items in a line (10 by default).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// The headers' size: only the extent along the scroll direction counts.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The footers' size: only the extent along the scroll direction counts.
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var sectionHeadersPinToVisibleBounds = false
    open var sectionFootersPinToVisibleBounds = false

    private var elements: [UICollectionViewLayoutAttributes] = []
    private var byKey: [ReuseStage.Key: UICollectionViewLayoutAttributes] = [:]
    private var contentSize: CGSize = .zero
    /// The collection view's extent across the scroll direction the layout was made for.
    private var preparedCrossExtent: CGFloat = 0

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        elements.filter { $0.frame.intersects(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        byKey[.cell(indexPath)]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        byKey[ReuseStage.Key(kind: elementKind, indexPath: indexPath)]
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        (scrollDirection == .vertical ? newBounds.width : newBounds.height) != preparedCrossExtent
    }

    open override func prepare() {
        super.prepare()
        elements = []
        byKey = [:]
        contentSize = .zero
        guard let collectionView else { return }
        let vertical = scrollDirection == .vertical
        let inset = collectionView.adjustedContentInset
        let cross = max(vertical ? collectionView.bounds.width - inset.left - inset.right
                                 : collectionView.bounds.height - inset.top - inset.bottom, 0)
        preparedCrossExtent = vertical ? collectionView.bounds.width : collectionView.bounds.height
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        var main: CGFloat = 0
        var reportedTooWide = false

        /// A frame from extents across (u) and along (v) the scroll direction.
        func rect(u: CGFloat, v: CGFloat, across: CGFloat, along: CGFloat) -> CGRect {
            vertical ? CGRect(x: u, y: v, width: across, height: along) : CGRect(x: v, y: u, width: along, height: across)
        }
        func add(_ attributes: UICollectionViewLayoutAttributes, _ key: ReuseStage.Key) {
            elements.append(attributes)
            byKey[key] = attributes
        }
        func addSupplementary(_ kind: String, section: Int, size: CGSize) {
            let along = vertical ? size.height : size.width
            guard along > 0 else { return }
            let path = IndexPath(item: 0, section: section)
            let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: path)
            attributes.frame = rect(u: 0, v: main, across: cross, along: along)
            add(attributes, ReuseStage.Key(kind: kind, indexPath: path))
            main += along
        }

        for section in 0..<collectionView.numberOfSections {
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
            let margins = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let count = collectionView.numberOfItems(inSection: section)
            let sizes = (0..<count).map { item in
                delegate?.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section)) ?? itemSize
            }
            addSupplementary(UICollectionView.elementKindSectionHeader, section: section, size: header)
            if count > 0 {
                let start = vertical ? margins.left : margins.top
                let available = cross - start - (vertical ? margins.right : margins.bottom)
                main += vertical ? margins.top : margins.left
                let extents = sizes.map { (across: vertical ? $0.width : $0.height, along: vertical ? $0.height : $0.width) }
                if !reportedTooWide, extents.contains(where: { $0.across > available + 0.001 }) {
                    reportedTooWide = true
                    UIDiagnostics.report("UICollectionViewFlowLayout: an item in section \(section) is larger than the collection view less the section insets; its line overflows")
                }
                let uniform = extents.allSatisfy { $0 == extents[0] }
                let lines = Self.lines(extents.map(\.across), available: available, spacing: itemSpacing)
                for (number, line) in lines.enumerated() {
                    let isLast = number == lines.count - 1
                    let offsets = Self.offsets(extents[line].map(\.across), available: available, spacing: itemSpacing,
                                               packed: isLast && !uniform, gridOf: isLast && uniform ? extents[line.lowerBound].across : nil)
                    let depth = extents[line].map(\.along).max() ?? 0
                    for (item, offset) in zip(line, offsets) {
                        let path = IndexPath(item: item, section: section)
                        let attributes = UICollectionViewLayoutAttributes(forCellWith: path)
                        let size = extents[item]
                        attributes.frame = rect(u: start + offset, v: main + (depth - size.along) / 2, across: size.across, along: size.along)
                        add(attributes, .cell(path))
                    }
                    main += depth + (isLast ? 0 : lineSpacing)
                }
                main += vertical ? margins.bottom : margins.right
            }
            addSupplementary(UICollectionView.elementKindSectionFooter, section: section, size: footer)
        }
        contentSize = vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
    }

    /// The items of each line: as many as fit in `available` with `spacing` between them,
    /// and at least one.
    private static func lines(_ extents: [CGFloat], available: CGFloat, spacing: CGFloat) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        while start < extents.count {
            var end = start + 1
            var used = extents[start]
            while end < extents.count, used + spacing + extents[end] <= available + 0.001 {
                used += spacing + extents[end]
                end += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// Where each item of a line starts across it. A full line is justified and a line of
    /// one item centred; a last line is packed at the start (`packed`), or placed on the grid
    /// of as many items of extent `gridOf` as fit.
    private static func offsets(_ extents: [CGFloat], available: CGFloat, spacing: CGFloat,
                                packed: Bool, gridOf cell: CGFloat?) -> [CGFloat] {
        func run(_ gap: CGFloat, from start: CGFloat) -> [CGFloat] {
            var position = start
            return extents.map { extent in
                defer { position += extent + gap }
                return position
            }
        }
        if packed { return run(spacing, from: 0) }
        if let cell {
            let fit = max(1, Int(((available + spacing) / (cell + spacing) + 1e-9).rounded(.down)))
            guard fit > 1 else { return run(spacing, from: (available - cell) / 2) }
            let leftover = available - CGFloat(fit) * cell - CGFloat(fit - 1) * spacing
            return run(spacing + leftover / CGFloat(fit - 1), from: 0)
        }
        let used = extents.reduce(0, +) + spacing * CGFloat(extents.count - 1)
        guard extents.count > 1 else { return [(available - used) / 2] }
        return run(spacing + (available - used) / CGFloat(extents.count - 1), from: 0)
    }
}
