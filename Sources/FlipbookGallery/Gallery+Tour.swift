import FlipbookAnimation
import FlipbookGraphics

extension Gallery {
    /// Seed 004's tour, sample by sample; a still sample is a single frame.
    static let tourScenes = CoreAnimationTour.names.map { name in
        GalleryScene(
            name: "tour-\(name)", title: "Seed 004 · Core Animation tour: \(name)",
            summary: tourSummaries[name] ?? "",
            size: CoreAnimationTour.windowSize
        ) { _, _ in
            // The tour's scenes are the article's 300 × 300 view: they keep their own size.
            guard let scene = CoreAnimationTour.scene(named: name) else {
                return GalleryStage(layer: CALayer(), bounds: .zero, duration: 0)
            }
            return GalleryStage(layer: scene.root, duration: (scene.times.last ?? 0).rounded(.up))
        }
    }

    static let tourSummaries = [
        "triangle": "A CAShapeLayer: an orange triangle with a brown outline.",
        "triangle-mask": "The same triangle as the view's mask.",
        "two-shapes": "Two shape layers placed by their positions.",
        "bounds-origin": "A bounds origin of (−20, −40) moves the first layer's content.",
        "complex-mask": "A mask cut from arcs and curves.",
        "keyframe-path": "A keyframe animation moves the mask along a two-curve path.",
        "fade-and-scale": "An animation group fades the mask out as a value function scales it up.",
        "nested-transactions": "Nested CATransactions: the line widens over 4 s while the opacity falls over 2 s.",
    ]

    /// The graphics contact sheet, as a still.
    static let graphicsScene = GalleryScene(
        name: "graphics", title: "FlipbookGraphics · contact sheet",
        summary: "What the Core Graphics layer draws: fill rules, strokes, dashes, gradients, image sampling, clips, blend modes, shadows.",
        size: GraphicsContactSheet.size
    ) { size, settings in
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.backgroundColor = CGColor(gray: 1, alpha: 1)
        layer.contents = try? GraphicsContactSheet.render(scale: settings.scale)
        layer.contentsGravity = .resizeAspect
        return GalleryStage(layer: layer, duration: 0)
    }
}
