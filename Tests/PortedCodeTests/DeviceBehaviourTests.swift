import FlipbookTestSupport
import Testing
import UIKit

/// What real iOS code relied on and a device does, each as the code wrote it.
@MainActor
@Suite(.serialized) struct DeviceBehaviourTests {
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
}
