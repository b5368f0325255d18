@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Foundation
import Testing

/// The flash's light kernel, whose angle is worked out in plain arithmetic so that it is
/// the same on every processor: every level gives the same floats, and they are the rule's
/// light worked out with the library's arc tangent.
@Suite struct FlashBurstTests {
    /// A ray table of 8 steps and a burst reaching 50 px from (20, 10).
    private let rays: [Double] = [0.7, 1, 0.8, 0.9, 0.75, 1, 0.85, 0.95, 0.7]

    private func kernel(_ x: Double, _ y: Double, count: Int) -> [Float] {
        var out = [Float](repeating: -1, count: count)
        rays.withUnsafeBufferPointer { table in
            var light = fb_flash_light(origin_x: 20, origin_y: 10, radius: 50, outer: 50, inner: 0.65 * 50 * 0.7 - 1,
                                       scale: 8 / (2 * .pi), rays: table.baseAddress, steps: 8)
            fb_flash_light_row(&out, &light, x, y, count)
        }
        return out
    }

    /// The rule with `atan2`.
    private func reference(_ px: Double, _ py: Double) -> Float {
        let (ox, oy) = (px - 20, py - 10), distance = (ox * ox + oy * oy).squareRoot()
        if distance >= 50 { return 0 }
        if distance <= 0.65 * 50 * 0.7 - 1 { return 1 }
        let step = (atan2(oy, ox) + .pi) * (8 / (2 * .pi))
        let k = min(max(Int(step), 0), 7), f = step - Double(k)
        let ray = 50 * (rays[k] + (rays[k + 1] - rays[k]) * f)
        return Float(min(max((ray - distance) / (0.35 * ray + 1), 0), 1))
    }

    @Test func theLightIsTheRulesOnEveryLevel() {
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var levels: [[Float]] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            levels.append(stride(from: -45.5, to: 70, by: 1).flatMap { kernel(-40, $0, count: 121) })
        }
        #expect(levels.allSatisfy { $0 == levels[0] })
        var worst: Float = 0, partial = 0
        for (j, y) in stride(from: -45.5, to: 70, by: 1).enumerated() {
            for i in 0..<121 {
                let light = levels[0][j * 121 + i]
                worst = max(worst, abs(light - reference(-40 + Double(i) + 0.5, y)))
                if light > 0 && light < 1 { partial += 1 }
            }
        }
        #expect(worst < 1e-6)
        #expect(partial > 1000)
    }

    /// Rows of any length (whole groups of four and tails) and single pixels agree.
    @Test(arguments: [1, 2, 3, 5, 9])
    func tailsAreTheirPixels(count: Int) {
        let row = kernel(3, 12.5, count: count)
        for i in 0..<count { #expect(row[i] == kernel(3 + Double(i), 12.5, count: 1)[0]) }
    }
}
