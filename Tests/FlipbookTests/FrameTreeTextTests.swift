import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// What a frame of a Core Animation scene draws, as the frame tree's text form: planes,
/// clips, opacity, groups, masks, shadows and paints, checked without pixels. The
/// references under `__Snapshots__/frame-tree-*.txt` were read line by line against the
/// scenes' code when recorded (see each case).
@MainActor
@Suite(.serialized) struct FrameTreeTextTests {
    @Test(arguments: [
        // A grey square masked by a triangle: the layer's group, its background, then the
        // mask's shape composited destination-in.
        ("tour-triangle-mask", 0.5),
        // The card in perspective mid-turn: one picture, rendered offscreen once, mapped
        // through its projective transform.
        ("flip-card", 0.5),
        // The year-end finale: a gradient, dots on a rotating ring, text.
        ("finale", 1.5),
        // An orange view cut out by the article's complex path, from the Core Animation tour:
        // the mask, one opaque fill, clips the view.
        ("tour-complex-mask", 1.0),
        // Shimmer: the gradient view, clipped to its bounds, its locations mid-slide.
        ("shimmer", 0.7),
        // UIView.transition mid-way: flips and curls resolved to projected pictures, and a
        // cross-dissolve's two groups (the old at 1 − p, the new at p, added).
        ("view-transitions", 0.6),
    ])
    func frameTreeText(scene name: String, time: Double) throws {
        let scene = try #require(Gallery.scene(named: name))
        let stage = scene.makeStage()
        AnimationHost.shared.run(for: time)
        let snapshot = AnimationHost.shared.renderTree(of: stage.layer)
        let tree = snapshot.frameTree(snapshot.evaluate(at: time), bounds: stage.bounds, scale: 1)
        #expect(Golden.compare(text: tree.description, name) == nil)
    }
}
