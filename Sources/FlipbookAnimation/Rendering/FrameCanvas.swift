import Foundation

/// Where `FrameTreeBuilder` draws: it records the operations of a `FrameTree` instead of
/// painting, and keeps the transform from user space to device pixels as a `CGContext`
/// would (the same arithmetic, so what is built from it — the resolution of an offscreen
/// plane, a transition's pictures — matches the context the tree is rasterized into).
final class FrameCanvas {
    @exclusivity(unchecked) private(set) var operations: [FrameTree.Operation] = []
    /// User space → device pixels.
    @exclusivity(unchecked) private(set) var ctm: CGAffineTransform
    /// The alpha set last (absolute, as `CGContext.setAlpha` sets it), so setting the same
    /// again records nothing; nil until known (the context's own alpha is not).
    @exclusivity(unchecked) private var alpha: CGFloat?
    /// Each open save: the state to restore, where its `.save` is once something changed
    /// the state outside inner brackets (until then the bracket is not needed, and nothing
    /// is recorded for it), and the device pixels its drawing can reach, when known.
    /// A bracket opened outside a group is not opened by changes inside it: the group's end
    /// restores the state from its start (`groups` deep when it was saved).
    @exclusivity(unchecked) private var saved: [(ctm: CGAffineTransform, alpha: CGFloat?, clipBoundingBox: CGRect, operation: Int?,
                                                 reach: CGRect?, groups: Int)] = []
    @exclusivity(unchecked) private var groups: [(ctm: CGAffineTransform, alpha: CGFloat?, clipBoundingBox: CGRect)] = []
    /// A device rectangle holding the clip: the bounding boxes of the paths clipped to
    /// (a clip to a stroke's outline is not counted; the rectangle only holds more).
    @exclusivity(unchecked) private(set) var clipBoundingBox = CGRect.infinite
    /// The threads offscreen work may use.
    let maximumThreadCount: Int
    /// The paths trimmed for the strokes painted on this canvas, by the path trimmed: the
    /// path itself (kept, so that its identity holds), the fractions and the part kept.
    private var trimmed: [ObjectIdentifier: [(path: CGPath, start: Double, end: Double, part: CGPath)]] = [:]
    /// The planes drawn offscreen whose pixels are still to be made, shared by the canvas
    /// of the frame and those of its planes; and how deep in planes this canvas is.
    private let planes: Planes
    private let depth: Int

    /// The frame's planes, innermost added first.
    private final class Planes {
        var list: [OffscreenPlane] = []
    }

    init(ctm: CGAffineTransform, maximumThreadCount: Int) {
        self.ctm = ctm
        self.maximumThreadCount = max(maximumThreadCount, 1)
        planes = Planes()
        depth = 0
    }

    private init(ctm: CGAffineTransform, maximumThreadCount: Int, planes: Planes, depth: Int) {
        self.ctm = ctm
        self.maximumThreadCount = maximumThreadCount
        self.planes = planes
        self.depth = depth
    }

    /// The tree drawn so far.
    var tree: FrameTree { FrameTree(operations: operations) }

    /// Device pixels per user-space unit, as `CGContext.pointScale` measures it.
    var pointScale: CGFloat { ctm.pointScale }

    /// The part of `path` between fractions `start` and `end` of its length, as a shape
    /// layer's `strokeStart` and `strokeEnd` keep it (`ShapeStroke.stroked`), made once for
    /// all the paints of this canvas: the replicas of a layer draw the same path, trimmed
    /// the same.
    func trimmedPath(_ path: CGPath, from start: Double, to end: Double) -> CGPath {
        if start <= 0, end >= 1 { return path }
        let key = ObjectIdentifier(path)
        if let made = trimmed[key]?.first(where: { $0.path === path && $0.start == start && $0.end == end }) { return made.part }
        let part = ShapeStroke.stroked(path, from: start, to: end)
        trimmed[key, default: []].append((path, start, end, part))
        return part
    }

    /// How many operations are recorded.
    var operationCount: Int { operations.count }
    /// How many paints are recorded.
    private(set) var paintCount = 0

