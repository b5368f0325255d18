@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

// Seed 002's custom navigation transition, as the article writes it (its "custom
// animation" placeholders filled: the destination fades in from half size on a push, and
// the source shrinks away on a pop).
class CustomAnimatedTransitioning: NSObject, UIViewControllerAnimatedTransitioning {
    let operation: UINavigationControllerOperation

    init(operation: UINavigationControllerOperation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        switch operation {
        case .push:
            guard let sourceView = transitionContext.view(forKey: .from),
                let destinationView = transitionContext.view(forKey: .to) else {
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                    return
            }
            let containerView = transitionContext.containerView
            containerView.addSubview(sourceView)
            containerView.insertSubview(destinationView, aboveSubview: sourceView)
            destinationView.alpha = 0
            destinationView.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            UIView.animate(
                withDuration: transitionDuration(using: transitionContext),
                animations: {
                    destinationView.alpha = 1
                    destinationView.transform = .identity
                },
                completion: { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            )
        case .pop:
            guard let sourceView = transitionContext.view(forKey: .to),
                let destinationView = transitionContext.view(forKey: .from) else {
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                    return
            }
            let containerView = transitionContext.containerView
            containerView.addSubview(destinationView)
            containerView.insertSubview(sourceView, aboveSubview: destinationView)
            sourceView.alpha = 0
            UIView.animate(
                withDuration: transitionDuration(using: transitionContext),
                animations: {
                    sourceView.alpha = 1
                },
                completion: { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            )
        case .none:
            break
        }
    }
}

class DestinationViewController: LoggingController {}

class NavigationController: UINavigationController {
    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    override init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)

        delegate = self
    }
}

extension NavigationController: UINavigationControllerDelegate {
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationControllerOperation, from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        if toVC is DestinationViewController || fromVC is DestinationViewController {
            return CustomAnimatedTransitioning(operation: operation)
        } else {
            return nil
        }
    }
}

@MainActor @Suite(.serialized)
struct NavigationControllerTests {
    let log = CallbackLog()

    private func frame(_ window: UIWindow, at time: Double) throws -> CGImage {
        try CARenderer(layer: window.layer, bounds: window.bounds, scale: 0.25).render(at: time)
    }

    @Test func theDefaultPushSlidesInFromTheRightAndPopReversesIt() throws {
        let first = LoggingController("A", log: log, color: .systemBlue)
        let navigation = UINavigationController(rootViewController: first)
        let window = makeWindow(root: navigation)
        #expect(log.take() == ["A.willMove(parent)", "A.didMove(parent)", "A.viewDidLoad", "A.willAppear", "A.didAppear"])
        let second = LoggingController("B", log: log, color: .systemOrange)
        navigation.pushViewController(second, animated: true)
        #expect(log.take() == ["B.willMove(parent)", "B.viewDidLoad", "A.willDisappear", "B.willAppear"])
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === second)
        AnimationHost.shared.tick()
        // Half way through (0.35 s, ease in-out): the new view half across, the old one
        // 15 % to the left, under the veil.
        tick(at: 0.175)
        #expect(abs(second.view.shown.position.x - (200 + 200)) < 1)
        #expect(abs(first.view.shown.position.x - (200 - 60)) < 1)
        #expect(Golden.compare(try frame(window, at: 0.175)) == nil)
        #expect(navigation.navigationBar.titleLabel.text == "B" && !navigation.navigationBar.backButton.isHidden)
        tick(at: 0.35)
        #expect(log.take() == ["A.didDisappear", "B.didAppear", "B.didMove(parent)"])
        #expect(first.view.superview == nil && second.view.frame == window.bounds)

