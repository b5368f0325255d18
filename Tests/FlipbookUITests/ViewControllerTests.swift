@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Every callback a controller hears, in order, shared by the controllers of a test.
@MainActor
final class CallbackLog {
    var entries: [String] = []
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that writes its callbacks to a log, named so the log reads well.
@MainActor
class LoggingController: UIViewController {
    let name: String
    let log: CallbackLog
    var loads = 0

    init(_ name: String, log: CallbackLog, color: UIColor = .systemBlue) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
        self.color = color
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    var color: UIColor = .systemBlue

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
        view.backgroundColor = color
        log.entries.append("\(name).viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).didDisappear") }
    override func willMove(toParent parent: UIViewController?) { log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))") }
    override func didMove(toParent parent: UIViewController?) { log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))") }
}

/// A window of 400 × 800 points whose root is `root`, shown and ticked once (so the
/// root's appearance has ended).
@MainActor
func makeWindow(root: UIViewController) -> UIWindow {
    let window = makeWindow()
    window.rootViewController = root
    AnimationHost.shared.tick()
    return window
}

/// A shown navigation stack: "B" (orange) pushed without animation over "A" (blue), and
/// committed; the log's entries so far are cleared.
@MainActor
func makeStackOfTwo(log: CallbackLog) -> (window: UIWindow, navigation: UINavigationController,
                                          root: LoggingController, top: LoggingController) {
    let root = LoggingController("A", log: log, color: .systemBlue)
    let navigation = UINavigationController(rootViewController: root)
    let window = makeWindow(root: navigation)
    let top = LoggingController("B", log: log, color: .systemOrange)
    navigation.pushViewController(top, animated: false)
    AnimationHost.shared.tick()
    _ = log.take()
    return (window, navigation, root, top)
}

@MainActor @Suite(.serialized)
struct ViewControllerTests {
    @Test func theViewLoadsOnceWhenFirstAskedFor() {
        let log = CallbackLog()
        let controller = LoggingController("A", log: log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        let view = controller.view!
        #expect(controller.isViewLoaded && controller.loads == 1 && view === controller.view)
        #expect(view.frame == UIScreen.main.bounds && view.next === controller)
        controller.loadViewIfNeeded()
        #expect(controller.loads == 1 && log.take() == ["A.viewDidLoad"])

        final class Custom: UIViewController {
            override func loadView() { view = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        }
        #expect(Custom().view is UILabel)
        final class Forgetful: UIViewController {
            override func loadView() {}
        }
        let messages = collectingUIDiagnostics { #expect(Forgetful().view != nil) }
        #expect(messages.count == 1 && messages[0].contains("made no view"))
    }

    @Test func aWindowsRootAppearsAndLaysOut() {
        let log = CallbackLog()
        final class Layout: LoggingController {
            override func viewWillLayoutSubviews() { log.entries.append("\(name).willLayout") }
            override func viewDidLayoutSubviews() { log.entries.append("\(name).didLayout") }
        }
        let root = Layout("A", log: log)
        let window = makeWindow()
        window.rootViewController = root
        #expect(log.take() == ["A.viewDidLoad", "A.willAppear"])
        AnimationHost.shared.tick()
        #expect(log.take() == ["A.willLayout", "A.didLayout", "A.didAppear"])  // laid out before it appears, as on iOS
        #expect(root.view.superview === window && root.view.frame == window.bounds)
        window.rootViewController = LoggingController("B", log: log)
        #expect(log.take() == ["A.willDisappear", "A.didDisappear", "B.viewDidLoad", "B.willAppear"])
        #expect(root.view.superview == nil)
    }

    @Test func childrenMoveInAndHearTheirParentsAppearance() {
        let log = CallbackLog()
        let parent = LoggingController("P", log: log), child = LoggingController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children.count == 1 && child.parent === parent)
        _ = makeWindow(root: parent)
        #expect(log.take() == ["C.willMove(parent)", "P.viewDidLoad", "C.viewDidLoad", "C.didMove(parent)",
                               "P.willAppear", "C.willAppear", "P.didAppear", "C.didAppear"])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
        #expect(log.take() == ["C.willMove(nil)", "C.didMove(nil)"])
    }
}
