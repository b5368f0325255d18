/// Renders the presentation of a layer tree at an exact media time into a bitmap, as Core
/// Animation's `CARenderer` renders into a texture. Headless and deterministic: the same
/// tree at the same time gives the same pixels on every run and with any thread count.
///
/// ```swift
/// let renderer = CARenderer(layer: root, bounds: CGRect(x: 0, y: 0, width: 320, height: 240), scale: 2)
/// let image = try renderer.render(at: 0.5)   // 640 × 480 pixels
/// ```
@MainActor
public final class CARenderer {
    /// The root of the tree to render; it is placed in `bounds` by its `position`.
    public var layer: CALayer?
    /// The part of the root's superlayer space rendered, in points.
    public var bounds: CGRect
    /// Pixels per point (1, 2 or 3 for Apple's screens).
    public var scale: CGFloat
    /// How many threads drawing may use; output is identical for every value.
    public var maximumThreadCount = ProcessInfo.processInfo.activeProcessorCount
    /// The presentations of the last two frames; each frame is evaluated again into the
    /// older one. Not into the last: the last frame tree, kept to compare the next frame
    /// with, holds its paths, and a path held twice cannot be rewritten in place.
    private var frames = (last: PresentationTree(), older: PresentationTree())
    /// The context `render(at:into:)` drew into last, its write stamp after that frame, the
    /// frame tree drawn and the device pixels it could change: while the stamp holds, the
    /// context shows that frame and every pixel outside them is still clear, so the next
    /// frame draws only where it differs, or clears only those.
    private weak var lastContext: CGContext?
    private var lastStamp = 0
    private var lastTree: FrameTree?
    private var lastReaches: [CGRect] = []

    public init(layer: CALayer?, bounds: CGRect, scale: CGFloat = 1) {
        self.layer = layer
        self.bounds = bounds
        self.scale = scale
    }

    /// The presentation of the committed tree at media time `time` (pending changes are
    /// committed first, as the screen would show them). Throws for a size that is empty or
    /// beyond `GraphicsLimits`.
    public func render(at time: CFTimeInterval) throws(GraphicsError) -> CGImage {
        guard let (snapshot, frame) = presentation(at: time) else {
            return try Self.image(of: RenderTree.makeContext(bounds: bounds, scale: scale))
        }
        return try snapshot.render(frame, bounds: bounds, scale: scale, maximumThreadCount: maximumThreadCount)
    }

    /// Draws the presentation at media time `time` into `context`, replacing all its pixels,
    /// as Core Animation's renderer draws each frame into the texture it was given: a
    /// context reused from frame to frame saves allocating a new bitmap each frame. The
    /// context's size should be `bounds` at `scale`. The frame ignores the context's
    /// transform and clip; they and its thread count are left as they were.
    public func render(at time: CFTimeInterval, into context: CGContext) {
        let threads = context.maximumThreadCount
        context.saveGState()
        defer {
            context.restoreGState()
            context.maximumThreadCount = threads
        }
        context.concatenate(context.ctm.inverted())
        context.resetClip()
        context.maximumThreadCount = maximumThreadCount
        let area = CGRect(x: 0, y: 0, width: context.width, height: context.height)
        // Unless something else has drawn into the context since, it shows this renderer's
        // last frame: only where the frame differs from it is drawn (nothing for a held
        // pose or a paused animation, one part for a part that moves) when that is less
        // than the frame draws; else what the last frame left is all that may need
        // clearing (a small animation on a large canvas clears its own pixels, not the
        // canvas).
        let unchanged = lastContext === context && context.writeStamp == lastStamp
        let last = unchanged ? lastTree : nil
        lastContext = nil
        lastTree = nil
        guard let (renderTree, presentation) = presentation(at: time) else { return context.clear(area) }
        let tree = renderTree.frameTree(presentation, bounds: bounds, scale: scale, on: context.ctm,
                                        maximumThreadCount: context.maximumThreadCount)
        let reaches = tree.reaches()
        if let last, let damage = tree.damage(since: last)?.map({ $0.intersection(area) }),
           damage.isEmpty || Self.pixels(damage) < Self.pixels(reaches?.map { $0.intersection(area) } ?? [area]) {
            tree.draw(in: context, within: damage)
        } else {
            tree.draw(in: context, clearing: unchanged ? lastReaches.map { $0.intersection(area) } : [area])
        }
        if let stamp = context.writeStamp {
            lastContext = context
            lastStamp = stamp
            lastTree = tree
            lastReaches = reaches ?? [area]
        }
    }

    /// How many pixels `areas` hold, those of overlapping areas counted twice.
    private static func pixels(_ areas: [CGRect]) -> CGFloat {
        areas.reduce(0) { $0 + ($1.isNull ? 0 : $1.width * $1.height) }
    }

