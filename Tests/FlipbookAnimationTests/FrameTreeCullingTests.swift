@testable import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// A band skips a bracket whose reach it does not meet, and only such a bracket.
struct FrameTreeCullingTests {
    static let red = try! CGContext.image(width: 4, height: 4) { context in
        context.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    /// A 100 × 100 frame painted red all over, in a bracket that says its drawing reaches
    /// only `reach` (a lie, to show what each band skips), drawn in two bands.
    func banded(reach: CGRect) throws -> CGImage {
        let canvas = FrameCanvas(ctm: .identity, maximumThreadCount: 2)
        canvas.saveGState()
        canvas.bound(reach)
        canvas.paint(.picture(Self.red, in: CGRect(x: 0, y: 0, width: 100, height: 100), through: nil))
        canvas.restoreGState()
        #expect(canvas.tree.description.hasPrefix("{ reach \(FrameTree.text(reach.insetBy(dx: -2, dy: -2)))"))
        let context = try CGContext(width: 100, height: 100)
        context.maximumThreadCount = 2
        context.drawInBands { canvas.tree.rasterize(in: $0) }
        return try #require(context.makeImage())
    }

    @Test func theBandsAReachMissesSkipItsBracket() throws {
        // Reaching the top rows only: the lower band skips the bracket, the upper draws it whole.
        let top = try banded(reach: CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(top.pixel(50, 5) == [255, 0, 0, 255] && top.pixel(50, 45) == [255, 0, 0, 255])
        #expect(top.pixel(50, 55) == [0, 0, 0, 0] && top.pixel(50, 95) == [0, 0, 0, 0])
        // Reaching across the middle: both bands draw it.
        let middle = try banded(reach: CGRect(x: 0, y: 45, width: 100, height: 10))
        #expect(middle.pixel(50, 5) == [255, 0, 0, 255] && middle.pixel(50, 95) == [255, 0, 0, 255])
        // Reaching nothing on the frame: no band draws it.
        let outside = try banded(reach: CGRect(x: 200, y: 0, width: 10, height: 10))
        #expect(outside.pixel(50, 5) == [0, 0, 0, 0] && outside.pixel(50, 95) == [0, 0, 0, 0])
    }
}
