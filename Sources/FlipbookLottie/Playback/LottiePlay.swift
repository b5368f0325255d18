import Foundation

/// One play of an animation: from a frame to another at a speed, repeating by a loop mode,
/// begun at a media time. Where it is at any later time, and whether it has ended, are
/// pure arithmetic, so a paused, scrubbed or recorded play lands on exact frames.
struct LottiePlay: Sendable, Equatable {
    var fromFrame: Double
    var toFrame: Double
    var loopMode: LottieLoopMode
    /// Playback speed; negative plays from `toFrame` back to `fromFrame`.
    var speed: Double
    var framerate: Double
    /// The media time the play began at.
    var beganAt: Double

    /// Seconds one pass from `fromFrame` to `toFrame` takes at this speed.
    var passDuration: Double { speed == 0 ? .infinity : abs(toFrame - fromFrame) / framerate / abs(speed) }

    /// Passes the play makes before it ends; infinity for the endless modes.
    var passes: Double {
        switch loopMode {
        case .playOnce: 1
        case .loop, .autoReverse: .infinity
        case .repeat(let count): Double(max(count, 0))
        case .repeatBackwards(let count): 2 * Double(max(count, 0))
        }
    }

    /// Whether every second pass runs backwards.
    private var reverses: Bool {
        switch loopMode {
        case .autoReverse, .repeatBackwards: true
        case .playOnce, .loop, .repeat: false
        }
    }

    /// When the play ends (infinity for endless ones and for a speed of 0).
    var endsAt: Double {
        guard passDuration.isFinite, passes.isFinite else { return .infinity }
        return beganAt + passDuration * passes
    }

    /// The frame shown at media time `time`.
    func frame(at time: Double) -> Double {
        // Nothing to cross, or not moving: the frame it starts on.
        guard toFrame != fromFrame, speed != 0 else { return speed < 0 ? toFrame : fromFrame }
        let elapsed = max(time - beganAt, 0) / passDuration
        let finished = elapsed >= passes
        let position = finished ? passes : elapsed
        var pass = position.rounded(.down)
        var share = position - pass
        // At the very end of the last pass, show that pass's end.
        if finished, share == 0, pass > 0 { pass -= 1; share = 1 }
        let backwards = reverses && Int(pass) % 2 == 1
        var progress = backwards ? 1 - share : share
        if speed < 0 { progress = 1 - progress }
        return fromFrame + (toFrame - fromFrame) * progress
    }
}
