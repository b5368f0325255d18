import Foundation

/// One item of a shape layer (lottie-spec's Shapes): geometry, a style that paints the
/// geometry before it in its group, a modifier that changes it, a group, or the group's
/// transform. Items Flipbook does not draw are kept by type, to be reported.
enum LottieShapeItem: Decodable, Sendable {
    case group(LottieShapeGroup)
    case rectangle(LottieRectangle)
    case ellipse(LottieEllipse)
    case polystar(LottiePolystar)
    case path(LottieShapePath)
    case fill(LottieFill)
    case stroke(LottieStroke)
    case gradientFill(LottieGradientFill)
    case gradientStroke(LottieGradientStroke)
    case trim(LottieTrim)
    case repeater(LottieRepeater)
    case merge(LottieMerge)
    case roundedCorners(LottieRoundedCorners)
    case offsetPath(LottieOffsetPath)
    case puckerBloat(LottiePuckerBloat)
    case transform(LottieTransform)
    /// A type Flipbook does not draw (twist, zig zag, or unknown).
    case unsupported(type: String, name: String?)

    private enum CodingKeys: String, CodingKey { case type = "ty", name = "nm", hidden = "hd" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "gr": self = .group(try LottieShapeGroup(from: decoder))
        case "rc": self = .rectangle(try LottieRectangle(from: decoder))
        case "el": self = .ellipse(try LottieEllipse(from: decoder))
        case "sr": self = .polystar(try LottiePolystar(from: decoder))
        case "sh": self = .path(try LottieShapePath(from: decoder))
        case "fl": self = .fill(try LottieFill(from: decoder))
        case "st": self = .stroke(try LottieStroke(from: decoder))
        case "gf": self = .gradientFill(try LottieGradientFill(from: decoder))
        case "gs": self = .gradientStroke(try LottieGradientStroke(from: decoder))
        case "tm": self = .trim(try LottieTrim(from: decoder))
        case "rp": self = .repeater(try LottieRepeater(from: decoder))
        case "mm": self = .merge(try LottieMerge(from: decoder))
        case "rd": self = .roundedCorners(try LottieRoundedCorners(from: decoder))
        case "op": self = .offsetPath(try LottieOffsetPath(from: decoder))
        case "pb": self = .puckerBloat(try LottiePuckerBloat(from: decoder))
        case "tr": self = .transform(try LottieTransform(from: decoder))
        default: self = .unsupported(type: type, name: try container.decodeIfPresent(String.self, forKey: .name))
        }
    }
}
