@testable import FlipbookGraphics
import Testing

/// The C compositing kernels against the scalar formulas (`scalePixel`, `sourceOver`) on
/// every instruction set this processor has: each level must give the same bits. Rows mix
/// runs of no, partial and full coverage, and lengths that are not multiples of eight, as
/// fills produce.
@Suite(.serialized) struct CompositorKernelTests {
    static let levels = Array(0...Compositor.bestKernelLevel)

    struct Row {
        var destination: [UInt32] = [], source: [UInt32] = [], coverage: [UInt8] = []
    }

    /// A random premultiplied pixel: alpha first, each channel at most alpha; a quarter opaque.
    static func pixel(_ random: inout SeededRandom) -> UInt32 {
        let alpha = random.next() % 4 == 0 ? 255 : UInt32(random.next() % 256)
        var p = alpha << 24
        for shift: UInt32 in [0, 8, 16] { p |= UInt32(random.next() % UInt64(alpha + 1)) << shift }
        return p
    }

    static func row(count: Int, seed: UInt64) -> Row {
        var random = SeededRandom(seed: seed), row = Row()
        while row.coverage.count < count {
            let run = Int(random.next() % 21) + 1
            let kind = random.next() % 3
            for _ in 0..<run {
                row.coverage.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(random.next() % 256))
            }
        }
        row.coverage.removeLast(row.coverage.count - count)
        row.destination = (0..<count).map { _ in pixel(&random) }
        row.source = (0..<count).map { _ in pixel(&random) }
        return row
    }

    /// The first pixel where `actual` differs from `expected`, described; nil when none does.
    static func mismatch(_ actual: [UInt32], _ expected: [UInt32]) -> String? {
        zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }.map {
            "pixel \($0.offset): \(String($0.element.0, radix: 16)), expected \(String($0.element.1, radix: 16))"
        }
    }

    /// Composites `row` with the kernels at `level` (then puts the best level back): one
    /// colour when `colour` is given, else the row's own source pixels.
    func composite(_ row: inout Row, colour: UInt32?, mode: CGBlendMode, level: Int) {
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        let coverage = row.coverage, source = row.source
        row.destination.withUnsafeMutableBufferPointer { dst in
            coverage.withUnsafeBufferPointer { coverage in
                source.withUnsafeBufferPointer { pixels in
                    Compositor.composite(dst.baseAddress!, count: dst.count, coverage: coverage.baseAddress!,
                                         source: colour.map { .solid($0) } ?? .pixels(pixels.baseAddress!), mode: mode)
                }
            }
        }
    }

    @Test(arguments: levels) func solidSourceOver(level: Int) {
        for (seed, colour) in [(1, 0x80FF_4020 as UInt32), (2, 0xFF10_2030), (3, 0x0000_0000), (4, 0x3322_1100)] {
            var row = Self.row(count: 203, seed: UInt64(seed))
            let expected = zip(row.destination, row.coverage).map { d, c in
                c == 0 ? d : sourceOver(scalePixel(colour, UInt32(c)), d)
            }
            composite(&row, colour: colour, mode: .normal, level: level)
            #expect(Self.mismatch(row.destination, expected) == nil, "colour \(String(colour, radix: 16))")
        }
    }

    @Test(arguments: levels) func rowSourceOver(level: Int) {
        for seed in 10..<14 {
            var row = Self.row(count: 197, seed: UInt64(seed))
            let expected = (0..<row.coverage.count).map { i in
                row.coverage[i] == 0 ? row.destination[i]
                    : sourceOver(scalePixel(row.source[i], UInt32(row.coverage[i])), row.destination[i])
            }
            composite(&row, colour: nil, mode: .normal, level: level)
            #expect(Self.mismatch(row.destination, expected) == nil, "seed \(seed)")
        }
    }

    /// The separable blend modes in the C kernel against CGBlendMode's float formula
    /// (the W3C Compositing and Blending formulas), pixel by pixel through
    /// `d + (B(s, d) − d)·coverage`: rows of source pixels with transparent runs among them
    /// (which the kernel passes over, the formula giving the destination back), and one
    /// colour, opaque, translucent and clear.
    @Test(arguments: levels) func separableBlendModes(level: Int) {
        func formula(_ s: UInt32, _ d: UInt32, _ c: UInt8, _ mode: CGBlendMode) -> UInt32 {
            guard c != 0 else { return d }
            let source = Color4(packed: s), destination = Color4(packed: d), k = Float(c) / 255
            return (destination + (mode.blend(source, destination) - destination) * k).packed
        }
        let modes: [CGBlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight,
                                    .hardLight, .difference, .exclusion]
        for (index, mode) in modes.enumerated() {
            var row = Self.row(count: 211, seed: UInt64(30 + index))
            for i in stride(from: 0, to: row.source.count, by: 7) { row.source[i] = 0 }
            let expected = (0..<row.coverage.count).map { formula(row.source[$0], row.destination[$0], row.coverage[$0], mode) }
            let before = row
            composite(&row, colour: nil, mode: mode, level: level)
            #expect(Self.mismatch(row.destination, expected) == nil, "\(mode)")
            for colour: UInt32 in [0xFF20_80E0, 0x8040_2010, 0] {
                var solid = before
                let expected = (0..<solid.coverage.count).map { formula(colour, solid.destination[$0], solid.coverage[$0], mode) }
                composite(&solid, colour: colour, mode: mode, level: level)
                #expect(Self.mismatch(solid.destination, expected) == nil, "\(mode), colour \(String(colour, radix: 16))")
            }
        }
    }

    @Test(arguments: levels) func clear(level: Int) {
        var row = Self.row(count: 131, seed: 20)
        let expected = zip(row.destination, row.coverage).map { d, c in scalePixel(d, 255 - UInt32(c)) }
        composite(&row, colour: 0, mode: .clear, level: level)
        #expect(Self.mismatch(row.destination, expected) == nil)
    }
}
