@testable import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// The rules each transition follows, checked against numbers measured on Apple's own
/// Core Image output (iOS 13.3; the examples `bench/fidelity` compares with). The pictures
/// themselves are not part of the project: these tables hold what was read off them.
@Suite struct AppleMeasuredRuleTests {
    /// CIBarsSwipeTransition, 1500 × 1500, angle 3, width 60, barOffset 1, time 0.6072: how
    /// far the 22 bars from the one at x ≈ 45 px (top left) rightwards had slid, found by
    /// matching Apple's output against the source along each bar.
    @Test func barsSlideAsApplesDo() {
        let measured: [Double] = [125, 149, 174.5, 202, 231, 262.5, 295.5, 331, 368.5, 408, 449, 492.5, 538, 585.5, 635,
                                  686.5, 740, 795.5, 853.5, 912, 973.5, 1037]
        let slide = BarSlide(source: CGRect(x: 0, y: 0, width: 1500, height: 1500), angle: 3, width: 60, barOffset: 1,
                             time: 0.60718768835067749)
        // The bar at x ≈ 45 px, y ≈ 300 px (top-left origin) is bar 27 counted from the
        // corner farthest against the angle, (1500, 0): (u + 1485) / 60 with u = x cos 3 + y sin 3.
        for (k, apple) in measured.enumerated() {
            let ours = slide.slide(ofBar: Double(27 - k))
            #expect(abs(ours - apple) <= 0.01 * apple + 1.5, "bar \(27 - k): \(ours) px, Apple \(apple) px")
        }
    }
}
