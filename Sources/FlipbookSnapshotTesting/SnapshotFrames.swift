import Flipbook
import SnapshotTesting

/// Several frames of one animation, each its own reference image:
/// `assertSnapshot(of: view, as: .frames(at: [0, 0.5, 1]))` records and compares
/// `<test>.0ms.png`, `<test>.500ms.png` and `<test>.1000ms.png`, all timed from the moment
/// the assertion starts; `.progress([0, 0.25, 0.5, 0.75, 1])` spreads them over the
/// animation's duration as lottie-ios's snapshot tests do (`<test>.progress-25.png`).
///
/// Make one with the factories for `CALayer`, `UIView` and `UIViewController`.
public struct SnapshotFrames<Value> {
    enum Schedule {
        /// Seconds after the start.
        case times([CFTimeInterval])
        /// Shares of a duration: the given one, or until the tree's last animation ends.
        case progress([Double], duration: CFTimeInterval?)
    }

    let subject: SnapshotSubject<Value>
    let schedule: Schedule
    let precision: Float
    let perceptualPrecision: Float

    /// Each frame's name and media time, from `start`, in order of time.
    @MainActor
    func moments(of value: Value, from start: CFTimeInterval) throws(SnapshotError) -> [(name: String, time: CFTimeInterval)] {
        switch schedule {
        case .times(let times):
            for time in times where !(time.isFinite && time >= 0) { throw .invalidTime(time) }
            return Set(times).sorted().map { (SnapshotMoment.label($0), start + $0) }
        case let .progress(values, duration):
            for value in values where !(value.isFinite && (0...1).contains(value)) { throw .invalidProgress(value) }
            let span: CFTimeInterval
            if let duration {
                guard duration.isFinite, duration >= 0 else { throw .invalidTime(duration) }
                span = duration
            } else {
                let stage = try subject.stage(value)
                try stage.advance(to: start)
                guard let end = stage.layer.endOfCommittedAnimations(), end > start else { throw .noAnimation }
                guard end.isFinite else { throw .endlessAnimation }
                span = end - start
            }
            return Set(values).sorted().map { ("progress-" + SnapshotMoment.number($0 * 100), start + $0 * span) }
        }
    }
}

extension SnapshotFrames where Value == CALayer {
    /// The layer's frames at `times`, seconds after the assertion starts (see
    /// `Snapshotting.image(at:size:scale:precision:perceptualPrecision:)`).
    @MainActor
    public static func frames(at times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1,
                              precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .layer(size: size, scale: scale), schedule: .times(times), precision: precision, perceptualPrecision: perceptualPrecision)
    }

    /// The layer's frames at shares `progress` (0…1) of `duration`, by default until the
    /// last animation committed in its tree ends.
    @MainActor
    public static func progress(_ progress: [Double], duration: CFTimeInterval? = nil, size: CGSize? = nil, scale: CGFloat = 1,
                                precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .layer(size: size, scale: scale), schedule: .progress(progress, duration: duration),
             precision: precision, perceptualPrecision: perceptualPrecision)
    }
}

extension SnapshotFrames where Value == UIView {
    /// The view's frames at `times`, seconds after the assertion starts (see
    /// `Snapshotting.image(at:layout:scale:precision:perceptualPrecision:)`).
    @MainActor
    public static func frames(at times: [CFTimeInterval], layout: SnapshotLayout = .frame, scale: CGFloat? = nil,
                              precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .view(layout: layout, scale: scale), schedule: .times(times), precision: precision, perceptualPrecision: perceptualPrecision)
    }

    /// The view's frames at shares `progress` (0…1) of `duration`, by default until the
    /// last animation committed in its tree ends.
    @MainActor
    public static func progress(_ progress: [Double], duration: CFTimeInterval? = nil, layout: SnapshotLayout = .frame,
                                scale: CGFloat? = nil, precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .view(layout: layout, scale: scale), schedule: .progress(progress, duration: duration),
             precision: precision, perceptualPrecision: perceptualPrecision)
    }
}

extension SnapshotFrames where Value == UIViewController {
    /// The controller's window at `times`, seconds after the assertion starts (see
    /// `Snapshotting.image(at:layout:scale:precision:perceptualPrecision:)`).
    @MainActor
    public static func frames(at times: [CFTimeInterval], layout: SnapshotLayout = .device(.iPhone15), scale: CGFloat? = nil,
                              precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .controller(layout: layout, scale: scale), schedule: .times(times), precision: precision,
             perceptualPrecision: perceptualPrecision)
    }

    /// The controller's window at shares `progress` (0…1) of `duration`, by default until
    /// the last animation committed in the window's tree ends.
    @MainActor
    public static func progress(_ progress: [Double], duration: CFTimeInterval? = nil, layout: SnapshotLayout = .device(.iPhone15),
                                scale: CGFloat? = nil, precision: Float = 1, perceptualPrecision: Float = 1) -> Self {
        Self(subject: .controller(layout: layout, scale: scale), schedule: .progress(progress, duration: duration),
             precision: precision, perceptualPrecision: perceptualPrecision)
    }
}
