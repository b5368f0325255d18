import Flipbook
@testable import FlipbookSnapshotTesting
import FlipbookTestSupport
import Foundation
import Testing

/// The strategies against references in temporary folders: they record, then match, then
/// fail usefully when the animation changes, always at the frame's exact time.
@MainActor
@Suite(.serialized) struct SnapshotStrategyTests {
    /// 100 × 50 points of white with a 20-point red square sliding from x = 0 to `end`
    /// over one second, linearly, from media time 0.
    static func slidingSquare(to end: CGFloat = 80) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 15, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = end + 10
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        square.add(slide, forKey: "slide")
        return root
    }


    @Test func aLayerIsDrawnAtTheExactTime() throws {
        let image = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.5).taken(of: Self.slidingSquare()))
        #expect(image.width == 100 && image.height == 50)
        // At 0.5 s the square spans x 40…60.
        #expect(image.pixel(39, 25) == [255, 255, 255, 255] && image.pixel(40, 25) == [255, 0, 0, 255])
        #expect(image.pixel(59, 25) == [255, 0, 0, 255] && image.pixel(60, 25) == [255, 255, 255, 255])
        #expect(CACurrentMediaTime() == 0.5, "the clock stays at the frame's time")
        let twice = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.5, scale: 2).taken(of: Self.slidingSquare()))
        #expect(twice.width == 200 && twice.pixel(79, 50) == [255, 255, 255, 255] && twice.pixel(80, 50) == [255, 0, 0, 255])
    }

    @Test func theSameFrameOnEveryRunAndThreadCount() throws {
        let first = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.3, scale: 3).taken(of: Self.slidingSquare()))
        let second = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.3, scale: 3).taken(of: Self.slidingSquare()))
        #expect(first.premultipliedBytes == second.premultipliedBytes)
        for threads in [1, 2, 8] {
            let layer = Self.slidingSquare()
            AnimationHost.shared.tick()
            let renderer = CARenderer(layer: layer, bounds: layer.frame, scale: 3)
            renderer.maximumThreadCount = threads
            #expect(try renderer.render(at: 0.3).premultipliedBytes == first.premultipliedBytes, "\(threads) threads")
        }
    }

    @Test func recordsThenMatchesThenFailsWithThreeFiles() throws {
        let snapshots = try TemporaryDirectory(), artifacts = try TemporaryDirectory()
        setenv("SNAPSHOT_ARTIFACTS", artifacts.url.path, 1)
        defer { unsetenv("SNAPSHOT_ARTIFACTS") }
        // A closure, so that #function names the test, as in the test's own body.
        let verify = { (layer: CALayer) -> String? in
            verifySnapshot(of: layer, as: .image(at: 0.5), named: "half", snapshotDirectory: snapshots.url.path)
        }
        let recorded = try #require(verify(Self.slidingSquare()))
        #expect(recorded.contains("No reference was found on disk. Automatically recorded snapshot"))
        let reference = snapshots.file("recordsThenMatchesThenFailsWithThreeFiles.half.png")
        #expect(try CGImage.read(contentsOf: reference).pixel(50, 25) == [255, 0, 0, 255])
        #expect(verify(Self.slidingSquare()) == nil)

        // The square now slides to 60: at 0.5 s it spans 30…50 instead of 40…60.
        let failure = try #require(verify(Self.slidingSquare(to: 60)))
        #expect(failure.contains("Snapshot \"half\" does not match reference."))
        #expect(failure.contains("400 of 5000 pixels (8 %) differ; none may (precision 1)."))
        let folder = artifacts.url.appendingPathComponent("SnapshotStrategyTests")
        let actual = try CGImage.read(contentsOf: folder.appendingPathComponent("recordsThenMatchesThenFailsWithThreeFiles.half.png"))
        #expect(actual.pixel(30, 25) == [255, 0, 0, 255])
        let copy = folder.appendingPathComponent("recordsThenMatchesThenFailsWithThreeFiles.500ms.reference.png")
        let differenceURL = folder.appendingPathComponent("recordsThenMatchesThenFailsWithThreeFiles.500ms.difference.png")
        #expect(failure.contains(copy.path) && failure.contains(differenceURL.path))
        #expect(try CGImage.read(contentsOf: copy).premultipliedBytes == CGImage.read(contentsOf: reference).premultipliedBytes)
        let difference = try CGImage.read(contentsOf: differenceURL)
        #expect(difference.pixel(35, 25) == [255, 0, 0, 255] && difference.pixel(55, 25) == [255, 0, 0, 255])
        // Red in both: the reference's red as a pale grey (luma 76 → 192 + 76 / 4).
        #expect(difference.pixel(45, 25) == [211, 211, 211, 255])
    }

    @Test func perceptualPrecisionAcceptsAnEdgeShadeButNotAMovedEdge() throws {
        let reference = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.25).taken(of: Self.slidingSquare()))
        // One anti-aliasing level on one pixel of the square's edge.
        var bytes = reference.premultipliedBytes
        let edge = 4 * (25 * 100 + 25)
        bytes[edge + 1] = 1
        let shaded = try CGImage(width: 100, height: 50, pixels: Data(bytes), layout: .rgba(premultiplied: true))
        let moved = try #require(Snapshotting<CALayer, CGImage>.image(at: 0.26).taken(of: Self.slidingSquare()))
        let exact = Diffing<CGImage>.image()
        let perceptual = Diffing<CGImage>.image(precision: 1, perceptualPrecision: 0.98)
        #expect(exact.diffV2(reference, shaded) != nil)
        #expect(perceptual.diffV2(reference, shaded) == nil)
        let failure = try #require(perceptual.diffV2(reference, moved)?.0)
        // 0.8 points later the column at each edge is covered 20 % and 80 %.
        #expect(failure.hasPrefix("40 of 5000 pixels (0.8 %) differ by more than ΔE 2 (perceptualPrecision 0.98); none may (precision 1)."))
        #expect(Diffing<CGImage>.image(precision: 0.99, perceptualPrecision: 0.98).diffV2(reference, moved) == nil)
        #expect(Diffing<CGImage>.image(precision: 0.995, perceptualPrecision: 0.98).diffV2(reference, moved) != nil)
    }
}
