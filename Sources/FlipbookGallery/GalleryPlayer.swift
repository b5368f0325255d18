import FlipbookAnimation
import Flipbook
import FlipbookGraphics

/// Plays gallery scenes to any time, for previews and scrubbing: the frame of a scene at
/// time `t` is the scene built fresh and ticked at `framesPerSecond` up to `t`, as a
/// recording at that rate would tick it, then rendered at `t`. So a frame depends only on
/// the scene, the settings and `t`, not on what was asked before. The scene last played is
/// kept and ticked on when the next time asked is later; an earlier time, or another
/// scene, builds afresh. Times are clamped to the scene's length, so no time asked — however
/// large — costs more than playing the whole scene once.
@MainActor
public final class GalleryPlayer {
    /// What the scenes are built with; `scale` is also the frames' pixels a point.
    public let settings: GalleryScene.Settings
    /// The rate of the ticks that move a scene forward.
    public let framesPerSecond: Double
    private var current: (name: String, stage: GalleryStage, ticks: Int)?

    public init(settings: GalleryScene.Settings = .init(), framesPerSecond: Double = 30) {
        self.settings = settings
        self.framesPerSecond = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 30
    }

    /// How long the scene plays, in seconds.
    public func duration(of scene: GalleryScene) -> CFTimeInterval {
        if let kept = current, kept.name == scene.name { return kept.stage.duration }
        current = (scene.name, scene.makeStage(settings), 0)
        return current!.stage.duration
    }

    /// The scene's frame at `time` seconds, clamped to 0…its duration (NaN counts as 0).
    public func frame(of scene: GalleryScene, at time: Double) throws(GraphicsError) -> CGImage {
        let time = min(time.isNaN ? 0 : max(time, 0), duration(of: scene))
        let lastTick = Int((time * framesPerSecond + 1e-9).rounded(.down))
        var playing: (name: String, stage: GalleryStage, ticks: Int)
        if let kept = current, kept.name == scene.name, kept.ticks <= lastTick {
            playing = kept
        } else {
            playing = (scene.name, scene.makeStage(settings), 0)
        }
        while playing.ticks < lastTick {
            playing.ticks += 1
            MediaClock.shared.setManual(Double(playing.ticks) / framesPerSecond)
            AnimationHost.shared.tick()
        }
        current = playing
        return try CARenderer(layer: playing.stage.layer, bounds: playing.stage.bounds, scale: settings.scale).render(at: time)
    }
}
