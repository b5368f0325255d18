@testable import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// `CARenderer.render(at:into:)` reuses a context's pixels: it clears only what the frame
/// does not paint opaquely over (source over an opaque colour at full coverage replaces a
/// pixel whatever it was). Each case is a 40 × 30 point tree at scale 2 — a root with a
/// background, or a clear root with sublayers — its cover in device pixels worked out by
/// hand, and its frame drawn over a white context, which must equal a fresh render (a
/// pixel left white where the frame leaves it clear would show).
@MainActor
@Suite(.serialized) struct OpaqueCoverTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The device pixels the frame covers opaquely, nil for none.
        let cover: CGRect?
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "an opaque root", cover: CGRect(x: 0, y: 0, width: 80, height: 60)),
        Case(name: "a rounded root", cover: nil),
        // From 1 to 81 device pixels across: columns 1…80 whole (the cover may pass the frame).
        Case(name: "a root half a point right", cover: CGRect(x: 1, y: 0, width: 80, height: 60)),
        Case(name: "a translucent root", cover: nil),
        Case(name: "a faded root", cover: nil),
        Case(name: "a turned root", cover: nil),
        Case(name: "a root turned away", cover: nil),
        Case(name: "a hidden root", cover: nil),
        // A mask layer's background is composited destination-in over a group: no cover.
        Case(name: "a root masked to its left half", cover: nil),
        Case(name: "a root a point short", cover: CGRect(x: 0, y: 0, width: 80, height: 58)),
        Case(name: "an opaque sublayer over the frame", cover: CGRect(x: 0, y: 0, width: 80, height: 60)),
        // From 0.5 to 80.5 device pixels across: column 0 is half covered, columns 1…79 whole.
        Case(name: "a sublayer a quarter point right", cover: CGRect(x: 1, y: 0, width: 79, height: 60)),
        Case(name: "a shape layer filling a rectangle", cover: CGRect(x: 0, y: 0, width: 80, height: 60)),
        Case(name: "a shape layer filling an ellipse", cover: nil),
        Case(name: "a translucent sublayer", cover: nil),
        Case(name: "a sublayer of a faded parent", cover: nil),
        Case(name: "a sublayer in a group", cover: nil),
        Case(name: "a sublayer clipped to a rounded parent", cover: nil),
        Case(name: "a sublayer clipped to half its parent", cover: CGRect(x: 0, y: 0, width: 40, height: 60)),
        Case(name: "a turned sublayer", cover: nil),
        Case(name: "two halves, the larger first", cover: CGRect(x: 0, y: 0, width: 50, height: 60)),
    ]

    static func opaque(_ frame: CGRect, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        parent.addSublayer(layer)
        return layer
    }

    static func tree(_ name: String) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let whole = CGRect(x: 0, y: 0, width: 40, height: 30)
        if name.contains("root") { root.backgroundColor = CGColor(gray: 0.25, alpha: 1) }
        switch name {
        case "an opaque root": break
        case "a rounded root": root.cornerRadius = 8
        case "a root half a point right": root.frame = whole.offsetBy(dx: 0.5, dy: 0)
        case "a translucent root": root.backgroundColor = CGColor(gray: 0.25, alpha: 0.5)
        case "a faded root": root.opacity = 0.5
        case "a turned root": root.setAffineTransform(CGAffineTransform(rotationAngle: 0.05))
        case "a root turned away":
            root.isDoubleSided = false
            root.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        case "a hidden root": root.isHidden = true
        case "a root masked to its left half":
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            root.mask = mask
        case "a root a point short": root.frame = CGRect(x: 0, y: 0, width: 40, height: 29)
        case "an opaque sublayer over the frame": _ = opaque(whole, in: root)
        case "a sublayer a quarter point right": _ = opaque(whole.offsetBy(dx: 0.25, dy: 0), in: root)
        case "a shape layer filling a rectangle", "a shape layer filling an ellipse":
            let shape = CAShapeLayer()
            shape.frame = whole
            shape.path = name.hasSuffix("rectangle") ? CGPath(rect: whole, transform: nil) : CGPath(ellipseIn: whole, transform: nil)
            shape.fillColor = CGColor(srgbRed: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            root.addSublayer(shape)
        case "a translucent sublayer": opaque(whole, in: root).backgroundColor = CGColor(gray: 0.5, alpha: 0.5)
        case "a sublayer of a faded parent", "a sublayer in a group":
            let parent = CALayer()
            parent.frame = whole
            parent.opacity = 0.5
            root.addSublayer(parent)
            _ = opaque(whole, in: parent)
            // Two overlapping children make the faded parent a group.
            if name.hasSuffix("group") { _ = opaque(CGRect(x: 5, y: 5, width: 10, height: 10), in: parent) }
        case "a sublayer clipped to a rounded parent", "a sublayer clipped to half its parent":
            let parent = CALayer()
            parent.frame = name.hasSuffix("rounded parent") ? whole : CGRect(x: 0, y: 0, width: 20, height: 30)
            parent.masksToBounds = true
            if name.hasSuffix("rounded parent") { parent.cornerRadius = 6 }
            root.addSublayer(parent)
            _ = opaque(whole, in: parent)
        case "a turned sublayer": opaque(whole, in: root).setAffineTransform(CGAffineTransform(rotationAngle: 0.01))
        case "two halves, the larger first":
            _ = opaque(CGRect(x: 0, y: 0, width: 25, height: 30), in: root)
            _ = opaque(CGRect(x: 25, y: 0, width: 15, height: 30), in: root)
        default: Issue.record("no tree named \(name)")
        }
        AnimationHost.shared.tick()
        return root
    }

    @Test(arguments: cases)
    func onlyWhatIsNotCoveredIsCleared(_ c: Case) throws {
        let root = Self.tree(c.name)
        let bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        let snapshot = AnimationHost.shared.renderTree(of: root)
        let frame = snapshot.frameTree(snapshot.evaluate(at: 0), bounds: bounds, scale: 2)
        #expect(frame.opaqueCover(ctm: .identity) == c.cover)
        let renderer = CARenderer(layer: root, bounds: bounds, scale: 2)
        let context = try CGContext(width: 80, height: 60)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 80, height: 60))
        renderer.render(at: 0, into: context)
        let drawn = try CARenderer.image(of: context), fresh = try renderer.render(at: 0)
        #expect(drawn.premultipliedBytes == fresh.premultipliedBytes)
        if c.name == "an opaque root" { #expect(drawn.pixel(0, 0) == [61, 61, 61, 255] && drawn.pixel(79, 59) == [61, 61, 61, 255]) }
    }
}
