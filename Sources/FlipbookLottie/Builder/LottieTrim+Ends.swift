import Foundation

extension LottieTrim {
    /// The parts of a path's length the trim keeps at a composition frame, as fractions,
    /// as lottie-web's trim modifier takes them: start and end held to the path, whichever
    /// is smaller beginning, both moved on by the offset (360° is the whole length, taken
    /// modulo a turn). One part, or two when the end passes the path's end: the kept part
    /// wraps round to the path's start.
    func parts(atFrame frame: Double) -> [(start: Double, end: Double)] {
        func fraction(_ property: LottieProperty<LottieScalar>?, _ fallback: Double) -> Double {
            min(max((property?.value(atFrame: frame).value ?? fallback) / 100, 0), 1)
        }
        let start = fraction(self.start, 0), end = fraction(self.end, 100)
        var offset = (self.offset?.value(atFrame: frame).value ?? 0).truncatingRemainder(dividingBy: 360) / 360
        if offset < 0 { offset += 1 }
        if !offset.isFinite { offset = 0 }
        let (low, high) = (min(start, end) + offset, max(start, end) + offset)
        if high <= 1 { return [(low, high)] }
        if low >= 1 { return [(low - 1, high - 1)] }
        return [(low, 1), (0, high - 1)]
    }

    /// The one part the trim keeps at a frame (the first, when it wraps).
    func ends(atFrame frame: Double) -> (start: Double, end: Double) { parts(atFrame: frame)[0] }

    /// Whether the kept part wraps round the path's start at its first frame or any whole
    /// frame it moves over: then no one stroke start and end can draw it.
    var wraps: Bool {
        guard let frames = animatedFrames else { return parts(atFrame: 0).count > 1 }
        var frame = frames.lowerBound
        while frame <= frames.upperBound {
            if parts(atFrame: frame).count > 1 { return true }
            frame += 1
        }
        return parts(atFrame: frames.upperBound).count > 1
    }

    /// The frames over which the kept part changes; nil when it holds still.
    var animatedFrames: ClosedRange<Double>? {
        LottieTimeline.span([start?.animatedFrames, end?.animatedFrames, offset?.animatedFrames])
    }
}
