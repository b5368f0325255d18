import FlipbookTestSupport
import Testing
import UIKit

/// A settings-style list as iOS code writes one: titled sections, cells made the older way
/// when nothing is waiting for reuse, a registered custom cell, and a loading indicator in
/// the table's footer view.
final class SettingsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    var rows = [["Wi-Fi", "Bluetooth", "Cellular"], ["General", "Display", "Sounds", "Privacy"]]
    var selected: [IndexPath] = []
    let tableView = UITableView(frame: .zero, style: .plain)
    let spinner = UIActivityIndicatorView(style: .medium)

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(BadgeCell.self, forCellReuseIdentifier: "Badge")
        tableView.dataSource = self
        tableView.delegate = self
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 60))
        footer.addSubview(spinner)
        spinner.center = CGPoint(x: 160, y: 30)
        spinner.startAnimating()
        tableView.tableFooterView = footer
        view.addSubview(tableView)
    }

    func numberOfSections(in tableView: UITableView) -> Int { rows.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section].count }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Connections" : "Device"
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.section == 1 && indexPath.row == 0 {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Badge", for: indexPath) as! BadgeCell
            cell.textLabel?.text = rows[indexPath.section][indexPath.row]
            cell.badge.text = "3"
            return cell
        }
        var cell = tableView.dequeueReusableCell(withIdentifier: "Cell")
        if cell == nil {
            cell = UITableViewCell(style: .value1, reuseIdentifier: "Cell")
        }
        cell!.textLabel?.text = rows[indexPath.section][indexPath.row]
        cell!.detailTextLabel?.text = indexPath.section == 0 ? "On" : nil
        cell!.accessoryType = .disclosureIndicator
        return cell!
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
}

/// A registered cell subclass overriding the designated initializer, as iOS code does.
final class BadgeCell: UITableViewCell {
    let badge = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        badge.textColor = .white
        badge.backgroundColor = .systemRed
        badge.textAlignment = .center
        contentView.addSubview(badge)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        badge.frame = CGRect(x: contentView.bounds.width - 40, y: 10, width: 24, height: 24)
    }
}

@MainActor
@Suite(.serialized) struct TableViewTests {
    private func showSettings(height: CGFloat = 480) -> (UIWindow, SettingsViewController) {
        AnimationHost.shared.reset(time: 0)
        let settings = SettingsViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: height))
        window.rootViewController = settings
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return (window, settings)
    }

    /// Titled sections get 28-point headers, rows UIKit's 44 points, the footer view goes
    /// after the last section; cells come from the registered class or from the data source.
    @Test func rowsAndSectionsAreLaidOut() {
        let (_, settings) = showSettings()
        let table = settings.tableView
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 28, width: 320, height: 44))
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 116, width: 320, height: 44))
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 160, width: 320, height: 28))
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 1)) == CGRect(x: 0, y: 320, width: 320, height: 44))
        #expect(table.tableFooterView?.frame == CGRect(x: 0, y: 364, width: 320, height: 60))
        #expect(table.contentSize == CGSize(width: 320, height: 424))
        #expect(table.visibleCells.count == 7)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 1)) is BadgeCell)
        let wifi = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(wifi.frame == CGRect(x: 0, y: 28, width: 320, height: 44))
        #expect(wifi.detailTextLabel?.text == "On" && wifi.textLabel?.text == "Wi-Fi")
        #expect(table.headerView(forSection: 1)?.textLabel?.text == "Device")
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 200)) == IndexPath(row: 0, section: 1))

        table.rowHeight = 60
        table.layoutIfNeeded()
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 88, width: 320, height: 60))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.height == 60)
    }

    /// Scrolling recycles the rows that leave (the older `dequeueReusableCell(withIdentifier:)`
    /// finds them again), and a plain table's section header stays pinned at the top while its
    /// section passes under it, pushed up by the next section.
    @Test func scrollingReusesRowsAndPinsHeaders() {
        let (_, settings) = showSettings(height: 150)
        settings.rows = [(0..<20).map { "Row \($0)" }, (0..<20).map { "Item \($0)" }]
        let table = settings.tableView
        table.reloadData()
        table.layoutIfNeeded()
        let first = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.contentOffset = CGPoint(x: 0, y: 300)
        table.layoutIfNeeded()
        let later = Set(table.visibleCells.map(ObjectIdentifier.init))
        #expect(!first.isDisjoint(with: later))  // rows that left came back as new rows
        #expect(table.headerView(forSection: 0)?.frame.minY == 300)
        for cell in table.visibleCells {
            let path = table.indexPath(for: cell)!
            #expect(cell.textLabel?.text == settings.rows[path.section][path.row])
        }
        // Section 0 ends at 28 + 20 × 44 = 908: its header is pushed up by it.
        table.contentOffset = CGPoint(x: 0, y: 890)
        table.layoutIfNeeded()
        #expect(table.headerView(forSection: 0)?.frame.minY == 880)  // 908 − 28
    }

    /// Inserted rows fade in over 0.3 s while the rows below and the footer view slide down;
    /// rows deleted `.left` slide out to the left.
    @Test func rowUpdatesAnimate() {
        let (_, settings) = showSettings()
        let table = settings.tableView
        let cellular = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let footer = table.tableFooterView!
        settings.rows[0].insert("VPN", at: 1)
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
        let vpn = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        #expect(vpn.textLabel?.text == "VPN")
        AnimationHost.shared.tick()
        tick(at: 0.15)
        #expect(abs(vpn.shown.opacity - 0.5) < 0.01)
        #expect(abs(cellular.shown.position.y - (138 + 22)) < 0.5)  // from 138 to 182, half way
        #expect(abs(footer.shown.position.y - (394 + 22)) < 0.5)
        tick(at: 0.31)
        #expect(cellular.frame.minY == 160 && footer.frame.minY == 408)

        var done = false
        table.performBatchUpdates({
            settings.rows[0].remove(at: 0)
            table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .left)
        }, completion: { done = $0 })
        let wifi = table.subviews.compactMap { $0 as? UITableViewCell }.first { $0.textLabel?.text == "Wi-Fi" }!
        tick(at: 0.32)
        tick(at: 0.47)
        #expect(abs(wifi.shown.position.x - 0) < 0.5)  // centre 160 moving to −160
        tick(at: 0.63)
        #expect(done && wifi.superview == nil)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "VPN")
    }

    /// The standard styles place the image and labels as UIKit's: the image at the left
    /// margin, centred, the title after it; a subtitle under its title, the pair centred.
    @Test func standardCellsPlaceTheirImageAndLabels() {
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 29, height: 29)).image { context in
            UIColor.systemGreen.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 29, height: 29))
        }
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.imageView?.image = icon
        cell.textLabel?.text = "Messages"
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        #expect(cell.imageView?.frame == CGRect(x: 16, y: 7.5, width: 29, height: 29))
        #expect(cell.textLabel?.frame.minX == 61)
        #expect(cell.detailTextLabel == nil)
        // The chevron (8 points) and its 16-point margin come off the content view.
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 296, height: 44))

        let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        subtitle.frame = CGRect(x: 0, y: 0, width: 320, height: 60)
        subtitle.textLabel?.text = "Title"
        subtitle.detailTextLabel?.text = "Detail"
        subtitle.layoutIfNeeded()
        let title = subtitle.textLabel!.frame, detail = subtitle.detailTextLabel!.frame
        #expect(title.minX == 16 && detail.minX == 16)
        #expect(detail.minY == title.maxY)
        #expect(abs((title.minY - 0) - (60 - detail.maxY)) < 1e-9)
        #expect(subtitle.detailTextLabel?.font.pointSize == 12)
    }

    /// A tap selects the row under it: the delegate hears of it and the cell shows it.
    @Test func tapsSelectRows() {
        let (window, settings) = showSettings()
        window.sendTap(at: CGPoint(x: 100, y: 100))
        #expect(settings.selected == [IndexPath(row: 1, section: 0)])
        #expect(settings.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(settings.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        settings.tableView.deselectRow(at: IndexPath(row: 1, section: 0), animated: true)
        #expect(settings.tableView.indexPathForSelectedRow == nil)
    }

    /// The list as it looks: section titles, rows with details, chevrons and separators, the
    /// badge cell, and the spinning loading footer.
    @Test func theTableLooksRight() throws {
        let (window, _) = showSettings()
        AnimationHost.shared.advance(by: 0.25)
        let image = try CARenderer(layer: window.layer, bounds: window.bounds, scale: 1).render(at: 0.25)
        #expect(Golden.compare(image) == nil)
    }
}

