@testable import FlipbookGraphics
import Foundation
import Testing

/// How many segments `CGPath.flatten` cuts a curve into.
struct CurveFlatteningTests {
    /// A curve whose control points each lie on an end — how Lottie draws a straight side,
    /// with zero tangents — is a convex mix of its ends that moves one way only (for
    /// c1 = p0, c2 = p1 the share of p1 is 3t² − 2t³), so its chord is exact: one segment.
    /// Wang's bound measures how unevenly a curve is parametrised, not how it bends, and
    /// asks √(0.75 · 300 / (1/16)) = 60 segments of such a side 300 px long.
    @Test func aCurveAlongItsChordIsOneSegment() {
        let p0 = CGPoint(x: 10, y: 10), p1 = CGPoint(x: 310, y: 10)
        for (c1, c2) in [(p0, p1), (p1, p0), (p0, p0), (p1, p1)] {
            #expect(CGPath.segmentCount(p0, c1, c2, p1, tolerance: flatteningTolerance) == 1, "controls \(c1), \(c2)")
        }
        for c in [p0, p1] {
            #expect(CGPath.segmentCount(p0, c, p1, tolerance: flatteningTolerance) == 1, "control \(c)")
        }
        // A control point a thousandth of a pixel off the ends makes it a curve again.
        let off = CGPoint(x: 10, y: 10.001)
        #expect(CGPath.segmentCount(p0, off, p1, p1, tolerance: flatteningTolerance) >= 60)
        #expect(CGPath.segmentCount(p0, off, p1, tolerance: flatteningTolerance) > 1)
        let side = CGMutablePath()
        side.move(to: p0)
        side.addCurve(to: p1, control1: p0, control2: p1)
        #expect(side.polylines(tolerance: flatteningTolerance).map(\.points) == [[p0, p1]])
    }
}