        navigation.popViewController(animated: true)
        #expect(log.take() == ["B.willMove(nil)", "B.willDisappear", "A.willAppear"])
        AnimationHost.shared.tick()
        tick(at: 0.35 + 0.175)
        #expect(abs(second.view.shown.position.x - 400) < 1 && abs(first.view.shown.position.x - 140) < 1)
        tick(at: 0.7)
        #expect(log.take() == ["B.didDisappear", "A.didAppear", "B.didMove(nil)"])
        #expect(navigation.viewControllers == [first] && second.parent == nil && second.view.superview == nil)
        #expect(first.view.frame == window.bounds && navigation.navigationBar.backButton.isHidden)
    }

    /// The bar's title and back button cross-fade with a push over the slide's 0.35 s, as
    /// UIKit's do, instead of snapping to the new top's at its start.
    @Test func theBarCrossFadesWithAPush() throws {
        let navigation = UINavigationController(rootViewController: LoggingController("Alpha", log: log))
        let window = makeWindow(root: navigation)
        _ = log.take()
        func bar(_ image: CGImage) -> [UInt8] { Array(image.premultipliedBytes.prefix(image.width * 4 * 11)) }
        let before = bar(try frame(window, at: 0))
        navigation.pushViewController(LoggingController("Omega", log: log), animated: true)
        AnimationHost.shared.tick()
        let start = bar(try frame(window, at: 0))
        tick(at: 0.175)
        let middle = bar(try frame(window, at: 0.175))
        tick(at: 0.35)
        let after = bar(try frame(window, at: 0.35))
        #expect(start == before)
        // Where the two bars differ, half way the bar lies between them.
        let changed = (0..<before.count).filter { $0 % 4 != 3 && abs(Int(before[$0]) - Int(after[$0])) > 60 }
        let between = changed.filter { i in
            let (a, b, m) = (Int(before[i]), Int(after[i]), Int(middle[i]))
            return m > min(a, b) + 10 && m < max(a, b) - 10
        }
        #expect(changed.count > 20 && between.count * 2 > changed.count, "\(between.count) of \(changed.count)")
    }

    /// Seed 002: the delegate's animator for pushes and pops to or from the destination,
    /// nil (the default slide) for the others.
    @Test func seed002sCustomAnimatorRunsForItsDestinationOnly() throws {
        let root = LoggingController("Root", log: log, color: .systemGray)
        let navigation = NavigationController(rootViewController: root)
        let window = makeWindow(root: navigation)
        let destination = DestinationViewController("Destination", log: log, color: .systemGreen)
        navigation.pushViewController(destination, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.15)
        // The custom push: the destination half faded in, at three quarters of its size.
        #expect(abs(destination.view.shown.opacity - 0.5) < 0.2)
        #expect(destination.view.shown.position.x == 200 && root.view.shown.position.x == 200)
        #expect(Golden.compare(try frame(window, at: 0.15)) == nil)
        tick(at: 0.3)
        #expect(navigation.topViewController === destination && root.view.superview == nil)
        _ = log.take()

        // From the destination onwards: a plain controller gets the default slide.
        let plain = LoggingController("Plain", log: log, color: .systemPink)
        navigation.pushViewController(plain, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.3 + 0.175)
        // Pushed from the destination: the custom animator again (no slide).
        #expect(plain.view.shown.position.x == 200)
        tick(at: 0.7)
        let deeper = LoggingController("Deeper", log: log)
        navigation.pushViewController(deeper, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.7 + 0.175)
        #expect(abs(deeper.view.shown.position.x - 400) < 1)  // the default slide
        tick(at: 1.1)
        navigation.popToRootViewController(animated: true)
        AnimationHost.shared.tick()
        tick(at: 1.5)
        #expect(navigation.viewControllers == [root] && root.view.superview != nil)
        #expect(destination.parent == nil && plain.parent == nil && deeper.parent == nil)
    }

    /// Seed 004: a fade added to the navigation controller's layer, with an unanimated
    /// push, cross-fades the two screens.
    @Test func seed004sFadeOnTheNavigationLayer() throws {
        let first = LoggingController("First", log: log, color: .systemRed)
        let navigation = UINavigationController(rootViewController: first)
        navigation.isNavigationBarHidden = true
        let window = makeWindow(root: navigation)
        final class ViewController2: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                view.backgroundColor = .blue
            }
        }
        let vc2 = ViewController2()
        let transition = CATransition()
        transition.duration = 0.6
        transition.timingFunction = CAMediaTimingFunction(name: .easeIn)
        transition.type = .fade
        transition.subtype = .fromTop
        navigation.view.layer.add(transition, forKey: nil)
        navigation.pushViewController(vc2, animated: false)
        #expect(navigation.topViewController === vc2 && first.view.superview == nil)
        AnimationHost.shared.tick()
        let middle = try frame(window, at: 0.3).pixel(50, 100)
        // Ease-in at half time: about a third of the way from red to blue.
        #expect(middle[0] > 120 && middle[2] > 40 && middle[2] < 160, "\(middle)")
        let end = try frame(window, at: 0.6).pixel(50, 100)
        #expect(end[0] < 10 && end[2] > 240)
    }

    @Test func pushingTwiceAndPoppingTheRootAreRefused() {
        let root = LoggingController("Root", log: log)
        let navigation = UINavigationController(rootViewController: root)
        let window = makeWindow(root: navigation)
        defer { withExtendedLifetime(window) {} }
        let messages = collectingUIDiagnostics {
            navigation.pushViewController(root, animated: true)
            #expect(navigation.popViewController(animated: true) == nil)
            #expect(navigation.popToViewController(LoggingController("Stranger", log: log), animated: true) == nil)
        }
        #expect(messages.count == 2 && messages[0].contains("more than once"))
        #expect(navigation.viewControllers == [root] && root.view.superview != nil)
    }

    @Test func changesAskedForDuringATransitionWaitForIt() {
        let root = LoggingController("Root", log: log)
        let navigation = UINavigationController(rootViewController: root)
        let window = makeWindow(root: navigation)
        defer { withExtendedLifetime(window) {} }
        let second = LoggingController("Second", log: log), third = LoggingController("Third", log: log)
        navigation.pushViewController(second, animated: true)
        navigation.pushViewController(third, animated: false)
        #expect(navigation.viewControllers == [root, second])
        AnimationHost.shared.tick()
        tick(at: 0.35)
        #expect(navigation.viewControllers == [root, second, third] && third.view.superview != nil)
    }
}

