import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A scrolling list of rows in sections, as UIKit's `UITableView` (plain style).
///
/// Register cell classes for reuse identifiers (or make cells in the data source when
/// `dequeueReusableCell(withIdentifier:)` gives nil, the older way); the table shows a view
/// for each row, section header and footer in its bounds, recycling those that scroll away.
/// Rows are `rowHeight` tall unless the delegate says otherwise; a section title makes a
/// 28-point header or footer; `tableHeaderView` and `tableFooterView` sit above and below
/// everything. Section headers stay pinned to the top while their section scrolls under
/// them. `insertRows(at:with:)`, `deleteRows(at:with:)` and their kin — on their own, in
/// `performBatchUpdates` or between `beginUpdates()` and `endUpdates()` — animate over
/// 0.3 s: rows fade, or slide from the side for `.left` and `.right`, while the rest move.
///
/// Differences: rows do not size themselves from constraints (`automaticDimension` is
/// `estimatedRowHeight`, or 44 points); the grouped styles are laid out as plain; no
/// separators are drawn for empty rows below the last; no swipe actions or editing mode.
@MainActor
open class UITableView: UIScrollView, ElementSource {
    /// The table's look (every style is laid out as `.plain`).
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    /// How rows come and go in an update.
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    /// The height meaning "as the content needs" (see the differences above).
    nonisolated public static let automaticDimension: CGFloat = -1

    /// The kind of every section header and footer, registered, made for a title or on
    /// screen, so that a view goes back to the queue it came from. On screen a header is at
    /// item 0 of its section's path and a footer at item 1.
    private static let headerFooterKind = "UITableViewHeaderFooter"
    private static let titleIdentifier = "UITableViewTitle"

    private static func headerKey(_ section: Int) -> ReuseStage.Key {
        ReuseStage.Key(kind: headerFooterKind, indexPath: IndexPath(item: 0, section: section))
    }

    private static func footerKey(_ section: Int) -> ReuseStage.Key {
        ReuseStage.Key(kind: headerFooterKind, indexPath: IndexPath(item: 1, section: section))
    }

