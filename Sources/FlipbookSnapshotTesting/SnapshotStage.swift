import Flipbook
import Foundation

/// A layer tree set up for snapshots: the layer drawn as the root, the part of its
/// superlayer's space drawn and the scale; it moves the manual clock and draws.
@MainActor
struct SnapshotStage {
    let layer: CALayer
    let region: CGRect
    let scale: CGFloat
    private let host = AnimationHost.shared

    /// Checks that `region` at `scale` makes a drawable picture.
    init(layer: CALayer, region: CGRect, scale: CGFloat) throws(SnapshotError) {
        try Self.check(region.size, scale: scale)
        self.layer = layer
        self.region = region
        self.scale = scale
    }

    /// Throws unless `size` points at `scale` make a picture of at least one pixel and
    /// within `GraphicsLimits`.
    static func check(_ size: CGSize, scale: CGFloat) throws(SnapshotError) {
        do {
            let pixels = try RenderTree.pixelSize(bounds: CGRect(origin: .zero, size: size), scale: scale)
            try GraphicsLimits.check(width: pixels.width, height: pixels.height)
        } catch {
            throw .invalidSize(size, scale: scale)
        }
    }

    /// Ends the current turn of the run loop — a tick now commits what changed, so
    /// animations added since begin now, as on a device — then moves the manual clock to
    /// `time` (media time), ticking the host at its frame rate on the way as a screen
    /// refreshing would, so display links, timers and delayed work run.
    func advance(to time: CFTimeInterval) throws(SnapshotError) {
        guard MediaClock.shared.isManual else { throw .clockNotManual }
        guard time.isFinite else { throw .invalidTime(time) }
        host.withRoot(layer) {
            host.tick()
            let now = CACurrentMediaTime()
            if time > now { host.run(for: time - now) }
        }
    }

    /// The frame at the current media time.
    func image() throws(SnapshotError) -> CGImage {
        let tree = host.renderTree(of: layer)
        do { return try tree.render(tree.evaluate(at: CACurrentMediaTime()), bounds: region, scale: scale) } catch {
            throw .rendering(error.description)
        }
    }

    /// The text form of the frame tree at the current media time.
    func frameTreeDescription() -> String {
        let tree = host.renderTree(of: layer)
        return tree.frameTree(tree.evaluate(at: CACurrentMediaTime()), bounds: region, scale: scale).description
    }

    /// Records `duration` seconds from now at `framesPerSecond` into `sink`.
    func record(duration: CFTimeInterval, framesPerSecond: Double, into sink: any FrameSink) throws(SnapshotError) {
        guard MediaClock.shared.isManual else { throw .clockNotManual }
        guard duration.isFinite, duration >= 0, framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw .invalidRecording(duration: duration, framesPerSecond: framesPerSecond)
        }
        do { try Recorder(layer: layer, bounds: region, scale: scale, host: host).record(duration: duration, framesPerSecond: framesPerSecond, to: sink) } catch {
            throw .rendering(error.description)
        }
    }
}
