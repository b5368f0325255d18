import FlipbookAnimation
import FlipbookGraphics

/// Frames of a layer tree side by side: the scene rendered by `CARenderer` at each time,
/// left to right on white. Seed 001's flip is the demo's strip; tests use strips as goldens.
public enum FilmStrip {
    /// Renders `root` at `times` into one image, each frame `size` points at `scale`.
    @MainActor
    public static func render(_ root: CALayer, size: CGSize, times: [Double], scale: CGFloat = 1) throws -> CGImage {
        let renderer = CARenderer(layer: root, bounds: CGRect(origin: .zero, size: size), scale: scale)
        let frames = try times.map { time throws(GraphicsError) in try renderer.render(at: time) }
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        let sheet = try CGContext(width: width * max(frames.count, 1), height: height)
        sheet.setFillColor(CGColor(gray: 1, alpha: 1))
        sheet.fill(CGRect(x: 0, y: 0, width: width * frames.count, height: height))
        for (index, frame) in frames.enumerated() {
            sheet.draw(frame, in: CGRect(x: index * width, y: 0, width: width, height: height))
        }
        return try CARenderer.image(of: sheet)
    }

    /// Seed 001's flip: a red front and a blue back (turned π about x), both single-sided,
    /// under a perspective `sublayerTransform` with `m34`; the toggle's animations (front
    /// to π, back to 2π over 0.5 s, filling forwards) are committed at media time 0.
    @MainActor
    public static func flipScene(m34: CGFloat) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let view = CALayer()
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
        view.backgroundColor = CGColor(gray: 1, alpha: 1)
        let front = CALayer(), back = CALayer()
        for (layer, color) in [(back, CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)),
                               (front, CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))] {
            layer.frame = CGRect(x: 20, y: 40, width: 160, height: 80)
            layer.backgroundColor = color
            layer.isDoubleSided = false
            view.addSublayer(layer)
        }
        back.transform = CATransform3DMakeRotation(.pi, 1, 0, 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = m34
        view.sublayerTransform = perspective
        AnimationHost.shared.tick()
        for (layer, angle, key) in [(front, CGFloat.pi, "toBack"), (back, 2 * CGFloat.pi, "toFront")] {
            let flip = CABasicAnimation(keyPath: "transform")
            flip.toValue = CATransform3DMakeRotation(angle, 1, 0, 0)
            flip.duration = 0.5
            flip.isRemovedOnCompletion = false
            flip.fillMode = .forwards
            layer.add(flip, forKey: key)
        }
        AnimationHost.shared.tick()
        return view
    }
}