    public let style: Style
    /// What the table shows; setting it reloads.
    open weak var dataSource: (any UITableViewDataSource)? { didSet { reloadData() } }
    /// Rows' height when the delegate does not give one.
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { geometryChanged() } }
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { geometryChanged() } }
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { geometryChanged() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { geometryChanged() } }
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// A view above the first section, as wide as the table, as tall as its frame.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableHeaderView { addSubview(tableHeaderView) }; geometryChanged() }
    }
    /// A view below the last section, as wide as the table, as tall as its frame.
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableFooterView { addSubview(tableFooterView) }; geometryChanged() }
    }
    /// A view behind the content, filling the bounds (it does not scroll).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    private let presenter = ElementPresenter()
    private var stage: ReuseStage { presenter.stage }
    private var geometry: TableGeometry?
    private var selection: [IndexPath] = []
    /// The update being gathered, and the elements' places when it began.
    private var gathering: (update: ListUpdate, before: [ReuseStage.Key: UICollectionViewLayoutAttributes], depth: Int)?
    /// How each row or section that comes or goes in the update being animated moves.
    private var rowAnimations: [ReuseStage.Key: RowAnimation] = [:]

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUpTable()
    }

    /// A plain table.
    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUpTable()
    }

    private func setUpTable() {
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        stage.register(UITableViewHeaderFooterView.self, as: UITableViewHeaderFooterView.self, kind: Self.headerFooterKind,
                       identifier: Self.titleIdentifier, owner: "UITableView")
        addGestureRecognizer(UITapGestureRecognizer { [unowned self] tap in
            if tap.state == .ended { tapped(at: tap.location(in: self)) }
        })
    }

    // MARK: Registering and dequeuing

    /// Makes cells of `cellClass` (a `UITableViewCell` subclass) for `identifier`; nil
    /// forgets the identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        stage.register(cellClass, as: UITableViewCell.self, kind: "", identifier: identifier, owner: "UITableView")
    }

    /// Makes header and footer views of `aClass` (a `UITableViewHeaderFooterView` subclass)
    /// for `identifier`; nil forgets the identifier.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        stage.register(aClass, as: UITableViewHeaderFooterView.self, kind: Self.headerFooterKind, identifier: identifier,
                       owner: "UITableView")
    }

    /// A cell for `indexPath`: a recycled one of `identifier`, reset, or a new one of the
    /// registered class. An unregistered identifier is reported (UIKit raises an exception)
    /// and gives a plain cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        UIDiagnostics.report("UITableView: could not dequeue a cell with identifier \(identifier): register a class for it first")
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A recycled cell of `identifier`, reset, or a new one of the registered class; nil
    /// when neither is there (the data source then makes one).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        stage.dequeue(kind: "", identifier: identifier) as? UITableViewCell
    }

    /// A recycled or new header or footer view of the class registered for `identifier`.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        stage.dequeue(kind: Self.headerFooterKind, identifier: identifier) as? UITableViewHeaderFooterView
    }

    // MARK: Data

    /// Forgets what the data source said: every view is recycled and the data source is
    /// asked again at the next layout.
    open func reloadData() {
        presenter.counts = nil
        geometryChanged()
    }

    open var numberOfSections: Int { presenter.counts(reading: readCounts).count }

    /// How many rows section `section` has (0 for a section that does not exist).
    open func numberOfRows(inSection section: Int) -> Int {
        presenter.count(inSection: section, reading: readCounts)
    }

    private func readCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = max(dataSource.numberOfSections(in: self), 0)
        return (0..<sections).map { max(dataSource.tableView(self, numberOfRowsInSection: $0), 0) }
    }

    // MARK: Geometry

    private func geometryChanged() {
        geometry = nil
        setNeedsLayout()
    }

    /// Where everything goes, worked out when out of date.
    private var currentGeometry: TableGeometry {
        if presenter.counts == nil {
            stage.recycleAll()
            presenter.counts = readCounts()
        }
        if let geometry, geometry.width == bounds.width { return geometry }
        let made = makeGeometry()
        geometry = made
        return made
    }

    private func makeGeometry() -> TableGeometry {
        let counts = presenter.counts(reading: readCounts)
        let delegate = delegate as? UITableViewDelegate
        func resolved(_ height: CGFloat, automatic: CGFloat) -> CGFloat {
            height == Self.automaticDimension ? automatic : max(height.isFinite ? height : 0, 0)
        }
        let rowDefault = estimatedRowHeight > 0 ? estimatedRowHeight : 44
        var result = TableGeometry(width: bounds.width)
        var y: CGFloat = 0
        if let header = tableHeaderView {
            result.tableHeader = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
            y = header.frame.height
        }
        for section in counts.indices {
            let title = dataSource?.tableView(self, titleForHeaderInSection: section)
            let headerHeight = resolved(delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight,
                                        automatic: title == nil ? 0 : 28)
            let header = CGRect(x: 0, y: y, width: bounds.width, height: headerHeight)
            y += headerHeight
            var rows: [CGRect] = []
            for row in 0..<counts[section] {
                let path = IndexPath(row: row, section: section)
                let height = resolved(delegate?.tableView(self, heightForRowAt: path) ?? rowHeight, automatic: rowDefault)
                rows.append(CGRect(x: 0, y: y, width: bounds.width, height: height))
                y += height
            }
            let footerTitle = dataSource?.tableView(self, titleForFooterInSection: section)
            let footerHeight = resolved(delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight,
                                        automatic: footerTitle == nil ? 0 : 28)
            result.sections.append(TableGeometry.Section(header: header, rows: rows,
                                                         footer: CGRect(x: 0, y: y, width: bounds.width, height: footerHeight)))
            y += footerHeight
        }
        if let footer = tableFooterView {
            result.tableFooter = CGRect(x: 0, y: y, width: bounds.width, height: footer.frame.height)
            y += footer.frame.height
        }
        result.height = y
        return result
    }

    /// The rectangle of the row at `indexPath` (`.zero` when there is none).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        let sections = currentGeometry.sections
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].rows.indices.contains(indexPath.row) else { return .zero }
        return sections[indexPath.section].rows[indexPath.row]
    }

    /// The rectangle of a whole section: header, rows and footer.
    open func rect(forSection section: Int) -> CGRect {
        let sections = currentGeometry.sections
        guard sections.indices.contains(section) else { return .zero }
        return sections[section].header.union(sections[section].footer)
    }

    open func rectForHeader(inSection section: Int) -> CGRect {
        currentGeometry.sections.indices.contains(section) ? currentGeometry.sections[section].header : .zero
    }

    open func rectForFooter(inSection section: Int) -> CGRect {
        currentGeometry.sections.indices.contains(section) ? currentGeometry.sections[section].footer : .zero
    }

    /// The row at `point` (in the table's coordinates).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        for (section, entry) in currentGeometry.sections.enumerated() {
            if let row = entry.rows.firstIndex(where: { $0.contains(point) }) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    // MARK: Visible rows

    open var visibleCells: [UITableViewCell] {
        stage.visible.filter(\.key.isCell).sorted { $0.key.indexPath < $1.key.indexPath }.compactMap { $0.value as? UITableViewCell }
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        stage.visible.keys.filter(\.isCell).map(\.indexPath).sorted()
    }

    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        stage.visible.first { $0.key.isCell && $0.value === cell }?.key.indexPath
    }

    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        stage.visible[.cell(indexPath)] as? UITableViewCell
    }

    /// The header view on screen for `section`, when it is a header-footer view.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        stage.visible[Self.headerKey(section)] as? UITableViewHeaderFooterView
    }

    /// The footer view on screen for `section`, when it is a header-footer view.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        stage.visible[Self.footerKey(section)] as? UITableViewHeaderFooterView
    }

    /// Scrolls so the row sits where `scrollPosition` says (the least distance that shows
    /// it, for `.none`), within the content.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let frame = rectForRow(at: indexPath)
        guard frame != .zero else { return UIDiagnostics.report("UITableView.scrollToRow: no row at \(indexPath)") }
        var offset = contentOffset
        switch scrollPosition {
        case .none: return scrollRectToVisible(frame, animated: animated)
        case .top: offset.y = frame.minY
        case .middle: offset.y = frame.midY - bounds.height / 2
        case .bottom: offset.y = frame.maxY - bounds.height
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Selection

    open var indexPathForSelectedRow: IndexPath? { selection.first }
    open var indexPathsForSelectedRows: [IndexPath]? { selection.isEmpty ? nil : selection }

    /// Selects the row (deselecting others unless multiple selection is allowed) and scrolls
    /// to it as `scrollPosition` says. The delegate is not told, as in UIKit.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { return selection.forEach { deselectRow(at: $0, animated: animated) } }
        if !allowsMultipleSelection {
            for other in selection where other != indexPath { deselectRow(at: other, animated: animated) }
        }
        if !selection.contains(indexPath) { selection.append(indexPath) }
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row. The delegate is not told, as in UIKit.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selection.removeAll { $0 == indexPath }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    private func tapped(at point: CGPoint) {
        guard allowsSelection, let tappedPath = indexPathForRow(at: point) else { return }
        let delegate = delegate as? UITableViewDelegate
        if allowsMultipleSelection, selection.contains(tappedPath) {
            deselectRow(at: tappedPath, animated: false)
            delegate?.tableView(self, didDeselectRowAt: tappedPath)
            return
        }
        guard let path = delegate?.tableView(self, willSelectRowAt: tappedPath) ?? (delegate == nil ? tappedPath : nil) else { return }
        let previous = allowsMultipleSelection ? [] : selection.filter { $0 != path }
        selectRow(at: path, animated: false, scrollPosition: .none)
        for old in previous { delegate?.tableView(self, didDeselectRowAt: old) }
        delegate?.tableView(self, didSelectRowAt: path)
    }

    // MARK: Updates

    /// Starts gathering changes to animate together at `endUpdates()`.
    open func beginUpdates() {
        if let open = gathering {
            gathering = (open.update, open.before, open.depth + 1)
            return
        }
        _ = currentGeometry
        gathering = (ListUpdate(), presenter.allAttributes(self), 1)
    }

    /// Animates the changes gathered since `beginUpdates()` (after the data source's data
    /// changed). An update whose counts do not add up is reported with UIKit's reason
    /// (UIKit raises an exception) and the table reloads instead.
    open func endUpdates() { finishUpdates(completion: nil) }

    /// Animates the insertions, deletions, reloads and moves `updates` makes as one change,
    /// then calls `completion`.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        finishUpdates(completion: completion)
    }

    private func finishUpdates(completion: ((Bool) -> Void)?) {
        guard let open = gathering else {
            return UIDiagnostics.report("UITableView.endUpdates() without beginUpdates(); ignored")
        }
        guard open.depth == 1 else {
            gathering = (open.update, open.before, open.depth - 1)
            return
        }
        gathering = nil
        let after = readCounts()
        switch open.update.mapping(before: presenter.counts ?? [], after: after) {
        case .failure(let error):
            UIDiagnostics.report("UITableView: invalid update: \(error.message); reloading instead")
            rowAnimations = [:]
            reloadData()
            if let completion { AnimationHost.shared.schedule(after: 0) { completion(true) } }
        case .success(let mapping):
            presenter.counts = after
            geometry = nil
            let geometry = currentGeometry
            contentSize = CGSize(width: bounds.width, height: geometry.height)
            if contentOffset != clamped(contentOffset) { contentOffset = clamped(contentOffset) }
            presenter.animate(mapping, from: open.before, in: self, duration: 0.3, alongside: { [self] in
                placeTableHeaderAndFooter(geometry)
            }, completion: { [weak self] finished in
                self?.rowAnimations = [:]
                completion?(finished)
            })
        }
    }

    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change(rows: indexPaths, animation) { $0.insertedItems.formUnion(indexPaths) }
    }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change(rows: indexPaths, animation) { $0.deletedItems.formUnion(indexPaths) }
    }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change(rows: indexPaths, animation) { $0.reloadedItems.formUnion(indexPaths) }
    }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        change(rows: [], .automatic) { $0.movedItems.append((indexPath, newIndexPath)) }
    }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        change(sections: sections, animation) { $0.insertedSections.formUnion(sections) }
    }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        change(sections: sections, animation) { $0.deletedSections.formUnion(sections) }
    }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        change(sections: sections, animation) { $0.reloadedSections.formUnion(sections) }
    }

    /// Records a change in the update being gathered (or in one of its own) and how its
    /// rows or sections move.
    private func change(rows: [IndexPath] = [], sections: IndexSet = [], _ animation: RowAnimation,
                        _ record: (inout ListUpdate) -> Void) {
        let own = gathering == nil
        if own { beginUpdates() }
        record(&gathering!.update)
        for path in rows { rowAnimations[.cell(path)] = animation }
        for section in sections { rowAnimations[ReuseStage.Key(kind: "section", indexPath: IndexPath(row: 0, section: section))] = animation }
        if own { finishUpdates(completion: nil) }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let geometry = currentGeometry
        contentSize = CGSize(width: bounds.width, height: geometry.height)
        backgroundView?.frame = bounds
        placeTableHeaderAndFooter(geometry)
        presenter.layOut(self)
        for case let (key, cell as UITableViewCell) in stage.visible where key.isCell { styleSeparator(of: cell) }
    }

    private func placeTableHeaderAndFooter(_ geometry: TableGeometry) {
        tableHeaderView?.frame = geometry.tableHeader
        tableFooterView?.frame = geometry.tableFooter
    }

    private func styleSeparator(of cell: UITableViewCell) {
        cell.separator.isHidden = separatorStyle == .none
        cell.separator.backgroundColor = separatorColor
        if cell.separatorInset != separatorInset { cell.separatorInset = separatorInset }
    }

    // MARK: Elements

    func elementAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, entry) in currentGeometry.sections.enumerated() {
            for (row, frame) in entry.rows.enumerated() where frame.intersects(rect) {
                result.append(attributes(.cell(IndexPath(row: row, section: section)), frame))
            }
            let footer = entry.footer
            if footer.height > 0, footer.intersects(rect) {
                result.append(attributes(Self.footerKey(section), footer))
            }
            let header = pinned(entry)
            if header.height > 0, header.intersects(rect) {
                result.append(attributes(Self.headerKey(section), header))
            }
        }
        return result
    }

    func elementAttributes(for key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        let sections = currentGeometry.sections
        guard sections.indices.contains(key.indexPath.section) else { return nil }
        let entry = sections[key.indexPath.section]
        switch key.kind {
        case "": return entry.rows.indices.contains(key.indexPath.row) ? attributes(key, entry.rows[key.indexPath.row]) : nil
        case Self.headerFooterKind: return attributes(key, key.indexPath.item == 0 ? pinned(entry) : entry.footer)
        default: return nil
        }
    }

    /// A section's header where it shows: pinned to the top of the bounds while its section
    /// passes under it, as a plain table's.
    private func pinned(_ entry: TableGeometry.Section) -> CGRect {
        var header = entry.header
        let top = contentOffset.y + adjustedContentInset.top
        header.origin.y = min(max(header.minY, top), max(entry.footer.minY - header.height, header.minY))
        return header
    }

    private func attributes(_ key: ReuseStage.Key, _ frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = key.isCell ? UICollectionViewLayoutAttributes(forCellWith: key.indexPath)
            : UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: key.kind, with: key.indexPath)
        attributes.frame = frame
        attributes.zIndex = key.isCell ? 0 : key.indexPath.item == 0 ? 2 : 1  // headers pin over the rows
        return attributes
    }

    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UIView) {
        view.bounds.size = attributes.frame.size
        view.center = CGPoint(x: attributes.frame.midX, y: attributes.frame.midY)
        view.alpha = attributes.alpha
        view.isHidden = attributes.isHidden
        view.layer.zPosition = CGFloat(attributes.zIndex)
    }

    func startOfAppearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        moved(elementAttributes(for: key), by: animation(for: key))
    }

    func endOfDisappearing(_ key: ReuseStage.Key) -> UICollectionViewLayoutAttributes? {
        moved(presenter.attributesBefore[key], by: animation(for: key))
    }

    private func animation(for key: ReuseStage.Key) -> RowAnimation {
        rowAnimations[key]
            ?? rowAnimations[ReuseStage.Key(kind: "section", indexPath: IndexPath(row: 0, section: key.indexPath.section))]
            ?? .automatic
    }

    /// Where a row coming or going with `animation` is out of sight: beside the table for
    /// `.left` and `.right`, where it is for `.none`, transparent otherwise.
    private func moved(_ attributes: UICollectionViewLayoutAttributes?, by animation: RowAnimation) -> UICollectionViewLayoutAttributes? {
        guard let copy = attributes?.copy() else { return nil }
        switch animation {
        case .none: break
        case .left: copy.frame.origin.x -= copy.frame.width
        case .right: copy.frame.origin.x += copy.frame.width
        default: copy.alpha = 0
        }
        return copy
    }

    func makeElementView(for key: ReuseStage.Key) -> UIView? {
        guard let dataSource else { return nil }
        let delegate = delegate as? UITableViewDelegate
        let view: UIView
        switch key.kind {
        case "":
            let cell = dataSource.tableView(self, cellForRowAt: key.indexPath)
            if !stage.takeDequeued(cell) { stage.withdraw(cell) }
            cell.setSelected(selection.contains(key.indexPath), animated: false)
            styleSeparator(of: cell)
            delegate?.tableView(self, willDisplay: cell, forRowAt: key.indexPath)
            view = cell
        case Self.headerFooterKind:
            let isHeader = key.indexPath.item == 0
            let section = key.indexPath.section
            if let custom = isHeader ? delegate?.tableView(self, viewForHeaderInSection: section)
                                     : delegate?.tableView(self, viewForFooterInSection: section) {
                _ = stage.takeDequeued(custom)
                view = custom
            } else {
                guard let title = isHeader ? dataSource.tableView(self, titleForHeaderInSection: section)
                                           : dataSource.tableView(self, titleForFooterInSection: section),
                      let titled = stage.dequeue(kind: key.kind, identifier: Self.titleIdentifier) as? UITableViewHeaderFooterView
                else { return nil }
                _ = stage.takeDequeued(titled)
                titled.adoptTitleStyle(header: isHeader)
                titled.textLabel?.text = title
                view = titled
            }
        default:
            return nil
        }
        if view.superview !== self { addSubview(view) }
        return view
    }

    func endDisplaying(_ view: UIView, for key: ReuseStage.Key) {
        if key.isCell, let cell = view as? UITableViewCell {
            (delegate as? UITableViewDelegate)?.tableView(self, didEndDisplaying: cell, forRowAt: key.indexPath)
        }
    }
}

/// Where a table's rows, section headers and footers and its own header and footer views go.
private struct TableGeometry {
    struct Section {
        var header: CGRect
        var rows: [CGRect]
        var footer: CGRect
    }

    /// The table width it was made for.
    let width: CGFloat
    var sections: [Section] = []
    var tableHeader: CGRect = .zero
    var tableFooter: CGRect = .zero
    var height: CGFloat = 0

    init(width: CGFloat) { self.width = width }
}
