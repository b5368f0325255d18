import FlipbookTestSupport
import Testing
import UIKit

/// A cell as iOS code writes one: an `init(frame:)` override that builds the content, the
/// archive initializer every UIView subclass needs, and a reset for reuse.
final class ColorCell: UICollectionViewCell {
    let label = UILabel()
    private(set) var resets = 0
    nonisolated(unsafe) static var made = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        ColorCell.made += 1
        contentView.backgroundColor = .systemTeal
        label.textAlignment = .center
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        resets += 1
        label.text = nil
    }
}

/// Seed 002's footer: a loading indicator at the end of the list.
final class FooterIndicatorView: UICollectionReusableView {
    let indicator = UIActivityIndicatorView(style: .medium)

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(indicator)
        indicator.startAnimating()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        indicator.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

/// Seed 002's list: a collection view with a loading footer at the end of its last section.
final class SampleListViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts = [7, 2]
    var sizes: [IndexPath: CGSize] = [:]
    var selected: [IndexPath] = []
    var keepsFooter = false
    var footerIndicatorView: UICollectionReusableView!
    let layout = UICollectionViewFlowLayout()
    lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

    override func viewDidLoad() {
        super.viewDidLoad()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        collectionView.frame = view.bounds
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(ColorCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.register(FooterIndicatorView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                withReuseIdentifier: "FooterIndicatorView")
        collectionView.dataSource = self
        collectionView.delegate = self
        view.addSubview(collectionView)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath) as! ColorCell
        cell.label.text = "\(indexPath.section)-\(indexPath.item)"
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        guard kind == UICollectionView.elementKindSectionFooter else { return UICollectionReusableView() }
        if footerIndicatorView == nil || !keepsFooter {
            footerIndicatorView = collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "FooterIndicatorView", for: indexPath)
        }
        return footerIndicatorView
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? layout.itemSize
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize {
        section == counts.count - 1 ? CGSize(width: collectionView.bounds.width, height: 50) : .zero
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
}

@MainActor
@Suite(.serialized) struct CollectionViewTests {
    /// The list in a window 330 points wide, laid out.
    private func showList(height: CGFloat = 600, _ configure: (SampleListViewController) -> Void = { _ in }) -> (UIWindow, SampleListViewController) {
        AnimationHost.shared.reset(time: 0)
        let list = SampleListViewController()
        configure(list)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 330, height: height))
        window.rootViewController = list
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return (window, list)
    }

    private func frame(_ list: SampleListViewController, _ item: Int, _ section: Int = 0) -> CGRect? {
        list.collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// UIKit's flow layout placement (as PSTCollectionView, written to match it, documents):
    /// full lines justified, the last line of equal items on the full lines' grid, a lone
    /// item centred, the last line of unequal items packed, short items centred in their
    /// line, headers and footers across the whole width, empty sections without insets.
    @Test func flowLayoutPlacesItemsAsUIKit() {
        let (_, list) = showList()
        // 330 wide: three 100-point items fit; the 10 points left widen both gaps to 15.
        let expected: [(Int, Int, CGRect)] = [
            (0, 0, CGRect(x: 0, y: 10, width: 100, height: 100)),
            (1, 0, CGRect(x: 115, y: 10, width: 100, height: 100)),
            (2, 0, CGRect(x: 230, y: 10, width: 100, height: 100)),
            (3, 0, CGRect(x: 0, y: 120, width: 100, height: 100)),
            (6, 0, CGRect(x: 0, y: 230, width: 100, height: 100)),   // last line: on the grid
            (0, 1, CGRect(x: 0, y: 350, width: 100, height: 100)),   // section 1 after 10 + 10 of insets
            (1, 1, CGRect(x: 115, y: 350, width: 100, height: 100)),
        ]
        for (item, section, rect) in expected {
            #expect(frame(list, item, section) == rect, "item \(item) of section \(section)")
        }
        let footer = list.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))
        #expect(footer?.frame == CGRect(x: 0, y: 460, width: 330, height: 50))
        #expect(list.collectionView.contentSize == CGSize(width: 330, height: 510))

        // Unequal sizes: a wide item alone on its line is centred, the last line packed,
        // and a short item centred in the height of its line.
        list.sizes = [IndexPath(item: 0, section: 0): CGSize(width: 250, height: 100),
                      IndexPath(item: 1, section: 0): CGSize(width: 100, height: 60),
                      IndexPath(item: 2, section: 0): CGSize(width: 100, height: 100)]
        list.counts = [5, 0]
        list.collectionView.reloadData()
        list.collectionView.layoutIfNeeded()
        #expect(frame(list, 0) == CGRect(x: 40, y: 10, width: 250, height: 100))
        #expect(frame(list, 1) == CGRect(x: 0, y: 140, width: 100, height: 60))
        #expect(frame(list, 2) == CGRect(x: 115, y: 120, width: 100, height: 100))
        #expect(frame(list, 4) == CGRect(x: 0, y: 230, width: 100, height: 100))
        let emptyFooter = list.collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))
        #expect(emptyFooter?.frame == CGRect(x: 0, y: 340, width: 330, height: 50))
    }

    /// Seed 002's case: the loading footer lies right under the last section's last line,
    /// not at the top over the cells — and a footer the data source keeps instead of
    /// dequeuing each time is reported, as UIKit refuses it, but still placed there.
    @Test func theFooterLiesAtTheEndOfTheLastSection() {
        let (_, list) = showList()
        let footer = list.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionFooter)
        #expect(footer.count == 1)
        #expect(footer.first is FooterIndicatorView)
        #expect(footer.first?.frame == CGRect(x: 0, y: 460, width: 330, height: 50))
        #expect((footer.first as? FooterIndicatorView)?.indicator.isAnimating == true)

        let messages = heardDiagnostics {
            list.keepsFooter = true
            list.collectionView.reloadData()
            list.collectionView.layoutIfNeeded()
        }
        #expect(messages.contains { $0.contains("was not dequeued") })
        #expect(list.collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionFooter).first?.frame.minY == 460)
    }

    /// Views are made for what is in view, recycled as it scrolls away and handed out again
    /// reset; `visibleCells` and `indexPath(for:)` follow.
    @Test func cellsAreReusedAsTheListScrolls() {
        ColorCell.made = 0
        let (_, list) = showList(height: 400) { $0.counts = [60] }
        let collection = list.collectionView
        // 400 points tall: lines at 10, 120, 230, 340 show → 12 cells.
        #expect(collection.indexPathsForVisibleItems.count == 12)
        #expect(ColorCell.made == 12)
        collection.contentOffset = CGPoint(x: 0, y: 335)  // lines 3…6 now
        collection.layoutIfNeeded()
        #expect(collection.indexPathsForVisibleItems.first == IndexPath(item: 9, section: 0))
        #expect(collection.indexPathsForVisibleItems.count == 12)
        #expect(ColorCell.made == 12)  // the six that left were handed out again
        let reused = collection.visibleCells.compactMap { $0 as? ColorCell }.filter { $0.resets > 0 }
        #expect(!reused.isEmpty)
        for cell in collection.visibleCells {
            let path = collection.indexPath(for: cell)!
            #expect((cell as! ColorCell).label.text == "0-\(path.item)")
            #expect(cell.frame == collection.layoutAttributesForItem(at: path)?.frame)
        }
    }

    /// An inserted item fades in over 0.3 s while the items after it and the footer slide
    /// to their new places; the completion runs when it is done.
    @Test func batchInsertsAnimate() {
        let (_, list) = showList()
        let collection = list.collectionView
        let movingCell = collection.cellForItem(at: IndexPath(item: 2, section: 0))!
        var finished: Bool?
        collection.performBatchUpdates({
            list.counts[0] += 1
            collection.insertItems(at: [IndexPath(item: 1, section: 0)])
        }, completion: { finished = $0 })
        let inserted = collection.cellForItem(at: IndexPath(item: 1, section: 0))!
        #expect((inserted as! ColorCell).label.text == "0-1")
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0)) === movingCell)
        AnimationHost.shared.tick()
        tick(at: 0.15)
        #expect(abs(inserted.shown.opacity - 0.5) < 0.01)
        // Item 2 → 3: from (230, 10) to (0, 120); half way in ease-in-out.
        #expect(abs(movingCell.shown.position.x - 165) < 1 && abs(movingCell.shown.position.y - 115) < 1)
        #expect(finished == nil)
        tick(at: 0.31)
        #expect(finished == true)
        #expect(inserted.shown.opacity == 1)
        #expect(movingCell.frame == CGRect(x: 0, y: 120, width: 100, height: 100))
        let footer = collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionFooter).first
        #expect(footer?.frame.minY == 460)  // 8 items still make three lines
    }

    /// A deleted item fades out where it was and is recycled; an update whose counts do not
    /// add up is reported with UIKit's reason and reloads instead.
    @Test func batchDeletesAnimateAndBadUpdatesReload() {
        let (_, list) = showList()
        let collection = list.collectionView
        let doomed = collection.cellForItem(at: IndexPath(item: 0, section: 0))!
        list.counts[0] -= 1
        collection.deleteItems(at: [IndexPath(item: 0, section: 0)])
        AnimationHost.shared.tick()
        tick(at: 0.15)
        #expect(abs(doomed.shown.opacity - 0.5) < 0.01)
        #expect(doomed.frame.origin == .zero || doomed.frame.origin == CGPoint(x: 0, y: 10))
        tick(at: 0.31)
        #expect(doomed.superview == nil)
        #expect(collection.numberOfItems(inSection: 0) == 6)

        let messages = heardDiagnostics {
            collection.performBatchUpdates({
                list.counts[0] += 2
                collection.insertItems(at: [IndexPath(item: 0, section: 0)])
            })
        }
        #expect(messages.contains { $0.contains("invalid number of items in section 0") })
        collection.layoutIfNeeded()
        #expect(collection.numberOfItems(inSection: 0) == 8)
        #expect(collection.indexPathsForVisibleItems.filter { $0.section == 0 }.count == 8)
    }

    /// A drag scrolls the list with the finger and flings it on, slowing as UIKit's
    /// default deceleration rate does, to rest within the content; a tap selects an item.
    @Test func dragsScrollAndTapsSelect() {
        let (window, list) = showList(height: 400) { $0.counts = [60] }
        let collection = list.collectionView
        var scrolls = 0
        let observer = ScrollObserver { scrolls += 1 }
        collection.delegate = observer
        // 10 moves of 20 points over 0.25 s; the pan begins at the first (10-point slop)
        // and the content follows the remaining 180 points.
        window.sendDrag(from: CGPoint(x: 160, y: 380), to: CGPoint(x: 160, y: 180))
        #expect(collection.contentOffset.y == 180)
        #expect(collection.isDecelerating)
        // 800 points a second, slowing by 0.998 a millisecond, goes 800 / (−1000 ln 0.998)
        // ≈ 399.6 points further.
        AnimationHost.shared.run(for: 6)
        #expect(abs(collection.contentOffset.y - (180 + 800 / (-1000 * log(0.998)))) < 0.5)
        #expect(!collection.isDecelerating)
        #expect(scrolls > 100)
        // Fling past the end: it rests at the end.
        window.sendDrag(from: CGPoint(x: 160, y: 390), to: CGPoint(x: 160, y: 10), duration: 0.05)
        AnimationHost.shared.run(for: 6)
        #expect(collection.contentOffset.y == collection.contentSize.height - 400)

        collection.delegate = list
        collection.setContentOffset(.zero, animated: false)
        collection.layoutIfNeeded()
        window.sendTap(at: CGPoint(x: 165, y: 60))
        #expect(list.selected == [IndexPath(item: 1, section: 0)])
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        _ = observer
    }

    /// The list as seed 002 shows it: three lines of cells, the second section, and the
    /// spinning loading footer under it.
    @Test func theListLooksRight() throws {
        let (window, _) = showList()
        AnimationHost.shared.advance(by: 0.25)
        let image = try CARenderer(layer: window.layer, bounds: window.bounds, scale: 1).render(at: 0.25)
        #expect(Golden.compare(image) == nil)
    }
}

