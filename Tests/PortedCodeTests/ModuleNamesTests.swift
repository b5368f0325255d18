import FlipbookTestSupport
import Testing
import UIKit

// This suite's files are written as iOS files are: they import Apple's frameworks by name,
// which on Linux are Flipbook's modules.
#if canImport(UIKit)
private let uiKitIsThere = true
#else
private let uiKitIsThere = false
#endif

@MainActor
@Suite(.serialized) struct ModuleNamesTests {
    /// UIKit brings Core Graphics, Core Animation and Core Image along, as Apple's does.
    @Test func uiKitBringsItsFrameworks() {
        #expect(uiKitIsThere)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: view.bounds).cgPath
        view.layer.addSublayer(ring)
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: view.bounds)
        #expect(view.layer.sublayers?.count == 1)
        #expect(ring.path?.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(red.extent == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    /// `Timer.scheduledTimer` in a file importing UIKit is Flipbook's, which runs on the
    /// manual clock: the block runs in the first tick at or after its time.
    @Test func timersRunOnTheManualClock() {
        _ = makeWindow()
        let fired = Fired()
        Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { _ in MainActor.assumeIsolated { fired.times.append(CACurrentMediaTime()) } }
        tick(at: 0.2)
        #expect(fired.times.isEmpty)
        tick(at: 0.3)
        #expect(fired.times == [0.3])
    }
}

@MainActor
private final class Fired {
    var times: [CFTimeInterval] = []
}
