import Foundation

extension FrameTree {
    /// Clears the pixels of `areas` (device space) the frame does not paint opaquely over
    /// (its `opaqueCover` through the context's transform).
    func clearUncovered(_ areas: [CGRect], in context: CGContext) {
        guard !areas.isEmpty else { return }
        let cover = opaqueCover(ctm: context.ctm) ?? .null
        for area in areas { context.clear(devicePixels: area, except: cover) }
    }

    /// The whole device pixels the frame paints with an opaque colour whatever lies
    /// beneath them, when there are any: the largest such rectangle of a paint drawn
    /// outside every group, at full alpha in the normal blend mode, through rectangular
    /// clips only, that fills an axis-aligned rectangle with an opaque colour (a square
    /// background, a shape layer's rectangle). Source over an opaque colour at full
    /// coverage replaces the pixel, so what lay there before — the last frame, say — needs
    /// no clearing first. `ctm` is the device transform the frame is drawn through.
    func opaqueCover(ctm: CGAffineTransform) -> CGRect? {
        struct State {
            var ctm: CGAffineTransform
            /// The device pixels the clip keeps whole (infinite unclipped, null when a
            /// clip is not a rectangle).
            var clip = CGRect.infinite
            var alpha: CGFloat = 1
            var blendMode = CGBlendMode.normal
            var inGroup = false
        }
        var state = State(ctm: ctm), saved: [State] = []
        var best: CGRect?
        for operation in operations {
            switch operation {
            case .save: saved.append(state)
            case .restore, .endGroup: state = saved.popLast() ?? state
            case .beginGroup:
                saved.append(state)
                state.inGroup = true
            case .concatenate(let transform): state.ctm = transform.concatenating(state.ctm)
            case .clip(let path, _):
                state.clip = state.clip.intersection(path.axisAlignedRectangle.flatMap { Self.wholePixels(of: $0, through: state.ctm) } ?? .null)
            case .clipToStroke: state.clip = .null
            case .alpha(let alpha): state.alpha = alpha
            case .blendMode(let mode): state.blendMode = mode
            case .shadow, .maskToAlpha: break
            case .paint(let paint):
                guard !state.inGroup, state.alpha >= 1, state.blendMode == .normal, let rect = paint.opaqueRectangle,
                      let pixels = Self.wholePixels(of: rect, through: state.ctm) else { continue }
                let cover = pixels.intersection(state.clip)
                if !cover.isEmpty, cover.width * cover.height > (best.map { $0.width * $0.height } ?? 0) { best = cover }
            }
        }
        return best
    }

    /// The device pixels lying wholly inside `rect` mapped through `ctm`, when the map
    /// keeps it axis-aligned (turned by a quarter if at all).
    static func wholePixels(of rect: CGRect, through ctm: CGAffineTransform) -> CGRect? {
        guard (ctm.b == 0 && ctm.c == 0) || (ctm.a == 0 && ctm.d == 0) else { return nil }
        let device = rect.applying(ctm)
        guard device.isFinite else { return nil }
        let x0 = device.minX.rounded(.up), y0 = device.minY.rounded(.up)
        let x1 = device.maxX.rounded(.down), y1 = device.maxY.rounded(.down)
        return x1 > x0 && y1 > y0 ? CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
