@testable import FlipbookFilters
import CFlipbookKernels
import FlipbookGraphics
import Testing

/// `fb_mod_holes_row`, the mod transition's holes along a row, on every instruction set the
/// kernels have here: the same floats on every level, and a row (eight pixels at a time and
/// a tail) the same as its pixels asked for one by one.
@Suite struct ModHolesKernelTests {
    private let pattern = ModPattern(center: CGPoint(x: 150, y: 150), angle: 2, radius: 40, compression: 300, time: 0.4)

    private func row(_ y: Double, count: Int) -> [Float] {
        var out = [Float](repeating: -1, count: count)
        out.withUnsafeMutableBufferPointer { pattern.coverage(.row(x: -20, y: y, count: count), into: $0) }
        return out
    }

    @Test func everyLevelGivesTheSameFloats() {
        defer { fb_kernels_use_level_on_this_thread(-1) }
        var rows: [[Float]] = []
        for level in 0...Int(fb_kernels_best_level()) {
            fb_kernels_use_level_on_this_thread(Int32(level))
            rows.append(stride(from: 0.5, to: 400, by: 3).flatMap { row($0, count: 421) })
        }
        #expect(rows.allSatisfy { $0 == rows[0] })
        // Holes and ground both show, with edges between.
        #expect(rows[0].contains(0) && rows[0].contains(1) && rows[0].contains { $0 > 0 && $0 < 1 })
    }

    @Test(arguments: [1, 7, 8, 9, 23])
    func aRowIsItsPixels(count: Int) {
        for y in stride(from: 0.5, to: 300, by: 7) {
            let whole = row(y, count: count)
            for i in 0..<count {
                let single = pattern.coverage(at: SIMD2(-20 + Double(i) + 0.5, y))
                #expect(abs(whole[i] - single) < 1e-3, "pixel \(i) of \(count) at y \(y): \(whole[i]) alone \(single)")
            }
        }
    }

    @Test func theEndsAreTheImages() {
        for (time, value) in [(0.0, Float(0)), (1.0, 1), (-0.5, 0), (2, 1)] {
            let ends = ModPattern(center: .zero, angle: 2, radius: 40, compression: 300, time: time)
            var out = [Float](repeating: -1, count: 19)
            out.withUnsafeMutableBufferPointer { ends.coverage(.row(x: 0, y: 0.5, count: 19), into: $0) }
            #expect(out.allSatisfy { $0 == value })
        }
    }
}
