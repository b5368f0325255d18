/// Where `FrameTreeBuilder` draws: it records the operations of a `FrameTree` instead of
/// painting, and keeps the transform from user space to device pixels as a `CGContext`
/// would (the same arithmetic, so what is built from it — the resolution of an offscreen
/// plane, a transition's pictures — matches the context the tree is rasterized into).
final class FrameCanvas {
    private(set) var operations: [FrameTree.Operation] = []
    /// User space → device pixels.
    private(set) var ctm: CGAffineTransform
    private var savedTransforms: [CGAffineTransform] = []
    private var groupTransforms: [CGAffineTransform] = []
    /// The threads offscreen work may use.
    let maximumThreadCount: Int

    init(ctm: CGAffineTransform, maximumThreadCount: Int) {
        self.ctm = ctm
        self.maximumThreadCount = max(maximumThreadCount, 1)
    }

    /// The tree drawn so far.
    var tree: FrameTree { FrameTree(operations: operations) }

    /// Device pixels per user-space unit: the square root of the CTM's area scale.
    var pointScale: CGFloat { abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot() }

    func saveGState() {
        savedTransforms.append(ctm)
        operations.append(.save)
    }

    func restoreGState() {
        if let saved = savedTransforms.popLast() { ctm = saved }
        operations.append(.restore)
    }

    /// Prepends `transform` to the CTM, as `CGContext.concatenate` does (a transform with
    /// non-finite entries is ignored).
    func concatenate(_ transform: CGAffineTransform) {
        let m = transform
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite) else { return }
        ctm = transform.concatenating(ctm)
        operations.append(.concatenate(transform))
    }

    func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    func clip(to path: CGPath) { operations.append(.clip(path)) }

    func setAlpha(_ alpha: CGFloat) { operations.append(.alpha(alpha)) }

    func setBlendMode(_ mode: CGBlendMode) { operations.append(.blendMode(mode)) }

    /// A layer's shadow: offset and radius in points.
    func setShadow(offset: CGSize, radius: CGFloat, color: CGColor?) {
        operations.append(.shadow(offset: offset, radius: radius, color: color))
    }

    /// Starts a group; as in `CGContext`, its end restores the state from its start.
    func beginTransparencyLayer(in bounds: CGRect? = nil) {
        groupTransforms.append(ctm)
        operations.append(.beginGroup(bounds: bounds))
    }

    func endTransparencyLayer() {
        if let outer = groupTransforms.popLast() { ctm = outer }
        operations.append(.endGroup)
    }

    func paint(_ paint: FramePaint) { operations.append(.paint(paint)) }

    /// A picture of `rect` (user space) at `scale` pixels a unit, drawn now by `draw` into a
    /// canvas of its own and rasterized: offscreen work, done once for the whole frame. Nil
    /// for an empty or too large picture.
    func picture(of rect: CGRect, scale: CGFloat, _ draw: (FrameCanvas) -> Void) -> CGImage? {
        let width = Int((rect.width * scale).rounded(.up)), height = Int((rect.height * scale).rounded(.up))
        guard width > 0, height > 0, width * height <= 16_777_216, let plane = try? CGContext(width: width, height: height) else { return nil }
        plane.maximumThreadCount = maximumThreadCount
        plane.scaleBy(x: scale, y: scale)
        plane.translateBy(x: -rect.minX, y: -rect.minY)
        let canvas = FrameCanvas(ctm: plane.ctm, maximumThreadCount: maximumThreadCount)
        draw(canvas)
        plane.drawInBands { canvas.tree.rasterize(in: $0) }
        return plane.makeImage()
    }
}
