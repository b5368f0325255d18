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
        do {
            let size = try RenderTree.pixelSize(bounds: region, scale: scale)
            try GraphicsLimits.check(width: size.width, height: size.height)
        } catch {
            throw .invalidSize(region.size, scale: scale)
        }
        self.layer = layer
        self.region = region
        self.scale = scale
    }

    /// Ends the current turn of the run loop — a tick now commits what changed, so
    /// animations added since begin now, as on a device — then moves the manual clock to
    /// `time` (media time), ticking the host at its frame rate on the way as a screen
    /// refreshing would, so display links, timers and delayed work run.
    func advance(to time: CFTimeInterval) throws(SnapshotError) {
        guard MediaClock.shared.isManual else { throw .clockNotManual }
        guard time.isFinite else { throw .invalidTime(time) }
        withRoot {
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

    /// Runs `body` with the layer among the host's roots, so that each tick lays it out.
    private func withRoot(_ body: () -> Void) {
        let added = !host.rootLayers.contains { $0 === layer }
        if added { host.rootLayers.append(layer) }
        body()
        if added { host.rootLayers.removeAll { $0 === layer } }
    }
}
