import Foundation

/// One frame of a layer tree, resolved: the plain values between the presentation (a
/// `PresentationTree`) and the pixels. `FrameTreeBuilder` makes it — the only place that knows
/// `CALayer` semantics — and every band of the frame is rasterized from it alone.
///
/// It is a tree written in drawing order: planes (`concatenate`, the affine map from a
/// plane to its parent's), clips, opacity, blend modes, shadows and groups (transparency
/// layers: group opacity, shadows cast by a layer's whole rendering, masks composited
/// destination-in) bracket the paints drawn inside them. Offscreen work — a plane seen in
/// perspective, a transition's pictures and its Core Image filter — is done once, while
/// the tree is built, and appears as a picture.
///
/// Its `description` is a stable, readable text form, one line per operation, indented by
/// nesting: what a frame draws, checked without pixels.
public struct FrameTree: Sendable, CustomStringConvertible {
    /// One step of drawing.
    enum Operation: Sendable {
        /// Saves the graphics state; `reach`, when known, bounds the device pixels that
        /// what is drawn until the matching restore, at index `restore`, can change.
        case save(reach: CGRect?, restore: Int)
        case restore
        /// Maps the plane drawn next into the current one (prepended to the CTM).
        case concatenate(CGAffineTransform)
        /// Intersects the clip with a path (user space) under a fill rule.
        case clip(CGPath, CGPathFillRule)
        /// Intersects the clip with the outline a stroke paints of a path (user space).
        case clipToStroke(CGPath, ShapeStroke)
        /// Multiplies the alpha of what follows.
        case alpha(CGFloat)
        case blendMode(CGBlendMode)
        /// Casts a shadow from what follows: its offset in points (not rotated, as Core
        /// Animation's), its blur radius in points and its colour.
        case shadow(offset: CGSize, radius: CGFloat, color: CGColor?)
        /// Starts a group composited as one when it ends, bounded by `bounds` (user space)
        /// when given: nothing in it is drawn outside them, so the group holds the whole
        /// device pixels they touch and clips nothing.
        case beginGroup(bounds: CGRect?)
        case endGroup
        /// Turns what the innermost group holds into a luminance mask (`CIMaskToAlpha`).
        case maskToAlpha
        case paint(FramePaint)

        /// Whether the two steps draw the same for certain: the same step with equal values,
        /// a paint drawing the same (`FramePaint.drawsSame`). Brackets (`save` … `restore`)
        /// are compared by what they hold (`FrameTree.damage(since:)`), not here.
        func drawsSame(as other: Operation) -> Bool {
            // `other` is matched case by case, not paired with `self` in a tuple: a tuple
            // would copy both steps and retain what they hold (this runs for every step of
            // every frame drawn over the last).
            switch self {
            case .endGroup: if case .endGroup = other { true } else { false }
            case .maskToAlpha: if case .maskToAlpha = other { true } else { false }
            case .concatenate(let a): if case .concatenate(let b) = other { a == b } else { false }
            case let .clip(p1, r1): if case let .clip(p2, r2) = other { r1 == r2 && p1 == p2 } else { false }
            case let .clipToStroke(p1, s1): if case let .clipToStroke(p2, s2) = other { s1 == s2 && p1 == p2 } else { false }
            case .alpha(let a): if case .alpha(let b) = other { a == b } else { false }
            case .blendMode(let a): if case .blendMode(let b) = other { a == b } else { false }
            case let .shadow(o1, r1, c1): if case let .shadow(o2, r2, c2) = other { o1 == o2 && r1 == r2 && c1 == c2 } else { false }
            case .beginGroup(let a): if case .beginGroup(let b) = other { a == b } else { false }
            case .paint(let a): if case .paint(let b) = other { a.drawsSame(as: b) } else { false }
            case .save, .restore: false
            }
        }
    }

    let operations: [Operation]

    /// The device pixels the frame can change: the reaches of the innermost brackets around
    /// its paints, or, when there are more than `limit` of them, their union; nil when
    /// something is drawn outside every bracket whose reach is known (text, say, which may
    /// draw past its bounds). Pixels outside them keep what they held.
    func reaches(limit: Int = 8) -> [CGRect]? {
        var found: [CGRect] = [], union = CGRect.null
        // The reach bounding what is drawn at each level of brackets: a bracket without one
        // of its own lies within its enclosing bracket's.
        var enclosing: [CGRect?] = [nil]
        for operation in operations {
            switch operation {
            case .save(let reach, _): enclosing.append(reach ?? enclosing[enclosing.count - 1])
            case .restore: if enclosing.count > 1 { enclosing.removeLast() }
            case .paint, .beginGroup, .endGroup, .maskToAlpha:
                guard let reach = enclosing[enclosing.count - 1] else { return nil }
                union = union.union(reach)
                if found.count <= limit, !found.contains(reach) { found.append(reach) }
            case .concatenate, .clip, .clipToStroke, .alpha, .blendMode, .shadow:
                break
            }
        }
        return found.count > limit ? [union] : found
    }

