@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Foundation
import Testing

/// The recursive Gaussian behind CIGaussianBlur (`RecursiveGaussian`, kernels
/// `fb_gaussian_rows` and `fb_gaussian_columns`) against the Gaussian itself: the sampled
/// kernel exp(−k²/2σ²), normalised, written out in doubles. On every instruction set the
/// kernels have here, which must give the same floats, and for any split of the columns.
@Suite struct RecursiveGaussianTests {
    /// The sampled Gaussian, normalised, out to 10σ (beyond it nothing a float can hold).
    private static func weights(_ sigma: Double) -> [Double] {
        let half = Int((10 * sigma).rounded(.up)) + 1
        let raw = (-half...half).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return raw.map { $0 / total }
    }

    /// One row of `row` (RGBA floats) blurred by the kernel along it, `columns` outputs
    /// from source column `dx` on.
    private static func blurRow(_ row: [Float], sigma: Double, dx: Int = 0, columns: Int? = nil) -> [Float] {
        let count = columns ?? row.count / 4
        var out = [Float](repeating: .nan, count: 4 * count)
        var g = RecursiveGaussian(sigma: sigma).coefficients
        fb_gaussian_rows(&out, 4 * count, row, row.count, row.count / 4, dx, count, 1, &g)
        return out
    }

    struct Accuracy: CustomTestStringConvertible, Sendable {
        let sigma: Double
        /// Bounds on the distance from the Gaussian: an impulse's, as a share of the
        /// Gaussian's peak, and an edge's, noise's and a flat image's.
        let impulse, edge, noise, flat: Double
        var testDescription: String { "σ \(sigma)" }
    }

    /// Measured once and rounded up: Deriche's fit is within 5·10⁻⁴ of the peak, an edge
    /// within 10⁻⁴ up to σ 100 (fine noise within 4·10⁻⁴, most off at the smallest σ); at
    /// σ 200 single precision starts to drift.
    static let accuracies = [
        Accuracy(sigma: 0.5, impulse: 6e-4, edge: 2e-4, noise: 4e-4, flat: 1e-6),
        Accuracy(sigma: 1, impulse: 6e-4, edge: 2e-4, noise: 4e-4, flat: 1e-6),
        Accuracy(sigma: 2.5, impulse: 6e-4, edge: 2e-4, noise: 2e-4, flat: 1e-6),
        Accuracy(sigma: 10, impulse: 6e-4, edge: 2e-4, noise: 1e-4, flat: 1e-6),
        Accuracy(sigma: 40, impulse: 6e-4, edge: 2e-4, noise: 1e-4, flat: 1e-4),
        Accuracy(sigma: 100, impulse: 8e-4, edge: 3e-4, noise: 1e-4, flat: 1e-4),
        Accuracy(sigma: RecursiveGaussian.largestSigma, impulse: 1.5e-3, edge: 1e-3, noise: 1e-4, flat: 1e-3),
    ]

    /// An impulse (red), an edge (green), ramps and noise (blue) and a flat 1 (alpha) along
    /// one row long enough for the Gaussian to fade at both ends.
    @Test(arguments: accuracies)
    func followsTheSampledGaussian(_ a: Accuracy) {
        let n = Int(24 * a.sigma) + 64, centre = n / 2
        var random = SeededRandom(seed: 7)
        let noise = (0..<n).map { _ in Double(random.next() % 1000) / 1000 }
        let row = (0..<n).flatMap { i in [i == centre ? 1 : 0, i >= centre ? 1 : 0, Float(noise[i]), 1] as [Float] }
        let out = Self.blurRow(row, sigma: a.sigma)
        let w = Self.weights(a.sigma), half = w.count / 2
        let peak = w[half]
        var worst = (impulse: 0.0, edge: 0.0, noise: 0.0, flat: 0.0)
        // Away from the ends by 10σ, where the row's own edges are out of reach.
        for i in half..<(n - half) {
            let edge = (0..<w.count).reduce(0.0) { $0 + (i + $1 - half >= centre ? w[$1] : 0) }
            let blurredNoise = (0..<w.count).reduce(0.0) { $0 + w[$1] * noise[i + $1 - half] }
            let impulse = abs(i - centre) <= half ? w[i - centre + half] : 0
            worst.impulse = max(worst.impulse, abs(Double(out[4 * i]) - impulse) / peak)
            worst.edge = max(worst.edge, abs(Double(out[4 * i + 1]) - edge))
            worst.noise = max(worst.noise, abs(Double(out[4 * i + 2]) - blurredNoise))
            worst.flat = max(worst.flat, abs(Double(out[4 * i + 3]) - 1))
        }
        #expect(worst.impulse < a.impulse && worst.edge < a.edge && worst.noise < a.noise && worst.flat < a.flat, "\(worst)")
    }

