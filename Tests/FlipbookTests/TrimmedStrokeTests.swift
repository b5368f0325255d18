import Flipbook
@testable import FlipbookAnimation
import FlipbookTestSupport
import Testing

/// A shape layer's `strokeStart` and `strokeEnd` trim the path its stroke paints; the
/// frame trims a path once for every paint that strokes it the same (a replicator's
/// instances), and each instance still strokes only its part.
@MainActor
@Suite(.serialized) struct TrimmedStrokeTests {
    @Test func aCanvasTrimsAPathOnceForEveryPaintOfIt() {
        let canvas = FrameCanvas(ctm: .identity, maximumThreadCount: 1)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let half = canvas.trimmedPath(line, from: 0, to: 0.5)
        #expect(half.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 50, height: 0))
        #expect(canvas.trimmedPath(line, from: 0, to: 0.5) === half, "the same part, made once")
        #expect(canvas.trimmedPath(line, from: 0.5, to: 1).boundingBoxOfPath == CGRect(x: 50, y: 0, width: 50, height: 0))
        #expect(canvas.trimmedPath(line, from: 0, to: 1) === line, "all of it is the path itself")
        let copy = line.mutableCopy()!
        #expect(canvas.trimmedPath(copy, from: 0, to: 0.5) !== half, "another path, even an equal one, is trimmed for itself")
    }

    @Test func eachReplicaStrokesItsTrimmedPart() throws {
        // Three copies, 20 apart downwards, of a line from x 10 to x 90 stroked 4 wide
        // with strokeEnd 0.5: each copy's stroke ends at x 50.
        let root = TestScene.root(width: 100, height: 60, gray: nil)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        let line = CAShapeLayer()
        line.frame = root.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 90, y: 10))
        line.path = path
        line.strokeColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        line.fillColor = nil
        line.lineWidth = 4
        line.strokeEnd = 0.5
        replicator.addSublayer(line)
        root.addSublayer(replicator)
        let image = try CARenderer(layer: root, bounds: root.bounds).render(at: 0)
        for y in [10, 30, 50] {
            #expect(image.pixel(30, y) == [0, 0, 255, 255] && image.pixel(70, y) == [0, 0, 0, 0], "row \(y)")
        }
    }
}
