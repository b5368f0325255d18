import Flipbook

/// When a snapshot is taken: seconds after the media time at which it is taken, or a media
/// time (the frames of `SnapshotFrames` share their start).
enum SnapshotMoment: Sendable {
    case after(CFTimeInterval)
    case at(CFTimeInterval)

    /// The media time it names, now being `now`.
    func time(now: CFTimeInterval) throws(SnapshotError) -> CFTimeInterval {
        switch self {
        case .after(let seconds):
            guard seconds.isFinite, seconds >= 0 else { throw .invalidTime(seconds) }
            return now + seconds
        case .at(let time):
            return time
        }
    }

    /// A file name's part for `seconds` after a start: `500ms`, `16.667ms`.
    static func label(_ seconds: CFTimeInterval) -> String {
        number(seconds * 1000) + "ms"
    }

    /// `value` with at most three decimals and no trailing zeros.
    static func number(_ value: Double) -> String { value.text(decimals: 3) }
}
