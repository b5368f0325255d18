import FlipbookAnimation
import FlipbookGraphics

/// One scene of Flipbook's gallery: a seed's system, built fresh at media time 0 and
/// animating by itself, with any taps it needs scripted on the host's clock.
///
/// `makeStage(_:)` builds it; `Recorder` records the stage's layer, and the same settings
/// give the same frames on every run.
///
/// ```swift
/// let stage = Gallery.scene(named: "magnifier")!.makeStage(.init(randomSeed: 7))
/// try Recorder(layer: stage.layer, bounds: stage.bounds, scale: 1)
///     .record(duration: stage.duration, framesPerSecond: 15, from: 0, to: URL(fileURLWithPath: "loupe.gif"))
/// ```
public struct GalleryScene: Sendable {
    /// What a scene is built with.
    public struct Settings: Sendable, Equatable {
        /// The canvas in points; nil for the scene's own `size`.
        public var size: CGSize?
        /// Pixels a point the scene's own bitmaps are made at (a transition overlay's
        /// filter output): the recording's scale, so nothing is filtered at more pixels
        /// than are recorded.
        public var scale: CGFloat
        /// The seed of the scene's random choices (the loupe's path, the confetti).
        public var randomSeed: UInt64

        public init(size: CGSize? = nil, scale: CGFloat = 1, randomSeed: UInt64 = 1) {
            self.size = size
            self.scale = scale
            self.randomSeed = randomSeed
        }
    }

    /// The scene's name in the gallery and on the command line (`transition-mod`).
    public let name: String
    /// Where the scene comes from: the seed and its system, in a few words.
    public let title: String
    /// A sentence on what it shows.
    public let summary: String
    /// The canvas in points when the settings give none.
    public let size: CGSize
    let build: @MainActor @Sendable (_ size: CGSize, _ settings: Settings) -> GalleryStage

    init(name: String, title: String, summary: String, size: CGSize,
         build: @escaping @MainActor @Sendable (_ size: CGSize, _ settings: Settings) -> GalleryStage) {
        self.name = name
        self.title = title
        self.summary = summary
        self.size = size
        self.build = build
    }

    /// Builds the scene at media time 0 on the shared host (which is reset first), with
    /// its animations committed and its scripted input scheduled.
    @MainActor
    public func makeStage(_ settings: Settings = Settings()) -> GalleryStage {
        AnimationHost.shared.reset(time: 0)
        let stage = build(settings.size ?? size, settings)
        AnimationHost.shared.tick()
        return stage
    }
}
