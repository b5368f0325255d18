import Flipbook

/// Why a snapshot could not be taken. A strategy reports it as a failure of the test, at
/// the line that asks for the snapshot, and hands swift-snapshot-testing no picture: where
/// no reference exists it records an empty file, which a later run, once the input is
/// right, reports as a reference to delete and record again.
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A time that is not a finite number of seconds ≥ 0.
    case invalidTime(Double)
    /// A progress outside 0…1.
    case invalidProgress(Double)
    /// A frame rate that is not a finite number > 0, or a duration that is not finite and ≥ 0.
    case invalidRecording(duration: Double, framesPerSecond: Double)
    /// The media clock runs by itself, so animations would not land at exact times.
    case clockNotManual
    /// The area to draw has no pixels, or more than Flipbook draws.
    case invalidSize(CGSize, scale: CGFloat)
    /// `.progress` without a duration, and nothing in the tree is animating.
    case noAnimation
    /// `.progress` without a duration, and an animation in the tree never ends.
    case endlessAnimation
    /// Drawing or encoding failed.
    case rendering(String)

    public var description: String {
        switch self {
        case .invalidTime(let time):
            return "cannot snapshot at time \(time): a time is a finite number of seconds ≥ 0 after the snapshot starts"
        case .invalidProgress(let progress):
            return "cannot snapshot at progress \(progress): a progress is a number from 0 to 1"
        case let .invalidRecording(duration, framesPerSecond):
            return "cannot record \(duration) s at \(framesPerSecond) frames a second: the duration must be finite and ≥ 0, the rate finite and > 0"
        case .clockNotManual:
            return "Flipbook's snapshots need the manual media clock: call AnimationHost.shared.reset(time: 0) "
                + "before building the layers or views, so that their animations start at exact times"
        case let .invalidSize(size, scale):
            return "cannot snapshot \(size.width) × \(size.height) points at scale \(scale): "
                + "give a size of at least one pixel and at most \(GraphicsLimits.maximumDimension) pixels a side "
                + "(a layer or a view with an empty frame needs a size or a layout)"
        case .noAnimation:
            return "cannot snapshot by progress: nothing in the tree is animating, so the duration is unknown; pass duration:"
        case .endlessAnimation:
            return "cannot snapshot by progress: an animation in the tree never ends (it repeats forever); pass duration:"
        case .rendering(let reason):
            return "cannot render the snapshot: \(reason)"
        }
    }
}
