@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_ripple_bend`, the ripple's swell at a batch of points, on every instruction set the
/// kernels have here: the same numbers on every level, eight points at a time and a tail,
/// and every point where the rule (worked out here in double precision) puts it.
@Suite struct RippleBendKernelTests {
    /// Width 80 (quarter 20), scale 12, crest at 200 from (100, 60); the shading image's
    /// centre (50, 40) and half size (50, 40); bent points kept in 0.5…299.5 × 0.5…199.5.
    private let swell = fb_ripple(center_x: 100, center_y: 60, crest: 200, quarter: 20, scale: 12,
                                  near2: 110 * 110, crest2: 200 * 200, far2: 290 * 290,
                                  low_x: 0.5, low_y: 0.5, high_x: 299.5, high_y: 199.5,
                                  middle_x: 50, middle_y: 40, half_x: 50, half_y: 40)

    /// A grid of points over and around the swell, `perRow` a row.
    private func grid(perRow: Int = 421) -> [SIMD2<Double>] {
        stride(from: -40.25, to: 420, by: 9).flatMap { y in (0..<perRow).map { SIMD2(-60.5 + Double($0) * 421 / Double(perRow), y) } }
    }

    /// The kernel at `points`, asked `batch` points at a time.
    private func bend(_ points: [SIMD2<Double>], batch: Int = .max) -> (places: [Float], bent: [SIMD2<Double>], shades: [SIMD2<Double>]) {
        var places = [Float](repeating: -1, count: points.count)
        var bent = [SIMD2<Double>](repeating: .zero, count: points.count), shades = bent
        points.withUnsafeBufferPointer { given in
            places.withUnsafeMutableBufferPointer { places in
                bent.withUnsafeMutableBufferPointer { bent in
                    shades.withUnsafeMutableBufferPointer { shades in
                        for start in stride(from: 0, to: given.count, by: batch) {
                            withUnsafePointer(to: swell) {
                                fb_ripple_bend($0, (given.baseAddress! + start).scalars, min(batch, given.count - start), places.baseAddress! + start,
                                               (bent.baseAddress! + start).scalars, (shades.baseAddress! + start).scalars)
                            }
                        }
                    }
                }
            }
        }
        return (places, bent, shades)
    }

    private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }

    @Test func everyLevelGivesTheSameNumbers() {
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var results: [([Float], [SIMD2<Double>], [SIMD2<Double>])] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            results.append(bend(grid()))
        }
        #expect(results.allSatisfy { $0.0 == results[0].0 && $0.1 == results[0].1 && $0.2 == results[0].2 })
        // Every place shows up.
        #expect(Set(results[0].0) == [0, 1, 2, 3])
    }

    /// The rule: at distance r, d = |r − 200| / 20 quarter widths from the crest, the slope is
    /// (3y − y³)/2 with y = d/1.5 up to d 1.5, then (1 − z)²(1 + 2z) with z = (d − 1.5)/3, none
    /// from d 4.5; negative outside the crest. The picture is read 12 × the slope farther out,
    /// the shading image 50 × and 40 × the slope along the outward direction from its centre.
    /// The kernel asked 1, 7, 8 and 9 points at a time (tails of eight) and a row at a time.
    @Test(arguments: [1, 7, 8, 9, 421])
    func everyPointIsWhereTheRulePutsIt(batch: Int) {
        let points = grid(), (places, bent, shades) = bend(points, batch: batch)
        var onTheSwell = 0
        for (i, p) in points.enumerated() {
            let offset = p - SIMD2(100, 60), r = (offset * offset).sum().squareRoot()
            let d = abs(r - 200) / 20
            let inside: Float = r < 200 ? 1 : 0
            guard d < 4.5 else {
                #expect(places[i] == inside && bent[i] == p && shades[i] == SIMD2(50, 40), "flat \(p)")
                continue
            }
            let y = d / 1.5, z = (d - 1.5) / 3
            let size = d <= 1.5 ? (3 - y * y) * y / 2 : (1 - z) * (1 - z) * (1 + 2 * z), slope = r > 200 ? -size : size
            let outward = offset / r
            let expected = (p + outward * 12 * slope).kept(within: SIMD2(0.5, 0.5), SIMD2(299.5, 199.5))
            onTheSwell += 1
            #expect(places[i] == 2 + inside, "place at \(p)")
            let shade: SIMD2<Double> = SIMD2(50, 40) + outward * slope * SIMD2(50, 40)
            #expect(distance(bent[i], expected) < 1e-3, "bent \(p): \(bent[i]), rule \(expected)")
            #expect(distance(shades[i], shade) < 1e-3, "shade \(p): \(shades[i]), rule \(shade)")
        }
        #expect(onTheSwell > 1000)
    }
}