    /// The committed tree and its presentation at media time `time` (pending changes are
    /// committed first); nil without a layer. The render tree is made again only after a
    /// commit changed it.
    private func presentation(at time: CFTimeInterval) -> (RenderTree, PresentationTree)? {
        guard let layer else { return nil }
        CATransaction.flush()
        let renderTree = AnimationHost.shared.renderTree(of: layer)
        // Evaluated into the values of the frame before last: a tree patched since copies
        // only the layers that committed again, and evaluating allocates nothing.
        var frame = frames.older
        frames.older = frames.last
        frames.last = PresentationTree()
        renderTree.evaluate(at: time, into: &frame)
        frames.last = frame
        return (renderTree, frame)
    }

    /// An image of `context`'s pixels; throws only if the context cannot make one.
    public nonisolated static func image(of context: CGContext) throws(GraphicsError) -> CGImage {
        guard let image = context.makeImage() else { throw GraphicsError.invalidSize(width: context.width, height: context.height) }
        return image
    }
}

extension RenderTree {
    /// Draws `presentation` over `context`'s pixels, `bounds` mapped onto the context at
    /// `scale` (on top of the context's current transform); nothing for a presentation of
    /// another render tree. The frame tree is built once (offscreen work included), then
    /// the context's threads rasterize it in bands.
    func draw(_ presentation: PresentationTree, bounds: CGRect, scale: CGFloat, in context: CGContext) {
        guard presentation.source === identity else { return }
        let tree = frameTree(presentation, bounds: bounds, scale: scale, on: context.ctm, maximumThreadCount: context.maximumThreadCount)
        tree.draw(in: context)
    }

    /// Draws `presentation` (evaluated from this render tree) into a new image of `bounds`
    /// (points, in the root's superlayer space) at `scale` pixels per point; a presentation
    /// evaluated from another render tree gives a transparent image. Pure and `Sendable`: frames of a
    /// recording render in parallel.
    public func render(_ presentation: PresentationTree, bounds: CGRect, scale: CGFloat,
                       maximumThreadCount: Int = ProcessInfo.processInfo.activeProcessorCount) throws(GraphicsError) -> CGImage {
        let size = try Self.pixelSize(bounds: bounds, scale: scale)
        return try CGContext.image(width: size.width, height: size.height) { context in
            context.maximumThreadCount = maximumThreadCount
            draw(presentation, bounds: bounds, scale: scale, in: context)
        }
    }

    /// The frame tree of `presentation` (evaluated from this render tree), `bounds` mapped at `scale`
    /// pixels a point onto a device whose transform is `ctm`: what the frame draws, as plain
    /// values, before any pixel. Its text form (`description`) shows it.
    public func frameTree(_ presentation: PresentationTree, bounds: CGRect, scale: CGFloat, on ctm: CGAffineTransform = .identity,
                          maximumThreadCount: Int = ProcessInfo.processInfo.activeProcessorCount) -> FrameTree {
        guard presentation.source === identity else { return FrameTree(operations: []) }
        let placement = Self.placement(bounds: bounds, scale: scale)
        let canvas = FrameCanvas(ctm: ctm, maximumThreadCount: maximumThreadCount)
        canvas.reserveCapacity(8 * nodes.count + 8)
        canvas.concatenate(placement)
        FrameTreeBuilder(renderTree: self, presentation: presentation).draw(on: canvas)
        canvas.makePlanes()
        return canvas.tree
    }

    /// The map from the root's superlayer space to pixels: `bounds` onto the origin at `scale`.
    static func placement(bounds: CGRect, scale: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: scale, y: scale).translatedBy(x: -bounds.minX, y: -bounds.minY)
    }

    /// A transparent context of `bounds` at `scale`, its pixel size rounded up.
    static func makeContext(bounds: CGRect, scale: CGFloat) throws(GraphicsError) -> CGContext {
        let size = try pixelSize(bounds: bounds, scale: scale)
        return try CGContext(width: size.width, height: size.height)
    }

    /// The pixel size of an image of `bounds` at `scale`, rounded up. Throws for an empty,
    /// non-finite or unrepresentable size; sizes over `GraphicsLimits` throw when drawn.
    public static func pixelSize(bounds: CGRect, scale: CGFloat) throws(GraphicsError) -> (width: Int, height: Int) {
        let width = bounds.width * scale, height = bounds.height * scale
        guard width.isFinite, height.isFinite, scale > 0, width >= 1, height >= 1,
              width <= CGFloat(Int32.max), height <= CGFloat(Int32.max) else {
            func pixels(_ value: CGFloat) -> Int { value.isFinite ? Int(exactly: value.rounded(.up)) ?? .max : 0 }
            throw GraphicsError.invalidSize(width: pixels(width), height: pixels(height))
        }
        return (Int(width.rounded(.up)), Int(height.rounded(.up)))
    }
}