/// A navigation delegate that hands pops to a percent-driven interaction while a pan
/// drives them, as apps write an interactive back swipe.
@MainActor
final class PanToPop: NSObject, UINavigationControllerDelegate {
    var interaction: UIPercentDrivenInteractiveTransition?

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }

    /// A pan recognizer on the navigation view in place of the system's edge swipe: its
    /// translation across the width is the pop's progress; past half way it finishes,
    /// otherwise it cancels.
    func install(on navigation: UINavigationController) {
        navigation.interactivePopGestureRecognizer?.isEnabled = false
        let pan = UIPanGestureRecognizer { [unowned self, unowned navigation] recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            let progress = pan.translation(in: navigation.view).x / navigation.view.bounds.width
            switch pan.state {
            case .began:
                self.interaction = UIPercentDrivenInteractiveTransition()
                navigation.popViewController(animated: true)
            case .changed:
                self.interaction?.update(progress)
            case .ended:
                if progress > 0.5 { self.interaction?.finish() } else { self.interaction?.cancel() }
                self.interaction = nil
            default:
                break
            }
        }
        navigation.view.addGestureRecognizer(pan)
    }
}

@MainActor @Suite(.serialized)
struct InteractivePopTests {
    let log = CallbackLog()

    private func setUp() -> (UIWindow, UINavigationController, LoggingController, LoggingController, PanToPop) {
        let (window, navigation, root, top) = makeStackOfTwo(log: log)
        let driver = PanToPop()
        navigation.delegate = driver
        driver.install(on: navigation)
        return (window, navigation, root, top, driver)
    }

    /// Drags from the left edge to `x`, checking the views half way, then lifts.
    private func drag(in window: UIWindow, to x: CGFloat, top: UIViewController) {
        let touch = window.beginTouch(at: CGPoint(x: 5, y: 400))
        tick(at: 0.1)
        window.moveTouch(touch, to: CGPoint(x: 105, y: 400))
        tick(at: 0.2)
        window.moveTouch(touch, to: CGPoint(x: x, y: 400))
        tick(at: 0.3)
        // The default pop follows the finger along its ease-in-out curve: past half way
        // the top view is ahead of the finger, before half way behind it.
        let progress = (x - 5) / 400, shown = (top.view.shown.position.x - 200) / 400
        #expect(progress > 0.5 ? shown > progress && shown < 1 : shown < progress && shown > 0, "\(shown) at \(progress)")
        window.endTouch(touch)
    }

    @Test func aPopDrivenPastHalfWayFinishes() {
        let (window, navigation, root, top, driver) = setUp()
        defer { withExtendedLifetime(driver) {} }
        drag(in: window, to: 305, top: top)
        #expect(log.take() == ["B.willMove(nil)", "B.willDisappear", "A.willAppear"])
        for step in 1...30 { tick(at: 0.3 + Double(step) / 60) }
        #expect(log.take() == ["B.didDisappear", "A.didAppear", "B.didMove(nil)"])
        #expect(navigation.viewControllers == [root] && top.parent == nil && top.view.superview == nil)
        #expect(root.view.frame == window.bounds && root.view.shown.position.x == 200)
    }

    @Test func aPopLetGoBeforeHalfWayIsCancelled() {
        let (window, navigation, root, top, driver) = setUp()
        defer { withExtendedLifetime(driver) {} }
        drag(in: window, to: 125, top: top)
        for step in 1...30 { tick(at: 0.3 + Double(step) / 60) }
        #expect(log.take() == ["B.willMove(nil)", "B.willDisappear", "A.willAppear",
                               "A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear", "B.didMove(parent)"])
        #expect(navigation.viewControllers == [root, top] && top.parent === navigation)
        #expect(root.view.superview == nil && top.view.frame == window.bounds && top.view.shown.position.x == 200)
        // The navigation controller carries on normally afterwards.
        navigation.popViewController(animated: false)
        #expect(navigation.viewControllers == [root] && root.view.superview != nil)
    }
}
