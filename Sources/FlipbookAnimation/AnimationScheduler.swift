/// One animation added to a layer: the copy the layer owns, its render-tree model once
/// committed, and where it is in its life.
@MainActor
final class AnimationRecord {
    let key: String?
    let animation: CAAnimation
    weak var layer: CALayer?
    /// The transaction's duration when it was added (for durations of 0 or less).
    let defaultDuration: Double
    /// The value on screen when it was added, for basic animations with no values.
    let previous: AnimatableValue?
    var model: AnimationModel?
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
        completion?.members.insert(ObjectIdentifier(self))
    }

    /// Marks the animation stopped, tells its delegate, and releases its completion group.
    func stop(finished: Bool) {
        guard !stopped else { return }
        stopped = true
        animation.delegate?.animationDidStop(animation, finished: finished)
        completion?.members.remove(ObjectIdentifier(self))
    }
}

/// Tells animation delegates when animations start and stop, in media-time order, and
/// removes finished animations from their layers.
@MainActor
enum AnimationScheduler {
    private static var records: [AnimationRecord] = []
    /// Animations removed or replaced, told `finished: false` at the next commit.
    private static var removed: [AnimationRecord] = []

    static func register(_ record: AnimationRecord) { records.append(record) }

    static func noteRemoved(_ record: AnimationRecord) { removed.append(record) }

    /// Delivers the stops of removed animations.
    static func deliverPendingStops() {
        let stops = removed
        removed = []
        for record in stops { record.stop(finished: false) }
        records.removeAll { $0.stopped }
    }

    /// Delivers every start and stop due by media time `now`, earliest first.
    static func process(at now: Double) {
        var events: [(time: Double, order: Int, start: Bool, record: AnimationRecord)] = []
        for (order, record) in records.enumerated() {
            guard let layer = record.layer, let model = record.model else { continue }
            let interval = layer.globalActiveInterval(of: model)
            if !record.started, let start = interval.start, start <= now {
                events.append((start, order, true, record))
            }
            if let end = interval.end, end <= now {
                events.append((end, order, false, record))
            }
        }
        events.sort { ($0.time, $0.start ? 0 : 1, $0.order) < ($1.time, $1.start ? 0 : 1, $1.order) }
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
        records.removeAll { $0.stopped || $0.layer == nil }
        CATransaction.runFinishedCompletions()
    }

    static func reset() {
        records = []
        removed = []
    }
}
