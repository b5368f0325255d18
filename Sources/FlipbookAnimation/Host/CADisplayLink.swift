
/// A timer that fires once per host frame, as Core Animation's `CADisplayLink`. Linux has
/// no selectors, so it calls a closure. Add it to a run loop to start it; the headless
/// host (`AnimationHost`) fires it at the start of each tick.
@MainActor
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void
    /// Media time of the frame being prepared when the handler runs.
    public private(set) var timestamp: CFTimeInterval = 0
    /// Media time of the next frame.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between frames at the host's rate.
    public private(set) var duration: CFTimeInterval = 0
    /// Paused links stay registered but do not fire.
    public var isPaused = false
    public var preferredFrameRateRange: CAFrameRateRange = .default
    /// Frames per second wanted; 0 means the host's rate.
    public var preferredFramesPerSecond: Int = 0
    private var lastFire: CFTimeInterval?
    private(set) var isInvalidated = false

    /// A link that calls `handler` with itself on every frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Starts firing on the host's ticks (the run loop and mode are accepted for Apple
    /// compatibility; the headless host has one loop).
    public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !isInvalidated else { return }
        AnimationHost.shared.register(self)
    }

    /// Stops firing.
    public func remove(from runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        AnimationHost.shared.unregister(self)
    }

    /// Stops firing for good and releases the handler's captures at the next tick.
    public func invalidate() {
        isInvalidated = true
        AnimationHost.shared.unregister(self)
    }

    /// Fires for a frame at `time` when not paused and its preferred rate allows.
    func fire(at time: CFTimeInterval, frameInterval: CFTimeInterval) {
        guard !isPaused, !isInvalidated else { return }
        let preferred = preferredFramesPerSecond > 0 ? Double(preferredFramesPerSecond)
            : Double(preferredFrameRateRange.preferred ?? 0)
        let interval = preferred > 0 ? max(1 / preferred, frameInterval) : frameInterval
        if let lastFire, time - lastFire < interval - frameInterval / 2 { return }
        lastFire = time
        timestamp = time
        duration = interval
        targetTimestamp = time + interval
        handler(self)
    }
}
