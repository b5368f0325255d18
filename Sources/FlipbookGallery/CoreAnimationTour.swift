import FlipbookAnimation
import FlipbookGraphics

/// Seed 004's tour of Core Animation, sample by sample, at the layer level: each scene is
/// the article's 300×300 `DemoView` (its backing layer, on a white window) with the
/// article's shape layers, masks and animations committed at media time 0, and the times
/// to show it at. UIKit parts become their layer equivalents (`UIBezierPath` → `CGPath`,
/// `UIColor.orange` → the same sRGB colour).
public enum CoreAnimationTour {
    /// One sample: its name, the window layer holding the demo view, and times to show.
    public struct Scene {
        public let name: String
        public let root: CALayer
        public let times: [Double]
    }

    /// The samples' names, in the article's order.
    public static let names = ["triangle", "triangle-mask", "two-shapes", "bounds-origin", "complex-mask",
                               "keyframe-path", "fade-and-scale", "nested-transactions"]

    /// Builds the sample `name` (resetting the shared host's clock to 0), or nil.
    @MainActor
    public static func scene(named name: String) -> Scene? {
        switch name {
        case "triangle": triangle()
        case "triangle-mask": triangleMask()
        case "two-shapes": twoShapes(shiftedOrigin: false)
        case "bounds-origin": twoShapes(shiftedOrigin: true)
        case "complex-mask": complexMask()
        case "keyframe-path": keyframePath()
        case "fade-and-scale": fadeAndScale()
        case "nested-transactions": nestedTransactions()
        default: nil
        }
    }

    /// Every sample as a film strip, one row each (5 frames wide), at `scale`.
    @MainActor
    public static func contactSheet(scale: CGFloat = 0.5) throws -> CGImage {
        let size = windowSize
        let strips = try names.compactMap { scene(named: $0) }.map { scene in
            try FilmStrip.render(scene.root, size: size, times: scene.times, scale: scale)
        }
        let frame = Int((size.width * scale).rounded(.up))
        let sheet = try CGContext(width: frame * 5, height: frame * strips.count)
        sheet.setFillColor(CGColor(gray: 1, alpha: 1))
        sheet.fill(CGRect(x: 0, y: 0, width: sheet.width, height: sheet.height))
        for (row, strip) in strips.enumerated() {
            sheet.draw(strip, in: CGRect(x: 0, y: row * frame, width: strip.width, height: strip.height))
        }
        return try CARenderer.image(of: sheet)
    }

    static let side: CGFloat = 300
    /// The white window around the demo view: a 10-point margin on every side.
    static let windowSize = CGSize(width: side + 20, height: side + 20)
    static let orange = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
    static let brown = CGColor(srgbRed: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    static let yellow = CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1)
    static let darkGray = CGColor(gray: 1.0 / 3, alpha: 1)
    static let black = CGColor(gray: 0, alpha: 1)