    /// Off the source counts as clear: a row's blur fades on both sides as the Gaussian's
    /// tails do, and an output window beyond the source still gets the tail.
    @Test func outsideTheSourceIsClear() {
        let sigma = 3.0, w = Self.weights(sigma), half = w.count / 2
        let row = [Float](repeating: 1, count: 4 * 10)  // ten opaque white pixels
        // Outputs from 20 columns left of the source to 20 right of it.
        let out = Self.blurRow(row, sigma: sigma, dx: -20, columns: 50)
        for x in 0..<50 {
            let expected = (0..<w.count).reduce(0.0) { let s = x - 20 + $1 - half; return $0 + (s >= 0 && s < 10 ? w[$1] : 0) }
            #expect(abs(Double(out[4 * x + 3]) - expected) < 2e-4, "column \(x - 20)")
        }
    }

    struct Window: CustomTestStringConvertible, Sendable {
        let columns, rows, sourceColumns, sourceRows, dx, dy: Int
        let sigma: Double
        var testDescription: String { "\(columns)×\(rows) from \(sourceColumns)×\(sourceRows) at (\(dx), \(dy)), σ \(sigma)" }
    }

    static let windows = [
        Window(columns: 37, rows: 23, sourceColumns: 37, sourceRows: 23, dx: 0, dy: 0, sigma: 2),  // the whole source, odd rows
        Window(columns: 5, rows: 13, sourceColumns: 40, sourceRows: 30, dx: 20, dy: 9, sigma: 6),  // inside the source
        Window(columns: 41, rows: 17, sourceColumns: 25, sourceRows: 11, dx: -8, dy: -3, sigma: 1.5),  // wider than the source
        Window(columns: 9, rows: 4, sourceColumns: 30, sourceRows: 12, dx: 25, dy: 10, sigma: 4),  // across its far corner
    ]

    /// The two passes over a window of a random source: along rows into every source row,
    /// then down the columns — on every level, and with the columns split at every whole
    /// pixel (so each float falls in a vector step in one split and in the scalar tail in
    /// another), the same floats; all within 3·10⁻⁴ of the Gaussian.
    @Test(arguments: windows)
    func blursAWindowAlikeOnEveryLevelAndSplit(_ c: Window) {
        var random = SeededRandom(seed: UInt64(c.columns * 100 + c.rows))
        let source = (0..<(4 * c.sourceColumns * c.sourceRows)).map { _ in Float(random.next() % 10_000) / 10_000 }
        var g = RecursiveGaussian(sigma: c.sigma).coefficients
        let floats = 4 * c.columns
        func blur(splitAt split: Int) -> [Float] {
            var along = [Float](repeating: .nan, count: floats * c.sourceRows)
            fb_gaussian_rows(&along, floats, source, 4 * c.sourceColumns, c.sourceColumns, c.dx, c.columns, c.sourceRows, &g)
            var out = [Float](repeating: .nan, count: floats * c.rows)
            out.withUnsafeMutableBufferPointer { out in
                along.withUnsafeBufferPointer { along in
                    for (first, end) in [(0, split), (split, floats)] where end > first {
                        fb_gaussian_columns(out.baseAddress! + first, floats, c.rows, along.baseAddress! + first, floats, c.sourceRows, c.dy,
                                            end - first, &g)
                    }
                }
            }
            return out
        }
        let expected = Self.reference(source, c)
        var outputs: [[Float]] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            defer { fb_kernels_use_level_on_this_thread(-1) }
            for split in stride(from: 0, through: floats, by: 4) { outputs.append(blur(splitAt: split)) }
        }
        let worst = zip(outputs[0], expected).map { abs(Double($0) - $1) }.max() ?? .nan
        #expect(worst < 3e-4, "off by \(worst)")
        #expect(outputs.dropFirst().allSatisfy { $0.elementsEqual(outputs[0]) { $0.bitPattern == $1.bitPattern } })
    }

    /// The window's blur by the sampled Gaussian, along rows and down columns, in doubles.
    static func reference(_ source: [Float], _ c: Window) -> [Double] {
        let w = weights(c.sigma), half = w.count / 2
        func input(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            x >= 0 && x < c.sourceColumns && y >= 0 && y < c.sourceRows ? Double(source[4 * (y * c.sourceColumns + x) + channel]) : 0
        }
        func across(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            (0..<w.count).reduce(0) { $0 + w[$1] * input(x + c.dx + $1 - half, y, channel) }
        }
        var out = [Double](repeating: 0, count: 4 * c.columns * c.rows)
        for y in 0..<c.rows {
            for x in 0..<c.columns {
                for channel in 0..<4 {
                    out[4 * (y * c.columns + x) + channel] = (0..<w.count).reduce(0) { $0 + w[$1] * across(x, y + c.dy + $1 - half, channel) }
                }
            }
        }
        return out
    }
}
