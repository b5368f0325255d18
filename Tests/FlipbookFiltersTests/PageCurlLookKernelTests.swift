@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Foundation
import Testing

/// `fb_page_curl_look`, what shows at a batch of points of a page curl, on every instruction
/// set the kernels have here: the same numbers on every level, four points at a time and a
/// tail, and the cylinder where the rule (worked out here with the system's arc sine) puts
/// it.
@Suite struct PageCurlLookKernelTests {
    /// A 200 × 150 page turning towards angle 0.4 around a cylinder of radius 30, with a
    /// shadow bounded across the turn.
    private let curl = PageCurl(page: CGRect(x: 0, y: 0, width: 200, height: 150), extent: CGRect(x: 0, y: 0, width: 200, height: 150),
                                angle: 0.4, radius: 30, time: 0.55, shadow: (amount: 0.8, size: 0.7, extent: CGRect(x: 20, y: 10, width: 120, height: 90)))

    private func grid(perRow: Int) -> [SIMD2<Double>] {
        stride(from: -60.25, to: 260, by: 7).flatMap { y in (0..<perRow).map { SIMD2(-100.5 + Double($0) * 450 / Double(perRow), y) } }
    }

    /// The kernel at `points`, asked `batch` points at a time.
    private func look(_ points: [SIMD2<Double>], batch: Int = .max)
        -> (kinds: [Float], fronts: [SIMD2<Double>], backs: [SIMD2<Double>], slopes: [Float], shadows: [Float]) {
        var kinds = [Float](repeating: -1, count: points.count), slopes = kinds, shadows = kinds
        var fronts = [SIMD2<Double>](repeating: .zero, count: points.count), backs = fronts
        points.withUnsafeBufferPointer { given in
            fronts.withUnsafeMutableBufferPointer { fronts in
                backs.withUnsafeMutableBufferPointer { backs in
                    kinds.withUnsafeMutableBufferPointer { kinds in
                        slopes.withUnsafeMutableBufferPointer { slopes in
                            shadows.withUnsafeMutableBufferPointer { shadows in
                                for start in stride(from: 0, to: given.count, by: batch) {
                                    withUnsafePointer(to: curl.look) { curl in
                                        fb_page_curl_look(curl, (given.baseAddress! + start).scalars, min(batch, given.count - start),
                                                          kinds.baseAddress! + start, (fronts.baseAddress! + start).scalars,
                                                          (backs.baseAddress! + start).scalars, slopes.baseAddress! + start,
                                                          shadows.baseAddress! + start)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (kinds, fronts, backs, slopes, shadows)
    }

    @Test func everyLevelGivesTheSameNumbers() {
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var results: [([Float], [SIMD2<Double>], [SIMD2<Double>], [Float], [Float])] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            results.append(look(grid(perRow: 451)))
        }
        #expect(results.allSatisfy { $0.0 == results[0].0 && $0.1 == results[0].1 && $0.2 == results[0].2 && $0.3 == results[0].3 && $0.4 == results[0].4 })
        // The target (with and without a shadow), the flat page, the cylinder and the
        // turned page all show.
        #expect(Set(results[0].0).isSuperset(of: [0, 1, 2, 4, 5, 6]))
        #expect(results[0].4.contains { $0 > 0 } && results[0].4.contains(0))
    }

    /// On the cylinder, at u between the fold f − 30 and f along the direction d: the front
    /// rises from where it lay at f − 30·asin((f − u)/30) and the back comes over from
    /// f − 30·(π − asin((f − u)/30)), its slope −(f − u)/30.
    /// The kernel asked 1, 3, 4 and 5 points at a time (tails of four) and a row at a time.
    @Test(arguments: [1, 3, 4, 5, 451])
    func theCylinderIsWhereTheRulePutsIt(batch: Int) {
        let d = SIMD2(cos(0.4), sin(0.4)), points = grid(perRow: 451)
        let (kinds, fronts, backs, slopes, _) = look(points, batch: batch)
        let fold = curl.look.fold
        var checked = 0
        for (i, p) in points.enumerated() {
            let u = (p * d).sum()
            guard u < fold, u >= fold - 30 else { continue }
            let phi = asin(min((fold - u) / 30, 1))
            let under = p + d * (fold - 30 * phi - u), over = p + d * (fold - 30 * (.pi - phi) - u)
            if Int(kinds[i]) & 2 != 0 { #expect(max(abs(fronts[i].x - under.x), abs(fronts[i].y - under.y)) < 1e-6, "front at \(p)") }
            if Int(kinds[i]) & 4 != 0 {
                #expect(max(abs(backs[i].x - over.x), abs(backs[i].y - over.y)) < 1e-6, "back at \(p)")
                #expect(abs(Double(slopes[i]) + min((fold - u) / 30, 1)) < 1e-6, "slope at \(p)")
            }
            checked += 1
        }
        #expect(checked > 1000)
    }
}