    /// Forgets the operations recorded from index `start` on, which must not paint: what
    /// was drawn since, its brackets closed, draws nothing.
    func discard(from start: Int) { operations.removeSubrange(start...) }

    /// Room for `count` operations, so that recording a frame does not grow the list.
    func reserveCapacity(_ count: Int) { operations.reserveCapacity(count) }

    /// Saves the state. The `.save` is recorded only when something in the bracket changes
    /// the state (what comes before that draws the same outside it), so the tree holds no
    /// brackets that do nothing.
    func saveGState() {
        saved.append((ctm, alpha, clipBoundingBox, nil, nil, groups.count))
    }

    /// Restores the state saved last.
    func restoreGState() {
        // Read in place and dropped: popping the state would copy all of it.
        guard let last = saved.indices.last else { return }
        (ctm, alpha, clipBoundingBox) = (saved[last].ctm, saved[last].alpha, saved[last].clipBoundingBox)
        if let operation = saved[last].operation {
            operations[operation] = .save(reach: saved[last].reach, restore: operations.count)
            operations.append(.restore)
        }
        saved.removeLast()
    }

    /// Records the `.save` of the bracket saved last, if not yet recorded and if no group
    /// has begun since (a group's changes end with it).
    private func openBracket() {
        guard let last = saved.indices.last, saved[last].operation == nil, saved[last].groups == groups.count else { return }
        saved[last].operation = operations.count
        operations.append(.save(reach: nil, restore: -1))   // completed by its restore
    }

    /// Says that everything drawn from here until the bracket saved last is restored lies
    /// within `rect` (user space), its shadows included: a band that the rectangle does
    /// not reach skips the bracket. Two device pixels are added around it for what
    /// sampling and whole-pixel pictures spill. Keeps the bracket, which has a use now.
    func bound(_ rect: CGRect) {
        guard !saved.isEmpty, !rect.isNull else { return }
        openBracket()
        saved[saved.count - 1].reach = rect.applying(ctm).insetBy(dx: -2, dy: -2)
    }

    /// Records an operation that changes the graphics state.
    private func change(_ operation: FrameTree.Operation) {
        openBracket()
        operations.append(operation)
    }

