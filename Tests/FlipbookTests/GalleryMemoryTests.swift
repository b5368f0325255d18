import Flipbook
import FlipbookGallery
import Testing

/// A gallery scene's objects are freed when its stage is released — however far it played,
/// even in the middle of a transition or an animation with a completion block — so a server
/// building scenes again and again (`flipbook preview`) keeps a flat memory.
@MainActor
@Suite(.serialized) struct GalleryMemoryTests {
    /// A weak reference, to see whether anything else still holds an object.
    private struct Weak {
        weak var object: AnyObject?
        let name: String
    }

    /// Every layer of the tree under `layer` (masks and their trees too), and its delegate.
    private func everything(under layer: CALayer) -> [Weak] {
        var found = [Weak(object: layer, name: "\(type(of: layer))")]
        if let delegate = layer.delegate { found.append(Weak(object: delegate, name: "\(type(of: delegate))")) }
        if let mask = layer.mask { found += everything(under: mask) }
        for sublayer in layer.sublayers ?? [] { found += everything(under: sublayer) }
        return found
    }

    @Test(arguments: Gallery.scenes.map(\.name))
    func aReleasedStageIsFreed(name: String) throws {
        let scene = try #require(Gallery.scene(named: name))
        for played in [0.0, 0.25, 0.5, 0.75, 1.0] {
            var held: [Weak] = []
            do {
                let stage = scene.makeStage()
                AnimationHost.shared.run(for: stage.duration * played)
                _ = try CARenderer(layer: stage.layer, bounds: stage.bounds, scale: 1).render(at: CACurrentMediaTime())
                held = everything(under: stage.layer) + [Weak(object: stage, name: "the stage")]
            }
            // The next scene built starts from a clean host, as the player's next frame does.
            AnimationHost.shared.reset()
            let alive = held.filter { $0.object != nil }.map(\.name)
            #expect(alive.isEmpty, "\(name), released \(played) of the way: \(alive.count) of \(held.count) objects live on: \(Set(alive).sorted())")
        }
    }
}
