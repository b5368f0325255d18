import FlipbookTestSupport
import Testing
import UIKit

/// What real iOS code relied on and a device does, each as the code wrote it.
@MainActor
@Suite(.serialized) struct DeviceBehaviourTests {
    /// A fresh host at time 0 and a shown window with `root`, as an app's scene starts.
    private func show(_ root: UIViewController) -> UIWindow {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }

    /// A progress ring's full circle: 0 to 2π either way round is the whole circle on iOS,
    /// through `UIBezierPath` and through `CGMutablePath`.
    @Test func wholeTurnArcsAreCircles() {
        for clockwise in [false, true] {
            let path = UIBezierPath()
            path.addArc(withCenter: CGPoint(x: 100, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            #expect(path.bounds.integral == CGRect(x: 90, y: 40, width: 20, height: 20), "clockwise: \(clockwise)")
            let ring = UIBezierPath(arcCenter: CGPoint(x: 100, y: 50), radius: 10, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: clockwise)
            #expect(ring.bounds.integral == CGRect(x: 90, y: 40, width: 20, height: 20), "clockwise: \(clockwise)")
            let cg = CGMutablePath()
            cg.addArc(center: CGPoint(x: 100, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            #expect(cg.boundingBoxOfPath.integral == CGRect(x: 90, y: 40, width: 20, height: 20), "clockwise: \(clockwise)")
        }
    }

    /// A controller's constrained view is laid out before `viewDidAppear`: code there reads
    /// its subviews' frames (a real library picked points away from them in a loop that
    /// never ended while they were `.zero`).
    @Test func viewsAreLaidOutBeforeTheyAppear() {
        let probe = AppearanceProbe()
        let window = show(probe)
        AnimationHost.shared.tick()
        #expect(probe.events == ["viewDidLoad", "viewWillAppear", "viewDidLayoutSubviews", "viewDidAppear"])
        #expect(probe.frameAtAppear == CGRect(x: 20, y: 30, width: 100, height: 50))
        // Pushed without animation, it appears in the same turn, laid out.
        let navigation = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = navigation
        AnimationHost.shared.tick()
        let pushed = AppearanceProbe()
        navigation.pushViewController(pushed, animated: false)
        #expect(pushed.events.last == "viewDidAppear")
        #expect(pushed.frameAtAppear?.size == CGSize(width: 100, height: 50) && pushed.frameAtAppear?.minX == 20)
    }

    /// The safe area and the margins follow the view's bounds without any constraint.
    @Test func systemGuidesFollowTheBounds() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 300, height: 200))
        #expect(view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 284, height: 184))
        view.layoutMargins = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        view.bounds.size = CGSize(width: 100, height: 50)
        #expect(view.layoutMarginsGuide.layoutFrame == CGRect(x: 2, y: 1, width: 94, height: 46))
    }

    /// Layout runs again only when something invalidates it: a `viewDidLayoutSubviews` that
    /// rebuilds its subviews (as a real skeleton library does) runs once, not every frame.
    @Test func layoutThatRebuildsItsSubviewsRunsOnce() {
        let rebuilder = Rebuilder()
        _ = show(rebuilder)
        for frame in 1...10 { tick(at: Double(frame) / 60) }
        #expect(rebuilder.layouts == 1)
        rebuilder.view.setNeedsLayout()
        for frame in 11...20 { tick(at: Double(frame) / 60) }
        #expect(rebuilder.layouts == 2)
        #expect(rebuilder.view.subviews.count == 3)
    }

    /// A keyframe of no length at the start, added after the others, sets the value at the
    /// start: the fade runs 0.2 → 1 → 0 with no flash back to 0.2 halfway.
    @Test func aZeroLengthKeyframeAtTheStartSetsTheStart() {
        let window = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        AnimationHost.shared.tick()
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeLinear]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 1 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0 }
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0) { view.alpha = 0.2 }
        }
        AnimationHost.shared.tick()
        var shown: [Double] = []
        for time in [0.001, 0.25, 0.499, 0.501, 0.75] {
            tick(at: time)
            shown.append(Double(view.shown.opacity))
        }
        #expect(shown[0] < 0.25)  // 0.2 at the start, not the old 1
        #expect(shown[1] > 0.3 && shown[1] < 0.95)
        #expect(shown[2] > 0.95 && shown[3] > 0.95)  // no flash to 0.2 halfway
        #expect(shown[4] > 0.05 && shown[4] < 0.95)
    }

    /// A gradient layer's corner radius rounds its gradient as it rounds a background,
    /// without `masksToBounds`, as on iOS.
    @Test func gradientsHaveRoundedCorners() throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        gradient.cornerRadius = 20
        let image = try CARenderer(layer: gradient, bounds: gradient.frame).render(at: 0)
        let pixels = image.premultipliedBytes
        func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[4 * (y * image.width + x) + 3] }
        #expect(alpha(1, 1) == 0 && alpha(98, 58) == 0)  // outside the rounded corners
        #expect(alpha(50, 30) == 255 && alpha(1, 30) == 255 && alpha(50, 1) == 255)
    }

    /// Work sent to the main queue by any of GCD's and Foundation's ways joins the host's
    /// ticks, as a run loop turn would run it (a real library's completion, sent with
    /// `DispatchGroup.notify(queue: .main)`, never arrived headless).
    @Test func mainQueueWorkRunsInTheNextTick() async {
        _ = makeWindow()
        let log = WorkLog()
        DispatchQueue.main.async(execute: DispatchWorkItem { MainActor.assumeIsolated { log.entries.append("work item") } })
        let group = DispatchGroup()
        group.enter()
        group.notify(queue: .main) { MainActor.assumeIsolated { log.entries.append("group") } }
        OperationQueue.main.addOperation { MainActor.assumeIsolated { log.entries.append("operation") } }
        RunLoop.main.perform { MainActor.assumeIsolated { log.entries.append("perform") } }
        #expect(log.entries.isEmpty)
        AnimationHost.shared.tick()
        #expect(log.entries == ["work item", "operation", "perform"])
        DispatchQueue.global().async { group.leave() }
        // The group finishes on another thread; its work comes in the tick after that.
        for frame in 1...200 where !log.entries.contains("group") {
            try? await Task.sleep(nanoseconds: 1_000_000)
            tick(at: Double(frame) / 60)
        }
        #expect(log.entries == ["work item", "operation", "perform", "group"])
    }

    /// A deadline written `.now() + delay` counts media time from `.now()`: real time the
    /// code spends before the call (here 40 ms of it, as under load) does not make the work
    /// run a tick early.
    @Test func deadlinesReadTheManualClock() {
        _ = makeWindow()
        let log = WorkLog()
        DispatchQueue.main.asyncAfter(deadline: .now() + afterSleeping(0.05)) {
            MainActor.assumeIsolated { log.entries.append("50 ms at \(CACurrentMediaTime())") }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(afterSleeping(30))) {
            MainActor.assumeIsolated { log.entries.append("30 ms at \(CACurrentMediaTime())") }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + .never) {
            MainActor.assumeIsolated { log.entries.append("never") }
        }
        for time in [0.01, 0.02, 0.029, 0.03, 0.049, 0.05, 1] {
            tick(at: time)
        }
        #expect(log.entries == ["30 ms at 0.03", "50 ms at 0.05"])
    }
}

/// `value`, after sleeping 40 ms of real time.
private func afterSleeping<Value>(_ value: Value) -> Value {
    usleep(40_000)
    return value
}

@MainActor
private final class WorkLog {
    var entries: [String] = []
}

private final class Rebuilder: UIViewController {
    var layouts = 0

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layouts += 1
        view.subviews.forEach { $0.removeFromSuperview() }
        for row in 0..<3 { view.addSubview(UIView(frame: CGRect(x: 16, y: 16 + 40 * CGFloat(row), width: view.bounds.width - 32, height: 24))) }
    }
}

private final class AppearanceProbe: UIViewController {
    let child = UIView()
    var frameAtAppear: CGRect?
    var events: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        events.append("viewDidLoad")
        child.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            child.topAnchor.constraint(equalTo: view.topAnchor, constant: 30),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        events.append("viewWillAppear")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if events.last != "viewDidLayoutSubviews" { events.append("viewDidLayoutSubviews") }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        events.append("viewDidAppear")
        frameAtAppear = child.frame
    }
}
