import Foundation
import FlipbookAnimation

/// What the keyframes of one `animateKeyframes` block change: for each layer property,
/// its value before the block and its value at the end of each keyframe that changed it.
/// When the block closes, each property gets one keyframe animation over the whole
/// duration that holds its value between keyframes and moves during them.
@MainActor
final class KeyframeRecorder {
    private struct Track {
        let layer: CALayer
        let key: String
        let initial: Any?
        var stops: [(start: Double, end: Double, value: Any?)] = []
    }

    private let fromCurrentState: Bool
    private var tracks: [Track] = []
    /// Tracks the open keyframe changed.
    private var changed: Set<Int> = []

    init(fromCurrentState: Bool) { self.fromCurrentState = fromCurrentState }

    /// The `animateKeyframes` blocks open now, outermost first.
    static var open: [KeyframeRecorder] = []

    /// A keyframe is about to change `key` of `layer`.
    func noteChange(of layer: CALayer, key: String) {
        if let index = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            changed.insert(index)
            return
        }
        let source = fromCurrentState ? layer.presentation() ?? layer : layer
        tracks.append(Track(layer: layer, key: key, initial: source.value(forKey: key)))
        changed.insert(tracks.count - 1)
    }

    /// The keyframe running from `start` to `end` has closed: its changes are the values now.
    func closeKeyframe(start: Double, end: Double) {
        for index in changed {
            let track = tracks[index]
            tracks[index].stops.append((start, end, track.layer.value(forKey: track.key)))
        }
        changed = []
    }

    /// Each changed property with its value before the block and its last recorded value.
    var changes: [(layer: CALayer, key: String, from: Any?, to: Any?)] {
        tracks.compactMap { track in track.stops.last.map { (track.layer, track.key, track.initial, $0.value) } }
    }

    /// Adds one keyframe animation per changed property, timed by `block`.
    func addAnimations(timedBy block: ViewAnimation, calculationMode: CAAnimationCalculationMode) {
        for track in tracks where !track.stops.isEmpty {
            var times: [Double] = [0]
            var values: [Any?] = [track.initial]
            // In time order; of keyframes starting together the shorter first, so one of no
            // length sets its value at its start, before the others move from it.
            for stop in track.stops.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
                if stop.start > times[times.count - 1] {
                    times.append(stop.start)
                    values.append(values[values.count - 1])
                }
                times.append(max(stop.end, times[times.count - 1]))
                values.append(stop.value)
            }
            if times[times.count - 1] < 1 {
                times.append(1)
                values.append(values[values.count - 1])
            }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values.map { $0 ?? NSNull() }
            animation.keyTimes = times.map { NSNumber(value: $0) }
            animation.calculationMode = calculationMode
            animation.timingFunction = block.curve.timingFunction
            block.configure(animation, on: track.layer)
            track.layer.add(animation, forKey: track.key)
        }
    }
}