    /// Draws the frame over `context`'s pixels: the pixels of `clearing` (device space) are
    /// cleared first, but for those the frame paints opaquely anyway; then the context's
    /// threads rasterize it in bands.
    func draw(in context: CGContext, clearing: [CGRect] = []) {
        clearUncovered(clearing, in: context)
        context.drawInBands { rasterize(in: $0) }
    }

    /// Draws the frame into `context` (a band of the frame, or the whole of it). A bracket
    /// whose reach the context cannot draw into — outside its band or its clip — is
    /// skipped whole.
    func rasterize(in context: CGContext) {
        var index = 0
        while index < operations.count {
            defer { index += 1 }
            switch operations[index] {
            case let .save(reach, restore):
                if let reach, restore >= 0, !context.mayDraw(within: reach) {
                    index = restore
                    continue
                }
                context.saveGState()
            case .restore: context.restoreGState()
            case .concatenate(let transform): context.concatenate(transform)
            case .clip(let path, let rule):
                context.addPath(path)
                context.clip(using: rule)
            case let .clipToStroke(path, stroke):
                stroke.addOutline(of: path, to: context)
                context.clip(using: .winding)
            case .alpha(let alpha): context.setAlpha(alpha)
            case .blendMode(let mode): context.setBlendMode(mode)
            case let .shadow(offset, radius, color):
                let scale = context.pointScale
                context.setShadow(offset: CGSize(width: offset.width * scale, height: offset.height * scale),
                                  blur: 2 * radius * scale, color: color)
            case .beginGroup(let bounds):
                if let bounds { context.beginTransparencyLayer(bounding: bounds) } else {
                    context.beginTransparencyLayer(auxiliaryInfo: nil)
                }
            case .endGroup: context.endTransparencyLayer()
            case .maskToAlpha: context.convertLayerLuminanceToAlpha()
            case .paint(let paint): paint.draw(in: context)
            }
        }
    }

    public var description: String {
        var lines: [String] = []
        var depth = 0
        for operation in operations {
            let line: String
            switch operation {
            case .save(let reach, _):
                line = "{" + (reach.map { " reach \(Self.text($0))" } ?? "")
            case .restore:
                depth -= 1
                line = "}"
            case .concatenate(let t):
                line = "plane \(Self.text([t.a, t.b, t.c, t.d, t.tx, t.ty]))"
            case .clip(let path, let rule):
                line = "clip \(Self.text(path.boundingBoxOfPath))" + (rule == .evenOdd ? " even-odd" : "")
            case let .clipToStroke(path, stroke):
                line = "clip to stroke \(Self.text(path.boundingBoxOfPath)) width \(Self.text(stroke.width))"
            case .alpha(let alpha):
                line = "alpha \(Self.text(alpha))"
            case .blendMode(let mode):
                line = "blend \(mode)"
            case let .shadow(offset, radius, color):
                line = "shadow offset \(Self.text([offset.width, offset.height])) radius \(Self.text(radius)) "
                    + (color.map { Self.text($0.components ?? []) } ?? "none")
            case .beginGroup(let bounds):
                line = "group" + (bounds.map { " \(Self.text($0))" } ?? "") + " {"
            case .endGroup:
                depth -= 1
                line = "}"
            case .maskToAlpha:
                line = "mask to alpha"
            case .paint(let paint):
                line = paint.summary
            }
            lines.append(String(repeating: "  ", count: max(depth, 0)) + line)
            if case .save = operation { depth += 1 }
            if case .beginGroup = operation { depth += 1 }
        }
        return lines.joined(separator: "\n")
    }

    /// A number as the text form writes it: at most three decimals, no trailing zeros.
    static func text(_ value: CGFloat) -> String { Double(value).text(decimals: 3) }

    static func text(_ values: [CGFloat]) -> String { "(" + values.map(text).joined(separator: ", ") + ")" }

    static func text(_ rect: CGRect) -> String { text([rect.minX, rect.minY, rect.width, rect.height]) }

    static func text(_ value: Double) -> String { text(CGFloat(value)) }

    static func text(_ color: SIMD4<Double>?) -> String {
        guard let color else { return "none" }
        return text([color.x, color.y, color.z, color.w].map { CGFloat($0) })
    }
}
