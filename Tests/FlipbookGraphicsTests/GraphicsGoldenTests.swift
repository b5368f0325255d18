import FlipbookGraphics
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// Golden frames of every contact-sheet tile: fill rules, joins × caps, dashes, hairlines,
/// gradients, image sampling, clips, blend modes, transparency layers and shadows.
/// Each reference PNG was looked at before it was committed.
struct GraphicsGoldenTests {
    @Test(arguments: GraphicsContactSheet.tileNames)
    func tileMatchesGolden(_ name: String) throws {
        let image = try #require(try GraphicsContactSheet.renderTile(named: name, scale: 1))
        #expect(Golden.compare(image, name) == nil)
    }

    @Test func unknownTileIsNil() throws {
        #expect(try GraphicsContactSheet.renderTile(named: "no such tile") == nil)
    }

    @Test func sheetIsTheTilesLaidOut() throws {
        let sheet = try GraphicsContactSheet.render(scale: 1)
        #expect(sheet.width == 800 && sheet.height == 800)
        // The star tile's centre pentagon is filled under non-zero and empty under even-odd.
        #expect(sheet.pixel(100, 105) != [255, 255, 255, 255])
        #expect(sheet.pixel(300, 105) == [255, 255, 255, 255])
    }
}