    /// A white window with the 300×300 demo view at (10, 10); the clock reset to 0.
    @MainActor
    static func window(background: CGColor) -> (root: CALayer, view: CALayer) {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: side + 20, height: side + 20)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let view = CALayer()
        view.frame = CGRect(x: 10, y: 10, width: side, height: side)
        view.backgroundColor = background
        root.addSublayer(view)
        return (root, view)
    }

    /// The article's triangle: apex at the top centre, base along the bottom of a
    /// `width`×`height` box.
    static func triangle(width: CGFloat, height: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: width / 2, y: 0))
        path.addLine(to: CGPoint(x: 0, y: height))
        path.addLine(to: CGPoint(x: width, y: height))
        path.closeSubpath()
        return path
    }

    @MainActor
    static func shape(_ path: CGPath, fill: CGColor? = nil, stroke: CGColor? = nil, lineWidth: CGFloat = 1) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = path
        if let fill { shape.fillColor = fill }
        shape.strokeColor = stroke
        shape.lineWidth = lineWidth
        return shape
    }

    /// A black demo view masked by `mask`, committed (on screen) before animations are added.
    @MainActor
    static func blackView(maskedBy mask: CAShapeLayer) -> CALayer {
        let (root, view) = window(background: black)
        view.mask = mask
        AnimationHost.shared.tick()
        return root
    }

    /// The article's small triangle mask, a tenth of the view.
    @MainActor
    static func smallTriangle() -> CAShapeLayer { shape(triangle(width: side / 10, height: side / 10), lineWidth: 3) }

    /// Commits the scene as it is (a turn of the run loop) and returns it.
    @MainActor
    static func finish(_ name: String, _ root: CALayer, times: [Double] = [0]) -> Scene {
        AnimationHost.shared.tick()
        return Scene(name: name, root: root, times: times)
    }

    /// An orange triangle with a brown 3-point outline on dark grey.
    @MainActor
    static func triangle() -> Scene {
        let (root, view) = window(background: darkGray)
        view.addSublayer(shape(triangle(width: side, height: side), fill: orange, stroke: brown, lineWidth: 3))
        return finish("triangle", root)
    }

    /// The same triangle as the view's mask: only the dark grey inside it shows.
    @MainActor
    static func triangleMask() -> Scene {
        let (root, view) = window(background: darkGray)
        view.mask = shape(triangle(width: side, height: side), fill: yellow, stroke: brown, lineWidth: 3)
        return finish("triangle-mask", root)
    }

    /// Two half-size triangles placed by `position` (a shape layer's bounds are empty, so
    /// its path is drawn from its position); with `shiftedOrigin`, the first one's
    /// `bounds.origin` = (−20, −40) moves its content 20 right and 40 down.
    @MainActor
    static func twoShapes(shiftedOrigin: Bool) -> Scene {
        let (root, view) = window(background: darkGray)
        let width = side / 2, height = side / 2
        let down = CGMutablePath()
        down.move(to: CGPoint(x: width / 2, y: height))
        down.addLine(to: .zero)
        down.addLine(to: CGPoint(x: width, y: 0))
        down.closeSubpath()
        let first = shape(triangle(width: width, height: height), fill: yellow)
        first.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 1, alpha: 1)
        let second = shape(down, fill: CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
        view.addSublayer(first)
        view.addSublayer(second)
        second.position = CGPoint(x: width / 2, y: height)
        first.position = CGPoint(x: width / 2, y: 0)
        if shiftedOrigin { first.bounds.origin = CGPoint(x: -20, y: -40) }
        return finish(shiftedOrigin ? "bounds-origin" : "two-shapes", root)
    }

    /// An orange view cut out by the article's complex path (an arc notch, two curves).
    @MainActor
    static func complexMask() -> Scene {
        let (root, view) = window(background: orange)
        let w = side, h = side
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: w / 2 - 50, y: 0))
        path.addArc(center: CGPoint(x: w / 2 - 25, y: 25), radius: 25, startAngle: .pi, endAngle: 0, clockwise: true)
        path.addLine(to: CGPoint(x: w / 2, y: 0))
        path.addLine(to: CGPoint(x: w - 50, y: 0))
        path.addCurve(to: CGPoint(x: w, y: 200), control1: CGPoint(x: w + 100, y: 25), control2: CGPoint(x: w - 150, y: 50))
        path.addLine(to: CGPoint(x: w, y: h))
        path.addCurve(to: CGPoint(x: w - 100, y: h), control1: CGPoint(x: w / 2 - 50, y: h - 150),
                      control2: CGPoint(x: w / 2 - 100, y: h - 100))
        path.addLine(to: CGPoint(x: 0, y: h))
        path.closeSubpath()
        view.mask = shape(path)
        return finish("complex-mask", root)
    }

    /// A small triangle (a tenth of the view) masking a black view, moved along the
    /// article's two-curve path by a 3-second keyframe animation of `position`.
    @MainActor
    static func keyframePath() -> Scene {
        let mask = smallTriangle()
        let root = blackView(maskedBy: mask)
        let move = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 74, y: 200), control1: CGPoint(x: 120, y: 200), control2: CGPoint(x: 120, y: 74))
        path.addCurve(to: CGPoint(x: 120, y: 200), control1: CGPoint(x: 366, y: 200), control2: CGPoint(x: 366, y: 74))
        move.path = path
        move.duration = 3
        mask.add(move, forKey: nil)
        return finish("keyframe-path", root, times: [0, 0.75, 1.5, 2.25, 2.999])
    }

    /// The small triangle mask fading out (over 5 s, cut to the group's 1 s) while it
    /// scales from 1 to 3 through the `scale` value function, as one group.
    @MainActor
    static func fadeAndScale() -> Scene {
        let mask = smallTriangle()
        let root = blackView(maskedBy: mask)
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1
        fadeOut.toValue = 0
        fadeOut.duration = 5
        let expand = CABasicAnimation(keyPath: "transform")
        expand.valueFunction = CAValueFunction(name: .scale)
        expand.fromValue = [1.0, 1.0, 1.0]
        expand.toValue = [3.0, 3.0, 3.0]
        let group = CAAnimationGroup()
        group.animations = [fadeOut, expand]
        group.duration = 1
        mask.add(group, forKey: nil)
        return finish("fade-and-scale", root, times: [0, 0.25, 0.5, 0.75, 0.999])
    }

    /// The big triangle mask (yellow fill, brown 3-point stroke) with nested transactions:
    /// lineWidth to 50 over 4 s, and inside, opacity to 0.1 over 2 s, both easing in.
    @MainActor
    static func nestedTransactions() -> Scene {
        let mask = shape(triangle(width: side, height: side), fill: yellow, stroke: brown, lineWidth: 3)
        let root = blackView(maskedBy: mask)
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        CATransaction.setDisableActions(false)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        mask.lineWidth = 50
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        mask.opacity = 0.1
        CATransaction.commit()
        CATransaction.commit()
        return finish("nested-transactions", root, times: [0, 1, 2, 3, 4])
    }
}
