import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// Golden frames of seed 004's samples (each a film strip at the scene's times, at half
/// scale), and the behaviours the article points out.
@MainActor
@Suite(.serialized) struct CoreAnimationTourTests {
    static func render(_ name: String) throws -> (CGImage, CoreAnimationTour.Scene) {
        let scene = try #require(CoreAnimationTour.scene(named: name))
        let strip = try FilmStrip.render(scene.root, size: CGSize(width: 320, height: 320), times: scene.times, scale: 0.5)
        return (strip, scene)
    }

    @Test(arguments: CoreAnimationTour.names)
    func sceneMatchesGolden(_ name: String) throws {
        let (strip, _) = try Self.render(name)
        #expect(Golden.compare(strip, name) == nil)
    }

    /// "A negative bounds.origin moves the content right and down": the yellow triangle's
    /// apex (at x 75 of a layer positioned at x 75, so at (150, 0) in the view) shows 20
    /// points right and 40 down.
    @Test func negativeBoundsOriginMovesContentRightAndDown() throws {
        let (plain, _) = try Self.render("two-shapes")
        let (shifted, _) = try Self.render("bounds-origin")
        // Half scale: the view starts at pixel 5; the apex region just below the apex.
        let yellow: [UInt8] = [255, 255, 0, 255]
        #expect(plain.pixel(5 + 75, 5 + 6) == yellow)
        #expect(shifted.pixel(5 + 75, 5 + 6) != yellow)
        #expect(shifted.pixel(5 + 75 + 10, 5 + 6 + 20) == yellow)
    }

    /// A mask shows the masked layer's colour, not the mask's: inside the triangle the
    /// view's dark grey, outside it the white window.
    @Test func maskShowsTheLayerNotTheMask() throws {
        let (strip, _) = try Self.render("triangle-mask")
        #expect(strip.pixel(80, 140) == [84, 84, 84, 255])
        #expect(strip.pixel(20, 20) == [255, 255, 255, 255])
    }

    /// Nested transactions: at 2 s the inner 2-second opacity change is done (0.1) while
    /// the outer 4-second lineWidth change is still under way.
    @Test func nestedTransactionsRunTheirOwnDurations() throws {
        let (strip, _) = try Self.render("nested-transactions")
        // Frame 2 (t = 2): the black view shows at opacity 0.1 inside the triangle.
        let inside = strip.pixel(2 * 160 + 80, 140)
        #expect(abs(Int(inside[0]) - 230) <= 2)
        // Frame 0: fully black inside.
        #expect(strip.pixel(80, 140) == [0, 0, 0, 255])
    }
}
