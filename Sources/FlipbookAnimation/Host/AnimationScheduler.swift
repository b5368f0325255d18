/// One animation added to a layer: the copy the layer owns, its render-tree model once
/// committed, and where it is in its life. Changed under `CATransaction.lock()`.
final class AnimationRecord {
    let key: String?
    let animation: CAAnimation
    weak var layer: CALayer?
    /// The transaction's duration when it was added (for durations of 0 or less).
    let defaultDuration: Double
    /// The value on screen when it was added, for basic animations with no values.
    let previous: AnimatableValue?
    var committed: RenderAnimation?
    var started = false
    var stopped = false
    weak var completion: CompletionGroup?

    init(key: String?, animation: CAAnimation, layer: CALayer, previous: AnimatableValue?) {
        self.key = key
        self.animation = animation
        self.layer = layer
        self.previous = previous
        defaultDuration = CATransaction.animationDuration()
        completion = CATransaction.currentCompletion
        CATransaction.locked { _ = completion?.members.insert(ObjectIdentifier(self)) }
    }

    /// Whether its start or stop changes anything: a delegate hears them, a completion block
    /// waits for the stop, or the stop removes the animation. Fixed once added, since the
    /// layer's copy is never changed.
    var isHeard: Bool { animation.delegate != nil || completion != nil || animation.isRemovedOnCompletion }

    /// Marks the animation stopped, tells its delegate, and releases its completion group.
    @MainActor
    func stop(finished: Bool) {
        guard !stopped else { return }
        stopped = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        CATransaction.locked { _ = completion?.members.remove(ObjectIdentifier(self)) }
    }
}

/// Tells animation delegates when animations start and stop, in media-time order, and
/// removes finished animations from their layers. Animations are added from any thread;
/// their delegates hear of them on the main queue, in the host's tick.
enum AnimationScheduler {
    /// Guarded by `CATransaction.lock()`.
    nonisolated(unsafe) private static var records: [AnimationRecord] = []
    /// Animations removed or replaced, told `finished: false` at the main queue's next
    /// commit (guarded by `CATransaction.lock()`).
    nonisolated(unsafe) private static var removed: [AnimationRecord] = []

    /// Follows `record` from now on, unless nothing hears its start and stop (a kept
    /// animation without delegate or completion block, as a Lottie file's thousands are):
    /// then each tick would look it up for nothing.
    static func register(_ record: AnimationRecord) {
        guard record.isHeard else { return }
        CATransaction.locked { records.append(record) }
    }

    static func noteRemoved(_ record: AnimationRecord) { CATransaction.locked { removed.append(record) } }

    /// Delivers the stops of removed animations.
    @MainActor
    static func deliverPendingStops() {
        let stops = CATransaction.locked {
            defer { removed = [] }
            return removed
        }
        for record in stops { record.stop(finished: false) }
        CATransaction.locked { records.removeAll { $0.stopped } }
    }

    /// Delivers every start and stop due by media time `now`, earliest first.
    @MainActor
    static func process(at now: Double) {
        let events = CATransaction.locked {
            var events: [(time: Double, order: Int, start: Bool, record: AnimationRecord)] = []
            for (order, record) in records.enumerated() {
                guard let layer = record.layer, let committed = record.committed else { continue }
                let interval = layer.globalActiveInterval(of: committed)
                if !record.started, let start = interval.start, start <= now {
                    events.append((start, order, true, record))
                }
                if let end = interval.end, end <= now {
                    events.append((end, order, false, record))
                }
            }
            return events.sorted { ($0.time, $0.start ? 0 : 1, $0.order) < ($1.time, $1.start ? 0 : 1, $1.order) }
        }
        for event in events {
            let record = event.record
            if event.start {
                guard !record.started else { continue }
                record.started = true
                record.animation.delegate?.animationDidStart(record.animation)
            } else if !record.stopped {
                if !record.started {
                    record.started = true
                    record.animation.delegate?.animationDidStart(record.animation)
                }
                if record.animation.isRemovedOnCompletion { record.layer?.removeRecord(record) }
                record.stop(finished: true)
            }
        }
        CATransaction.locked { records.removeAll { $0.stopped || $0.layer == nil } }
        CATransaction.runFinishedCompletions()
    }

    /// Forgets every animation: none of them will be heard of again, so their delegates are
    /// let go. An animation's delegate is often a UIKit animation block that holds the views
    /// whose layers hold the animation; left in place, an animation abandoned mid-way (a
    /// scene dropped for another) would keep its whole view tree alive for ever.
    static func reset() {
        let forgotten = CATransaction.locked {
            defer {
                records = []
                removed = []
            }
            return records + removed
        }
        for record in forgotten where !record.stopped { record.animation.delegate = nil }
    }
}