    /// Prepends `transform` to the CTM, as `CGContext.concatenate` does (a transform with
    /// non-finite entries is ignored).
    func concatenate(_ transform: CGAffineTransform) {
        let m = transform
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite), !m.isIdentity else { return }
        ctm = transform.concatenating(ctm)
        change(.concatenate(transform))
    }

    func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    func clip(to path: CGPath, rule: CGPathFillRule = .winding) {
        clipBoundingBox = clipBoundingBox.intersection(path.boundingBoxOfPath.applying(ctm))
        change(.clip(path, rule))
    }

    /// Intersects the clip with the outline `stroke` paints of `path`.
    func clip(toStrokeOf path: CGPath, _ stroke: ShapeStroke) { change(.clipToStroke(path, stroke)) }

    func setAlpha(_ alpha: CGFloat) {
        guard alpha != self.alpha else { return }
        self.alpha = alpha
        change(.alpha(alpha))
    }

    func setBlendMode(_ mode: CGBlendMode) { change(.blendMode(mode)) }

    /// A layer's shadow: offset and radius in points.
    func setShadow(offset: CGSize, radius: CGFloat, color: CGColor?) {
        change(.shadow(offset: offset, radius: radius, color: color))
    }

    /// Starts a group; as in `CGContext`, its end restores the state from its start.
    func beginTransparencyLayer(in bounds: CGRect? = nil) {
        groups.append((ctm, alpha, clipBoundingBox))
        alpha = 1
        operations.append(.beginGroup(bounds: bounds))
    }

    func endTransparencyLayer() {
        if let outer = groups.popLast() { (ctm, alpha, clipBoundingBox) = outer }
        operations.append(.endGroup)
    }

    /// Turns the innermost group's pixels into a luminance mask when it ends.
    func convertGroupLuminanceToAlpha() { operations.append(.maskToAlpha) }

    func paint(_ paint: FramePaint) {
        paintCount += 1
        operations.append(.paint(paint))
    }

    /// A plane of `rect` (user space) at `scale` pixels a unit, drawn now by `draw` onto a
    /// canvas of its own; its pixels are made by `makePlanes()`, with every other plane
    /// of the frame. Nil for an empty or too large plane.
    func plane(of rect: CGRect, scale: CGFloat, _ draw: (FrameCanvas) -> Void) -> OffscreenPlane? {
        guard let (width, height) = Self.pixelSize(of: rect, scale: scale) else { return nil }
        let canvas = FrameCanvas(ctm: OffscreenPlane.transform(of: rect, scale: scale), maximumThreadCount: maximumThreadCount,
                                 planes: planes, depth: depth + 1)
        draw(canvas)
        let plane = OffscreenPlane(rect: rect, scale: scale, width: width, height: height, tree: canvas.tree, depth: depth + 1)
        planes.list.append(plane)
        return plane
    }

    /// Makes the pixels of every plane drawn so far, innermost first: the planes of one
    /// depth side by side, each on its share of the threads.
    func makePlanes() {
        let recorded = planes.list
        planes.list = []
        for depth in Set(recorded.map(\.depth)).sorted(by: >) {
            let level = recorded.filter { $0.depth == depth }
            let workers = min(maximumThreadCount, level.count)
            let each = max(1, maximumThreadCount / level.count)
            guard workers > 1 else {
                for plane in level { plane.make(threads: each) }
                continue
            }
            WorkerPool.shared.perform(iterations: workers) { worker in
                for k in stride(from: worker, to: level.count, by: workers) { level[k].make(threads: each) }
            }
        }
    }

    /// The whole pixels of a picture of `rect` at `scale`; nil when empty or over 16 Mpx.
    private static func pixelSize(of rect: CGRect, scale: CGFloat) -> (Int, Int)? {
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width > 0, height > 0, width * height <= 16_777_216 else { return nil }
        return (Int(width), Int(height))
    }

    /// A picture of `rect` (user space) at `scale` pixels a unit, drawn now by `draw` into a
    /// canvas of its own and rasterized: offscreen work, done once for the whole frame. Nil
    /// for an empty or too large picture.
    func picture(of rect: CGRect, scale: CGFloat, _ draw: (FrameCanvas) -> Void) -> CGImage? {
        Self.picture(of: rect, scale: scale, threads: maximumThreadCount, draw)
    }

    /// Two independent pictures of `rect`, made side by side when there are threads for
    /// it: each on its own, so no two threads share one picture's bands (and each repeat
    /// its blur margins).
    func pictures(of rect: CGRect, scale: CGFloat, _ first: (FrameCanvas) -> Void,
                  _ second: (FrameCanvas) -> Void) -> (CGImage?, CGImage?) {
        guard maximumThreadCount > 1 else { return (picture(of: rect, scale: scale, first), picture(of: rect, scale: scale, second)) }
        let each = maximumThreadCount / 2
        return withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                // Each thread writes its own element of the buffer.
                let made = UnsafeMutableBufferPointer<CGImage?>.allocate(capacity: 2)
                made.initialize(repeating: nil)
                defer { made.deallocate() }
                nonisolated(unsafe) let work = (first, second, made)
                DispatchQueue.concurrentPerform(iterations: 2) { k in
                    work.2[k] = Self.picture(of: rect, scale: scale, threads: each, k == 0 ? work.0 : work.1)
                }
                return (made[0], made[1])
            }
        }
    }

    /// Records `draw` as a plane of its own, makes the planes inside it, then its pixels.
    private static func picture(of rect: CGRect, scale: CGFloat, threads: Int, _ draw: (FrameCanvas) -> Void) -> CGImage? {
        guard let (width, height) = pixelSize(of: rect, scale: scale) else { return nil }
        let canvas = FrameCanvas(ctm: OffscreenPlane.transform(of: rect, scale: scale), maximumThreadCount: threads)
        draw(canvas)
        canvas.makePlanes()
        let plane = OffscreenPlane(rect: rect, scale: scale, width: width, height: height, tree: canvas.tree, depth: 0)
        plane.make(threads: threads)
        return plane.image
    }
}
