import Foundation

/// A layer's or a shape group's transform (lottie-spec's Transform): anchor point, position
/// (one vector, or x and y apart), scale in percent, rotation in degrees clockwise,
/// opacity in percent, skew and its axis; a 3-D layer's also turns about x and y and has
/// an orientation.
struct LottieTransform: Decodable, Sendable {
    /// Position as the file gives it.
    enum Position: Sendable {
        case combined(LottieProperty<LottieVector>)
        case split(x: LottieProperty<LottieScalar>, y: LottieProperty<LottieScalar>)
    }

    var anchor: LottieProperty<LottieVector>?
    var position: Position?
    var scale: LottieProperty<LottieVector>?
    var rotation: LottieProperty<LottieScalar>?
    var opacity: LottieProperty<LottieScalar>?
    var skew: LottieProperty<LottieScalar>?
    var skewAxis: LottieProperty<LottieScalar>?
    /// Rotation about x and about y in degrees (`rx`, `ry`), and the orientation (`or`:
    /// degrees about x, y and z, turned after the rotations), of a layer in 3-D.
    var rotationX: LottieProperty<LottieScalar>?
    var rotationY: LottieProperty<LottieScalar>?
    var orientation: LottieProperty<LottieVector>?

    enum CodingKeys: String, CodingKey {
        case anchor = "a", position = "p", scale = "s", rotation = "r", rotationZ = "rz", opacity = "o"
        case skew = "sk", skewAxis = "sa", rotationX = "rx", rotationY = "ry", orientation = "or"
    }

    private enum SplitKeys: String, CodingKey { case split = "s", x, y }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try container.decodeIfPresent(LottieProperty<LottieVector>.self, forKey: .anchor)
        if container.contains(.position) {
            let split = try container.nestedContainer(keyedBy: SplitKeys.self, forKey: .position)
            if try split.decodeIfPresent(LottieFlag.self, forKey: .split)?.isSet == true {
                position = .split(x: try split.decode(LottieProperty<LottieScalar>.self, forKey: .x),
                                  y: try split.decode(LottieProperty<LottieScalar>.self, forKey: .y))
            } else {
                position = .combined(try container.decode(LottieProperty<LottieVector>.self, forKey: .position))
            }
        }
        scale = try container.decodeIfPresent(LottieProperty<LottieVector>.self, forKey: .scale)
        rotation = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .rotation)
            ?? container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .rotationZ)
        opacity = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .opacity)
        skew = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .skew)
        skewAxis = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .skewAxis)
        rotationX = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .rotationX)
        rotationY = try container.decodeIfPresent(LottieProperty<LottieScalar>.self, forKey: .rotationY)
        orientation = try container.decodeIfPresent(LottieProperty<LottieVector>.self, forKey: .orientation)
    }
}
