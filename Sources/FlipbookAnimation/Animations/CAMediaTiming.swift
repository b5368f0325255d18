
/// The old Objective-C names, as seeds 001 and 003 use them.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
public let kCAFillModeBoth = CAMediaTimingFillMode.both

/// Seconds, as `CFTimeInterval`.
public typealias CFTimeInterval = Double

/// The timing of a layer or an animation, as Core Animation's `CAMediaTiming`.
///
/// An object's local time for its parent's time `tp` is `(tp − beginTime) · speed + timeOffset`.
/// Animations then play `duration` seconds per iteration (twice that with `autoreverses`),
/// for `repeatCount` iterations or `repeatDuration` seconds, and `fillMode` says what they
/// show outside that active interval.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// Copies the eight timing properties of `other`.
    func copyTiming(from other: any CAMediaTiming) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
    }

    /// The eight timing properties as a `Timing`, taken as given (no timing function).
    var mediaTiming: Timing {
        Timing(beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
               repeatCount: Double(repeatCount), repeatDuration: repeatDuration, autoreverses: autoreverses,
               fillsBackwards: fillMode == .backwards || fillMode == .both,
               fillsForwards: fillMode == .forwards || fillMode == .both)
    }
}

/// The resolved timing of one object: plain values, evaluated without the object.
struct Timing: Equatable, Sendable {
    var beginTime: Double = 0
    /// Seconds per iteration, already resolved (never ≤ 0 for animations).
    var duration: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillsBackwards = false
    var fillsForwards = false
    /// An animation's timing function, applied within each iteration.
    var ease: UnitBezier?

    /// Where an object is in its timeline at some parent time.
    struct Position: Equatable, Sendable {
        /// Seconds into the current iteration, 0…duration, already reversed when playing back.
        var time: Double
        /// Completed iterations (for cumulative animations).
        var iteration: Double
    }

    /// The part of a timing that maps parent time to local time: all a layer's own timing
    /// contributes to the times of its animations and sublayers.
    struct Clock: Sendable {
        let beginTime: Double, speed: Double, timeOffset: Double

        /// The local time for parent time `parent`: `(parent − beginTime) · speed + timeOffset`.
        func localTime(_ parent: Double) -> Double {
            (parent - beginTime) * speed + timeOffset
        }
    }

    var clock: Clock { Clock(beginTime: beginTime, speed: speed, timeOffset: timeOffset) }

    /// The local time for parent time `parent`: `(parent − beginTime) · speed + timeOffset`.
    func localTime(_ parent: Double) -> Double {
        clock.localTime(parent)
    }

    /// The parent time of local time `local`, when speed is not zero.
    func parentTime(_ local: Double) -> Double {
        speed == 0 ? beginTime : (local - timeOffset) / speed + beginTime
    }

    /// Seconds of one cycle: the duration, doubled when autoreversing.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The length of the active interval; infinite for endless repeats.
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            if repeatCount == .greatestFiniteMagnitude || repeatCount.isInfinite { return .infinity }
            return repeatCount * cycle
        }
        return cycle
    }

    /// Where the object is at parent time `parent`, or nil when it has no effect: before
    /// its start without a backwards fill, or from its end on without a forwards fill.
    ///
    /// The active interval is `0 ≤ (parent − beginTime) · speed < activeDuration`, half open.
    /// `timeOffset` shifts where in the cycle that interval starts and wraps around, so an
    /// offset of a third of the duration plays C D E A B rather than A B C D E.
    func position(atParentTime parent: Double) -> Position? {
        let active = (parent - beginTime) * speed
        guard active.isFinite else { return nil }
        let total = activeDuration
        if active < 0 {
            return fillsBackwards ? position(inCycle: timeOffset) : nil
        }
        if active >= total {
            return fillsForwards && total.isFinite ? endPosition(total + timeOffset) : nil
        }
        return position(inCycle: active + timeOffset)
    }

    /// `position(atParentTime:)` with the timing function applied to the time within the
    /// iteration: where an animation's values are.
    func easedPosition(atParentTime parent: Double) -> Position? {
        guard var position = position(atParentTime: parent) else { return nil }
        if let ease, duration > 0 {
            position.time = ease.evaluate(position.time / duration) * duration
        }
        return position
    }

    private func position(inCycle local: Double) -> Position {
        guard cycle > 0 else { return Position(time: duration, iteration: 0) }
        let iteration = (local / cycle).rounded(.down)
        let within = local - iteration * cycle
        return Position(time: autoreverses && within > duration ? cycle - within : within, iteration: iteration)
    }

    /// The state at the end of the active interval: a whole number of cycles ends where a
    /// cycle ends (back at the start when autoreversing), a fraction where it stops.
    private func endPosition(_ end: Double) -> Position {
        guard cycle > 0 else { return Position(time: duration, iteration: 0) }
        let cycles = end / cycle
        if cycles > 0, cycles == cycles.rounded(.down) {
            return Position(time: autoreverses ? 0 : duration, iteration: cycles - 1)
        }
        return position(inCycle: end)
    }
}
