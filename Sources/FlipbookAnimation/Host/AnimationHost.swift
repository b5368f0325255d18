/// The headless stand-in for the main run loop: each tick advances nothing by itself but
/// does, at the current media time, what a turn of UIKit's run loop does — fire display
/// links, run the delayed work that is due (`schedule(after:_:)`, and with the manual
/// clock `DispatchQueue.main.asyncAfter` and `Timer`), lay out and display the registered
/// layer trees, commit the implicit transaction, then tell animation delegates what
/// started and stopped.
///
/// With `MediaClock.shared` in manual mode, `advance(by:)` moves the clock and ticks, so a
/// scene steps through exact times without sleeping.
@MainActor
public final class AnimationHost {
    public static let shared = AnimationHost()

    /// Ticks per second when stepping with `run(for:)`, and the display links' rate.
    public var framesPerSecond: Double = 60
    /// Roots of the layer trees laid out and displayed on each tick.
    public var rootLayers: [CALayer] = []
    private var displayLinks: [CADisplayLink] = []
    /// Work waiting for its media time, in the order it was scheduled.
    private var scheduledWork: [ScheduledWork] = []
    /// The last render tree made, what it was made from, and its layers in node order.
    private var cachedRenderTree: (root: CALayer, commit: Int, structure: Int, snapshot: RenderTree, layers: [CALayer])?

    public init() {}

    func register(_ link: CADisplayLink) {
        if !displayLinks.contains(where: { $0 === link }) { displayLinks.append(link) }
    }

    func unregister(_ link: CADisplayLink) { displayLinks.removeAll { $0 === link } }

    /// One turn of the loop at the current media time.
    public func tick() {
        let now = CACurrentMediaTime()
        let interval = framesPerSecond > 0 && framesPerSecond.isFinite ? 1 / framesPerSecond : 1.0 / 60
        for link in displayLinks { link.fire(at: now, frameInterval: interval) }
        for work in HostInbox.take() { work() }
        runDueWork(at: now)
        finishTurn()
    }

    /// The end of a turn of the run loop: lays out and displays the registered trees,
    /// commits the implicit transaction, then tells animation delegates what started and
    /// stopped. `tick()` ends with it; synthetic input calls it after delivering an event,
    /// as UIKit commits what an event handler changed in the same turn.
    public func finishTurn() {
        let now = CACurrentMediaTime()
        for root in rootLayers { root.layoutIfNeeded() }
        CATransaction.flush()
        AnimationScheduler.process(at: now)
        // Delegates may have changed layers: commit that too, as the next turn would.
        CATransaction.flush()
    }

    /// Runs `body` with `layer` among `rootLayers` (laid out and displayed by each tick),
    /// then takes it out again unless it was a root already: how a recording or a snapshot
    /// drives a layer tree that no window holds.
    public func withRoot<Result, Failure: Error>(_ layer: CALayer, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let added = !rootLayers.contains { $0 === layer }
        if added { rootLayers.append(layer) }
        defer { if added { rootLayers.removeAll { $0 === layer } } }
        return try body()
    }

    /// The render tree of `root` as last committed: the same snapshot until a commit
    /// changes some layer, so recording a still scene does not copy it every frame; after
    /// commits that changed only values and timing (a scrubbed `timeOffset`, a moved
    /// layer), the last snapshot patched with the layers that committed.
    public func renderTree(of root: CALayer) -> RenderTree {
        CATransaction.locked {
            let commit = CATransaction.commitCount, structure = CATransaction.structureCount
            if let cached = cachedRenderTree, cached.root === root, cached.commit == commit, cached.structure == structure {
                return cached.snapshot
            }
            // Taken out of the cache, so the snapshot is patched in place.
            if case let (cachedRoot, _, cachedStructure, snapshot, layers)? = cachedRenderTree.take(),
               cachedRoot === root, cachedStructure == structure, let snapshot = (consume snapshot).recommitted(layers) {
                cachedRenderTree = (root, commit, structure, snapshot, layers)
                return snapshot
            }
            var layers: [CALayer] = []
            let snapshot = RenderTree(root: root) { layers.append($0) }
            cachedRenderTree = (root, commit, structure, snapshot, layers)
            return snapshot
        }
    }

    /// Moves the shared media clock forward by `seconds` (switching it to manual) and ticks.
    public func advance(by seconds: CFTimeInterval) {
        MediaClock.shared.advance(by: seconds)
        tick()
    }

    /// Ticks at `framesPerSecond` until `seconds` of media time have passed.
    public func run(for seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        let step = 1 / (framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : 60)
        let end = CACurrentMediaTime() + seconds
        while CACurrentMediaTime() + step / 2 < end { advance(by: step) }
        MediaClock.shared.setManual(end)
        tick()
    }

    /// Starts from a clean slate: manual clock at `time`, no open transactions, no
    /// pending animation events, no display links, no roots.
    public func reset(time: CFTimeInterval = 0) {
        MediaClock.shared.setManual(time)
        CATransaction.reset()
        AnimationScheduler.reset()
        displayLinks = []
        scheduledWork = []
        rootLayers = []
        cachedRenderTree = nil
    }

    // MARK: Delayed work

    /// Runs `work` in the first tick at or after `seconds` from now (Flipbook's addition:
    /// the headless form of `DispatchQueue.main.asyncAfter`). A delay of 0 runs it in the
    /// next tick, as work queued on the main queue runs in the next turn of the run loop;
    /// a negative or NaN delay counts as 0.
    public func schedule(after seconds: CFTimeInterval, _ work: @escaping @MainActor () -> Void) {
        schedule(at: CACurrentMediaTime() + (seconds.isNaN ? 0 : max(seconds, 0)), work)
    }

    /// Runs `work` in the first tick at or after media time `time` (the next tick when
    /// that time has passed).
    func schedule(at time: CFTimeInterval, _ work: @escaping @MainActor () -> Void) {
        scheduledWork.append(ScheduledWork(time: time, work: work))
    }

    /// Whether any delayed work is waiting.
    public var hasScheduledWork: Bool { !scheduledWork.isEmpty }

    /// Runs, in order of time and then of scheduling, the work due at `now` that was
    /// scheduled before this tick; work it schedules waits for a later tick.
    private func runDueWork(at now: CFTimeInterval) {
        let due = scheduledWork.enumerated().filter { $0.element.time <= now }
        guard !due.isEmpty else { return }
        scheduledWork = scheduledWork.filter { $0.time > now }
        for (_, item) in due.sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) {
            item.work()
        }
    }
}

/// One piece of delayed work.
private struct ScheduledWork {
    let time: CFTimeInterval
    let work: @MainActor () -> Void
}
