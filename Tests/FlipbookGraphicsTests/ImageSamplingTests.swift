import CFlipbookKernels
@testable import FlipbookGraphics
import Testing

/// Bilinear image sampling: the C kernel against `lerpPixel` on every instruction set this
/// processor has, and the split of a row into edge samples (Swift) and inside samples
/// (the kernel), which must not change a pixel.
@Suite(.serialized) struct ImageSamplingTests {
    static let levels = Array(0...Compositor.bestKernelLevel)

    /// A `width`×`height` image of random premultiplied pixels.
    static func image(width: Int, height: Int, seed: UInt64) -> ImageStorage {
        var random = SeededRandom(seed: seed)
        return try! ImageStorage(width: width, height: height) { pixels in
            for i in 0..<(width * height) { pixels[i] = CompositorKernelTests.pixel(&random) }
        }
    }

    @Test func stepsInsideALimitMatchEveryStepTried() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let start = Int64(random.next() % 4001) - 2000
            let step = Int64(random.next() % 201) - 100
            let limit = Int64(random.next() % 1500) + 1
            let count = Int(random.next() % 60)
            let expected = (0..<count).filter { (0..<limit).contains(start + Int64($0) * step) }
            let steps = ImageShader.steps(from: start, by: step, below: limit, count: count)
            #expect(Array(steps) == expected, "start \(start) step \(step) limit \(limit) count \(count)")
        }
    }

    @Test(arguments: levels) func kernelMatchesLerpPixel(level: Int) {
        let storage = Self.image(width: 37, height: 23, seed: 3)
        let w = storage.width
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        var random = SeededRandom(seed: 4)
        for _ in 0..<50 {
            // A run of samples inside the image: start and end both leave a pixel to the right
            // and below, so every sample does (the run is a straight line).
            let count = Int(random.next() % 29) + 1
            let end = (u: Int64(random.next() % UInt64((w - 1) << 20)), v: Int64(random.next() % UInt64(22 << 20)))
            let u = Int64(random.next() % UInt64((w - 1) << 20)), v = Int64(random.next() % UInt64(22 << 20))
            let du = count > 1 ? (end.u - u) / Int64(count - 1) : 0, dv = count > 1 ? (end.v - v) / Int64(count - 1) : 0
            var actual = [UInt32](repeating: 0, count: count)
            fb_bilinear_row(&actual, storage.pixels, w, u, v, du, dv, count)
            let expected = (0..<count).map { i -> UInt32 in
                let su = u + Int64(i) * du, sv = v + Int64(i) * dv
                let p = storage.pixels + Int(sv >> 20) * w + Int(su >> 20)
                let wx = UInt32((su >> 12) & 0xFF), wy = UInt32((sv >> 12) & 0xFF)
                return lerpPixel(lerpPixel(p[0], p[1], wx), lerpPixel(p[w], p[w + 1], wx), wy)
            }
            #expect(CompositorKernelTests.mismatch(actual, expected) == nil, "u \(u) v \(v) du \(du) dv \(dv) count \(count)")
        }
    }

    /// A row shaded in one run equals its pixels shaded one at a time, whatever the level:
    /// the run crosses the image's edges, so it mixes edge samples and kernel samples.
    @Test(arguments: levels) func aRowEqualsItsPixelsShadedAlone(level: Int) throws {
        let storage = Self.image(width: 40, height: 30, seed: 5)
        let image = CGImage(storage: storage)
        let map = CGAffineTransform(translationX: 50, y: 40).rotated(by: 0.3).scaledBy(x: 1.7, y: 1.4)
            .translatedBy(x: -20, y: -15)
        let shader = ImageShader(image: image, imageToDevice: map, quality: .low, tiled: false)
        Compositor.useKernelLevelOnThisThread(level)
        defer { Compositor.useKernelLevelOnThisThread(nil) }
        var coverage = [UInt8](repeating: 255, count: 100)
        for y in stride(from: 0, to: 80, by: 3) {
            var row = [UInt32](repeating: 0, count: 100), alone = [UInt32](repeating: 0, count: 100)
            shader.shade(y: y, x: 0, count: 100, into: &row, coverage: &coverage)
            for x in 0..<100 { shader.shade(y: y, x: x, count: 1, into: &alone[x], coverage: &coverage[x]) }
            #expect(CompositorKernelTests.mismatch(row, alone) == nil, "row \(y)")
        }
        #expect(coverage.allSatisfy { $0 == 255 })
    }

    /// An image known to be opaque is shaded straight into the target where it fully covers
    /// a pixel, and composited only at its edges: it draws the bytes the same pixels draw
    /// with an alpha channel, turned and scaled, at any alpha, through a clip, in any blend
    /// mode and on bands.
    @Test(arguments: [1, 2]) func opaqueImagesDrawTheBytesOfTheirPixelsWithAlpha(threads: Int) throws {
        var random = SeededRandom(seed: 9)
        let storage = try ImageStorage(width: 30, height: 20) { pixels in
            for i in 0..<600 { pixels[i] = CompositorKernelTests.pixel(&random) | 0xFF00_0000 }
        }
        let background = Self.image(width: 90, height: 70, seed: 10)
        func draw(opaque: Bool, alpha: CGFloat, mode: CGBlendMode, clipped: Bool) throws -> [UInt8] {
            let context = try CGContext(width: 90, height: 70)
            context.maximumThreadCount = threads
            context.draw(CGImage(storage: background), in: CGRect(x: 0, y: 0, width: 90, height: 70))
            context.drawInBands { band in
                if clipped { band.addEllipse(in: CGRect(x: 15, y: 5, width: 60, height: 55)); band.clip() }
                band.setAlpha(alpha)
                band.setBlendMode(mode)
                band.translateBy(x: 45, y: 35)
                band.rotate(by: 0.4)
                band.draw(CGImage(storage: storage, opaque: opaque), in: CGRect(x: -33, y: -21.5, width: 66, height: 43))
            }
            return try #require(context.makeImage()).withUnsafePremultipliedBytes { Array($0) }
        }
        for (alpha, mode, clipped) in [(1.0, CGBlendMode.normal, false), (1, .copy, false), (1, .normal, true),
                                       (0.6, .normal, false), (1, .multiply, false)] {
            let opaque = try draw(opaque: true, alpha: alpha, mode: mode, clipped: clipped)
            let withAlpha = try draw(opaque: false, alpha: alpha, mode: mode, clipped: clipped)
            let differing = zip(opaque, withAlpha).filter { $0 != $1 }.count
            #expect(differing == 0, "alpha \(alpha), \(mode), clipped \(clipped): \(differing) bytes differ")
        }
    }
}
