import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A scrolling view of items placed by a layout, as UIKit's `UICollectionView`.
///
/// Register a cell class (and header or footer classes) for reuse identifiers; the data
/// source dequeues views for them. At each layout the collection view asks its layout for
/// the elements in its bounds, shows a view for each (dequeued once, then kept while it
/// stays in view) and recycles the views that left. Scrolling, by `contentOffset` or a
/// drag, shows and recycles views as they come and go. `performBatchUpdates` (and
/// `insertItems`, `deleteItems`… on their own) animates the change over 0.3 s: staying
/// items move to their new places, inserted ones fade in, deleted ones fade out.
///
/// The delegate (`UICollectionViewDelegate`, and `UICollectionViewDelegateFlowLayout` for a
/// flow layout) is the scroll view's `delegate` property. A tap on an item selects it.
@MainActor
open class UICollectionView: UIScrollView, ElementSource {
    /// The kind of a section's header in a flow layout.
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer in a flow layout.
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Where `scrollToItem(at:at:animated:)` puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout placing the elements.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            layoutWasInvalidated()
        }
    }

    /// What the collection view shows; setting it reloads.
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { reloadData() } }

    /// A view behind the content, filling the bounds (it does not scroll).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false

    private let presenter = ElementPresenter()
    private var stage: ReuseStage { presenter.stage }
    private var layoutIsValid = false
    private var selection: [IndexPath] = []
    /// The update being gathered inside `performBatchUpdates`.
    private var gathering: ListUpdate?

    /// A collection view placing its items with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        setUpCollection()
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        setUpCollection()
    }

    private func setUpCollection() {
        collectionViewLayout.collectionView = self
        backgroundColor = .systemBackground
        addGestureRecognizer(UITapGestureRecognizer { [unowned self] tap in
            if tap.state == .ended { tapped(at: tap.location(in: self)) }
        })
    }

    // MARK: Registering and dequeuing

    /// Makes cells of `cellClass` (a `UICollectionViewCell` subclass) for `identifier`; nil
    /// forgets the identifier.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        register(cellClass, kind: "", identifier: identifier)
    }

    /// Makes supplementary views of `viewClass` (a `UICollectionReusableView` subclass) of
    /// `elementKind` for `identifier`; nil forgets them.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
                       withReuseIdentifier identifier: String) {
        register(viewClass, kind: elementKind, identifier: identifier)
    }

    private func register(_ viewClass: AnyClass?, kind: String, identifier: String) {
        stage.register(viewClass, as: UICollectionReusableView.self, kind: kind, identifier: identifier, owner: "UICollectionView")
    }

    /// A cell for `indexPath`: a recycled one of `identifier`'s class, reset by
    /// `prepareForReuse()`, or a new one. An unregistered identifier is reported (UIKit
    /// raises an exception) and gives a plain cell.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = stage.dequeue(kind: "", identifier: identifier) as? UICollectionViewCell { return cell }
        UIDiagnostics.report("UICollectionView: could not dequeue a cell with identifier \(identifier): register a class for it first")
        return UICollectionViewCell(frame: .zero)
    }

    /// A supplementary view of `elementKind` for `indexPath`, recycled or new, as cells are.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        if let view = stage.dequeue(kind: elementKind, identifier: identifier) as? UICollectionReusableView { return view }
        UIDiagnostics.report("UICollectionView: could not dequeue a view of kind \(elementKind) with identifier \(identifier): register a class for it first")
        return UICollectionReusableView(frame: .zero)
    }

    // MARK: Data

    /// Forgets what the data source said: every view is recycled and the data source is
    /// asked again at the next layout.
    open func reloadData() {
        presenter.counts = nil
        layoutIsValid = false
        setNeedsLayout()
    }

    /// How many sections the data source has.
    open var numberOfSections: Int { presenter.counts(reading: readCounts).count }

    /// How many items section `section` has (0 for a section that does not exist).
    open func numberOfItems(inSection section: Int) -> Int {
        presenter.count(inSection: section, reading: readCounts)
    }

    private func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(dataSource.numberOfSections(in: self), 0)
        return (0..<sections).map { max(dataSource.collectionView(self, numberOfItemsInSection: $0), 0) }
    }

    // MARK: Visible elements

    /// The cells on screen.
    open var visibleCells: [UICollectionViewCell] {
        stage.visible.sorted { $0.key.indexPath < $1.key.indexPath }.compactMap { $0.key.isCell ? $0.value as? UICollectionViewCell : nil }
    }

    /// The paths of the items on screen.
    open var indexPathsForVisibleItems: [IndexPath] {
        stage.visible.keys.filter(\.isCell).map(\.indexPath).sorted()
    }

    /// The path of `cell` when it is on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        stage.visible.first { $0.key.isCell && $0.value === cell }?.key.indexPath
    }

    /// The cell on screen for the item at `indexPath`.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        stage.visible[.cell(indexPath)] as? UICollectionViewCell
    }

    /// The supplementary view of `elementKind` on screen at `indexPath`.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        stage.visible[ReuseStage.Key(kind: elementKind, indexPath: indexPath)] as? UICollectionReusableView
    }

    /// The supplementary views of `elementKind` on screen.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        stage.visible.filter { $0.key.kind == elementKind }.sorted { $0.key.indexPath < $1.key.indexPath }
            .compactMap { $0.value as? UICollectionReusableView }
    }

    /// The paths of the supplementary views of `elementKind` on screen.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        stage.visible.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// The item whose frame contains `point` (in the collection view's coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: CGRect(x: point.x, y: point.y, width: 1, height: 1))?
            .first { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
    }

    /// The layout's attributes for the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    // MARK: Scrolling

    /// Scrolls so the item at `indexPath` sits where `scrollPosition` says (the least
    /// distance that shows it, for an empty position), within the content.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            return UIDiagnostics.report("UICollectionView.scrollToItem: no item at \(indexPath)")
        }
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - bounds.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - bounds.width }
        if scrollPosition.isEmpty { return scrollRectToVisible(frame, animated: animated) }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Selection

    /// The paths of the selected items.
    open var indexPathsForSelectedItems: [IndexPath]? { selection }

    /// Selects the item (deselecting others unless multiple selection is allowed) and
    /// scrolls to it as `scrollPosition` says. The delegate is not told, as in UIKit.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return selection.forEach { deselectItem(at: $0, animated: animated) } }
        if !allowsMultipleSelection {
            for other in selection where other != indexPath { deselectItem(at: other, animated: animated) }
        }
        if !selection.contains(indexPath) { selection.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item. The delegate is not told, as in UIKit.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selection.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// A tap at `point`: selects the item there, telling the delegate.
    private func tapped(at point: CGPoint) {
        guard allowsSelection, let path = indexPathForItem(at: point) else { return }
        let delegate = delegate as? UICollectionViewDelegate
        if allowsMultipleSelection, selection.contains(path) {
            deselectItem(at: path, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard !selection.contains(path), delegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        let previous = allowsMultipleSelection ? [] : selection
        selectItem(at: path, animated: false, scrollPosition: [])
        for old in previous { delegate?.collectionView(self, didDeselectItemAt: old) }
        delegate?.collectionView(self, didSelectItemAt: path)
    }

    // MARK: Updates

    /// Animates the insertions, deletions, reloads and moves `updates` makes (after it has
    /// changed the data source's data) as one change, then calls `completion`. An update
    /// whose counts do not add up is reported with UIKit's reason (UIKit raises an
    /// exception) and the collection view reloads instead.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if gathering != nil { updates?(); return }  // nested: part of the outer update
        guard let before = presenter.counts else {
            // Nothing was shown yet: there is nothing to animate.
            updates?()
            reloadData()
            completion.map(afterNextTick)
            return
        }
        prepareLayoutIfNeeded()
        let attributes = presenter.allAttributes(self)
        gathering = ListUpdate()
        updates?()
        let update = gathering!
        gathering = nil
        let after = readCounts()
        switch update.mapping(before: before, after: after) {
        case .failure(let error):
            UIDiagnostics.report("UICollectionView: invalid update: \(error.message); reloading instead")
            reloadData()
            completion.map(afterNextTick)
        case .success(let mapping):
            presenter.counts = after
            animate(mapping, from: attributes, completion: completion)
        }
    }

    /// Inserts items at `indexPaths` (paths after the update), animated.
    open func insertItems(at indexPaths: [IndexPath]) { change { $0.insertedItems.formUnion(indexPaths) } }
    /// Deletes the items at `indexPaths` (paths before the update), animated.
    open func deleteItems(at indexPaths: [IndexPath]) { change { $0.deletedItems.formUnion(indexPaths) } }
    /// Replaces the items at `indexPaths` with new cells from the data source, cross-faded.
    open func reloadItems(at indexPaths: [IndexPath]) { change { $0.reloadedItems.formUnion(indexPaths) } }
    /// Moves an item, animated.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { change { $0.movedItems.append((indexPath, newIndexPath)) } }
    /// Inserts whole sections, animated.
    open func insertSections(_ sections: IndexSet) { change { $0.insertedSections.formUnion(sections) } }
    /// Deletes whole sections, animated.
    open func deleteSections(_ sections: IndexSet) { change { $0.deletedSections.formUnion(sections) } }
    /// Replaces whole sections with new views, cross-faded.
    open func reloadSections(_ sections: IndexSet) { change { $0.reloadedSections.formUnion(sections) } }

    /// Records a change in the update being gathered, or makes it an update of its own.
    private func change(_ record: @escaping (inout ListUpdate) -> Void) {
        if gathering != nil { return record(&gathering!) }
        performBatchUpdates({ record(&self.gathering!) })
    }

    /// Runs `completion(true)` in the host's next tick (nothing to animate).
    private func afterNextTick(_ completion: @escaping (Bool) -> Void) {
        AnimationHost.shared.schedule(after: 0) { completion(true) }
    }

    /// An element's attributes before the update being animated (for layouts' final
    /// attributes of disappearing elements).
    func attributesBeforeUpdate(for key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        presenter.attributesBefore[key]
    }

    /// Lays the change out and animates every view on screen, before or after, to its place.
    private func animate(_ mapping: ListUpdate.Mapping, from before: [ReuseStage.Key: UICollectionViewLayoutAttributes],
                         completion: ((Bool) -> Void)?) {
        layoutIsValid = false
        prepareLayoutIfNeeded()
        contentSize = collectionViewLayout.collectionViewContentSize
        if contentOffset != clamped(contentOffset) { contentOffset = clamped(contentOffset) }
        presenter.animate(mapping, from: before, in: self, duration: 0.3, completion: completion)
    }

    // MARK: Layout

    /// The layout said it is out of date.
    func layoutWasInvalidated() {
        layoutIsValid = false
        setNeedsLayout()
    }

    /// Reads the data source and prepares the layout when either is out of date.
    private func prepareLayoutIfNeeded() {
        if presenter.counts == nil {
            stage.recycleAll()
            presenter.counts = readCounts()
            layoutIsValid = false
        }
        if layoutIsValid, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) { layoutIsValid = false }
        guard !layoutIsValid else { return }
        layoutIsValid = true
        collectionViewLayout.prepare()
    }

    /// Shows a view for every element in the bounds and recycles the views that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        prepareLayoutIfNeeded()
        contentSize = collectionViewLayout.collectionViewContentSize
        backgroundView?.frame = bounds
        presenter.layOut(self)
    }

    // MARK: Elements

    func elementAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        collectionViewLayout.layoutAttributesForElements(in: rect) ?? []
    }

    func elementAttributes(for key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        key.isCell ? collectionViewLayout.layoutAttributesForItem(at: key.indexPath)
            : collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
    }

    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UIView) {
        (view as? UICollectionReusableView)?.apply(attributes)
    }

    func startOfAppearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        key.isCell ? collectionViewLayout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
            : collectionViewLayout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
    }

    func endOfDisappearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        key.isCell ? collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
            : collectionViewLayout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
    }

    /// A view for the element from the data source, added to the collection view. A view
    /// the data source did not dequeue for it is reported (UIKit raises an exception) and
    /// shown all the same.
    func makeElementView(for key: ReuseStage.Key) -> UIView? {
        guard let dataSource else { return nil }
        let view: UICollectionReusableView = key.isCell
            ? dataSource.collectionView(self, cellForItemAt: key.indexPath)
            : dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
        if !stage.takeDequeued(view) {
            stage.withdraw(view)
            if let shown = stage.visible.first(where: { $0.value === view }) { stage.visible[shown.key] = nil }
            UIDiagnostics.report("UICollectionView: the view for \(key.isCell ? "the item" : key.kind) at \(key.indexPath) was not dequeued for it (dequeue a view every time the data source is asked; UIKit raises an exception)")
        }
        if view.superview !== self { addSubview(view) }
        if key.isCell, let cell = view as? UICollectionViewCell {
            cell.isSelected = selection.contains(key.indexPath)
            (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
        } else if !key.isCell {
            (delegate as? UICollectionViewDelegate)?.collectionView(self, willDisplaySupplementaryView: view,
                                                                    forElementKind: key.kind, at: key.indexPath)
        }
        return view
    }

    func endDisplaying(_ view: UIView, for key: ReuseStage.Key) {
        let delegate = delegate as? UICollectionViewDelegate
        if key.isCell, let cell = view as? UICollectionViewCell {
            delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
        } else if let view = view as? UICollectionReusableView {
            delegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        }
    }
}

/// The kind of a section's header in a flow layout (the name before Swift 4.2).
@available(*, deprecated, renamed: "UICollectionView.elementKindSectionHeader")
public let UICollectionElementKindSectionHeader = "UICollectionElementKindSectionHeader"
/// The kind of a section's footer in a flow layout (the name before Swift 4.2).
@available(*, deprecated, renamed: "UICollectionView.elementKindSectionFooter")
public let UICollectionElementKindSectionFooter = "UICollectionElementKindSectionFooter"