/// A list whose section headers are a registered header-footer view class, dequeued in
/// the delegate as iOS code does.
final class HeaderedListController: UITableViewController {
    var made: Set<ObjectIdentifier> = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "Header")
        tableView.sectionHeaderHeight = 30
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 40 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

    override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "Header")
        header?.textLabel?.text = "Section \(section)"
        if let header { made.insert(ObjectIdentifier(header)) }
        return header
    }
}

/// A table view controller subclass as iOS code writes one: overrides of the data source
/// and delegate methods it inherits.
final class FruitListController: UITableViewController {
    let fruits = ["Apple", "Banana", "Cherry"]
    var tapped: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Fruit")
        tableView.rowHeight = 50
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruits.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Fruit", for: indexPath)
        cell.textLabel?.text = fruits[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tapped = fruits[indexPath.row]
    }
}

@MainActor
@Suite(.serialized) struct TableViewControllerTests {
    /// The controller's table feeds from its overrides, and the selection is cleared when
    /// the view appears again.
    @Test func subclassesOverrideTheDataSourceAndDelegate() {
        AnimationHost.shared.reset(time: 0)
        let list = FruitListController(style: .plain)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        window.rootViewController = list
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        #expect(list.tableView.visibleCells.map { $0.textLabel?.text } == ["Apple", "Banana", "Cherry"])
        #expect(list.tableView.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 100, width: 320, height: 50))
        window.sendTap(at: CGPoint(x: 100, y: 75))
        #expect(list.tapped == "Banana")
        #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        list.viewWillAppear(false)
        #expect(list.tableView.indexPathForSelectedRow == nil)
    }

    /// Header views of a registered class that scroll away are handed out again by
    /// `dequeueReusableHeaderFooterView`: scrolling the whole list makes no more of them than
    /// show at once (they went to a queue nothing drew from, and new ones were made).
    @Test func registeredHeadersAreReused() {
        AnimationHost.shared.reset(time: 0)
        let list = HeaderedListController(style: .plain)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        window.rootViewController = list
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        let table = list.tableView!
        for step in 1...20 {
            table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 200)
            table.layoutIfNeeded()
        }
        // 400 points show at most three 162-point sections, plus the pinned header.
        #expect(list.made.count <= 5, "\(list.made.count) header views made")
        #expect(table.headerView(forSection: 26)?.textLabel?.text == "Section 26")
    }
}
