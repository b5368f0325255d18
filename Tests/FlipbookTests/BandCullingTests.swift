import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// Each band of a frame draws only the layers whose reach meets it: every gallery scene
/// comes out the same whether its frame is one band or seven.
@MainActor
@Suite(.serialized) struct BandCullingTests {
    @Test(arguments: Gallery.scenes.map(\.name))
    func everyGalleryFrameIsTheSameInOneBandAndInSeven(scene name: String) throws {
        let scene = try #require(Gallery.scene(named: name))
        let stage = scene.makeStage()
        let time = min(1.2, stage.duration * 0.6)
        AnimationHost.shared.run(for: time)
        let snapshot = AnimationHost.shared.renderTree(of: stage.layer)
        let frame = snapshot.evaluate(at: time)
        let tree = snapshot.frameTree(frame, bounds: stage.bounds, scale: 1)
        #expect(tree.description.contains("reach"), "no layer of \(name) has a known reach")
        let whole = try snapshot.render(frame, bounds: stage.bounds, scale: 1, maximumThreadCount: 1)
        let banded = try snapshot.render(frame, bounds: stage.bounds, scale: 1, maximumThreadCount: 7)
        let differing = zip(whole.premultipliedBytes, banded.premultipliedBytes).filter { $0 != $1 }.count
        #expect(differing == 0, "\(name): \(differing) bytes differ between one band and seven")
    }
}
