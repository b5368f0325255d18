import CFlipbookKernels
import FlipbookGraphics
import Testing

/// The separable blur's kernel (`fb_separable_band`, behind CIBoxBlur, and CIGaussianBlur
/// past σ 200) against the sum written out in doubles: every output pixel Σₖ wₖ · in,
/// along rows and then down columns, with pixels off the source clear. Shapes that reach every tail of
/// its vector steps (16-float blocks, blocks of six rows) and bands whose taps run off the
/// source at either end, on every instruction set the kernels have here — which must give
/// the same floats.
@Suite struct SeparableBandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let columns, rows, sourceColumns, sourceRows, dx, dy, taps: Int
        var testDescription: String { "\(columns)×\(rows) from \(sourceColumns)×\(sourceRows) at (\(dx), \(dy)), \(taps) taps" }
    }

    static let cases = [
        Case(columns: 37, rows: 23, sourceColumns: 37, sourceRows: 23, dx: 0, dy: 0, taps: 7),  // taps off every edge
        Case(columns: 5, rows: 13, sourceColumns: 40, sourceRows: 30, dx: 20, dy: 9, taps: 61),  // taps off both ends of the rows
        Case(columns: 16, rows: 6, sourceColumns: 30, sourceRows: 20, dx: 7, dy: 7, taps: 15),  // taps all on the source
        Case(columns: 41, rows: 17, sourceColumns: 25, sourceRows: 11, dx: -8, dy: -3, taps: 9),  // output wider than the source
        Case(columns: 9, rows: 4, sourceColumns: 9, sourceRows: 4, dx: 0, dy: 0, taps: 1),
    ]

    @Test(arguments: cases)
    func matchesTheSumOnEveryLevel(_ c: Case) {
        var random = SeededRandom(seed: UInt64(c.columns * 1000 + c.taps))
        let source = (0..<(4 * c.sourceColumns * c.sourceRows)).map { _ in Float(random.next() % 10_000) / 10_000 - 0.25 }
        let raw = (0..<c.taps).map { _ in Float(random.next() % 1000 + 1) }
        let weights = raw.map { $0 / raw.reduce(0, +) }
        let expected = Self.reference(source, weights, c)
        var outputs: [[Float]] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            defer { fb_kernels_use_level_on_this_thread(-1) }
            var out = [Float](repeating: .nan, count: 4 * c.columns * c.rows)
            fb_separable_band(&out, 4 * c.columns, c.columns, c.rows, source, 4 * c.sourceColumns, c.sourceColumns, c.sourceRows,
                              c.dx, c.dy, weights, c.taps)
            let worst = zip(out, expected).map { abs(Double($0) - $1) }.max() ?? .nan
            #expect(worst < 1e-5, "level \(level): off by \(worst)")
            outputs.append(out)
        }
        #expect(outputs.dropFirst().allSatisfy { $0.elementsEqual(outputs[0]) { $0.bitPattern == $1.bitPattern } })
    }

    /// The blur as written: along rows, then down columns, in doubles.
    static func reference(_ source: [Float], _ weights: [Float], _ c: Case) -> [Double] {
        let half = c.taps / 2
        func input(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            x >= 0 && x < c.sourceColumns && y >= 0 && y < c.sourceRows ? Double(source[4 * (y * c.sourceColumns + x) + channel]) : 0
        }
        func across(_ x: Int, _ y: Int, _ channel: Int) -> Double {
            (0..<c.taps).reduce(0) { $0 + Double(weights[$1]) * input(x + c.dx + $1 - half, y, channel) }
        }
        var out = [Double](repeating: 0, count: 4 * c.columns * c.rows)
        for y in 0..<c.rows {
            for x in 0..<c.columns {
                for channel in 0..<4 {
                    out[4 * (y * c.columns + x) + channel] = (0..<c.taps).reduce(0) {
                        $0 + Double(weights[$1]) * across(x, y + c.dy + $1 - half, channel)
                    }
                }
            }
        }
        return out
    }
}
