import FlipbookAnimation
import Foundation

extension LottieTransform {
    /// Whether the transform turns out of the plane at any frame: a rotation about x or y,
    /// or an orientation, that is animated or not zero.
    var turnsIn3D: Bool {
        let turnsAbout = [rotationX, rotationY].compactMap { $0 }.contains { $0.isAnimated || $0.initialValue.value != 0 }
        guard !turnsAbout, let orientation else { return turnsAbout }
        return orientation.isAnimated || (0..<3).contains { orientation.initialValue[$0, default: 0] != 0 }
    }

    /// The turn of a layer in 3-D at a composition frame, applied between the skew and the
    /// position, as lottie-web's transform turns it: about z by the rotation (clockwise on
    /// screen), then about y, then about x, then by the orientation's z, y and x angles.
    /// Core Animation's rotations turn the other way about each axis than lottie-web's
    /// matrix's, so x's and y's angles change sign and z's, which lottie-web negates, does
    /// not. Its layer flattens it without perspective, as lottie-web's SVG and canvas
    /// renderers, lottie-ios and ThorVG draw a 3-D layer.
    func turn(atFrame frame: Double) -> CATransform3D {
        func angle(_ degrees: Double) -> CGFloat { degrees * .pi / 180 }
        let z = rotation?.value(atFrame: frame).value ?? 0
        let y = rotationY?.value(atFrame: frame).value ?? 0
        let x = rotationX?.value(atFrame: frame).value ?? 0
        let orientation = self.orientation?.value(atFrame: frame) ?? LottieVector([0, 0, 0])
        let turns = [
            CATransform3DMakeRotation(angle(z), 0, 0, 1),
            CATransform3DMakeRotation(-angle(y), 0, 1, 0),
            CATransform3DMakeRotation(-angle(x), 1, 0, 0),
            CATransform3DMakeRotation(angle(orientation[2, default: 0]), 0, 0, 1),
            CATransform3DMakeRotation(-angle(orientation[1, default: 0]), 0, 1, 0),
            CATransform3DMakeRotation(-angle(orientation[0, default: 0]), 1, 0, 0),
        ]
        return turns.dropFirst().reduce(turns[0]) { CATransform3DConcat($0, $1) }
    }

    /// The frames over which the turn changes; nil when it holds still.
    var turnFrames: ClosedRange<Double>? {
        LottieTimeline.span([rotation?.animatedFrames, rotationY?.animatedFrames, rotationX?.animatedFrames, orientation?.animatedFrames])
    }
}