/// Counts `scrollViewDidScroll` calls.
final class ScrollObserver: UICollectionViewDelegate {
    let onScroll: () -> Void
    init(onScroll: @escaping () -> Void) { self.onScroll = onScroll }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { onScroll() }
}

/// A collection view controller subclass as iOS code writes one, its flow-layout sizes
/// overridden.
final class PaletteController: UICollectionViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(ColorCell.self, forCellWithReuseIdentifier: "Cell")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 5 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }

    override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                 sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: 60 + 10 * indexPath.item, height: 40)
    }
}

@MainActor
@Suite(.serialized) struct CollectionViewControllerTests {
    /// The controller's collection view feeds from its overrides, the flow layout's sizes
    /// included: items of growing widths, packed on the last line.
    @Test func subclassesOverrideTheDataSourceAndLayoutSizes() {
        AnimationHost.shared.reset(time: 0)
        let palette = PaletteController(collectionViewLayout: UICollectionViewFlowLayout())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        window.rootViewController = palette
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        let frames = (0..<5).map { palette.collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        // 60 + 70 + 80 + 2 × 10 = 230 ≤ 300, and 90 more does not fit: the line holds three,
        // its 70 points left shared by the two gaps (10 + 35 each); the last line packs the
        // two unequal items with the minimum 10 points between them.
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(frames[1] == CGRect(x: 105, y: 0, width: 70, height: 40))
        #expect(frames[2] == CGRect(x: 220, y: 0, width: 80, height: 40))
        #expect(frames[3] == CGRect(x: 0, y: 50, width: 90, height: 40))
        #expect(frames[4] == CGRect(x: 100, y: 50, width: 100, height: 40))
        #expect(palette.collectionView.visibleCells.count == 5)
    }
}
