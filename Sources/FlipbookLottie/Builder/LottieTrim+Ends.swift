import Foundation

extension LottieTrim {
    /// The part of a path's length the trim keeps at a composition frame, as fractions:
    /// whichever of start and end is smaller begins (lottie-web takes them so), both turned
    /// by the offset (360° is the whole length) and held to the path.
    func ends(atFrame frame: Double) -> (start: Double, end: Double) {
        let start = (self.start?.value(atFrame: frame).value ?? 0) / 100, end = (self.end?.value(atFrame: frame).value ?? 100) / 100
        let offset = (self.offset?.value(atFrame: frame).value ?? 0) / 360
        return (min(max(min(start, end) + offset, 0), 1), min(max(max(start, end) + offset, 0), 1))
    }

    /// The frames over which the kept part changes; nil when it holds still.
    var animatedFrames: ClosedRange<Double>? {
        LottieTimeline.span([start?.animatedFrames, end?.animatedFrames, offset?.animatedFrames])
    }
}
