import Foundation
import FlipbookGraphics

/// One input of a built-in filter with Apple's attributes: its class and type, default,
/// hard and slider ranges, identity and display name.
struct FilterParameter: Sendable {
    enum Value: Sendable {
        /// An image; an optional one may be left unset.
        case image(optional: Bool)
        /// `min`/`max` bound what the filter uses (values outside are clamped); the slider
        /// range is only a suggestion for user interfaces.
        case number(default: Double, min: Double? = nil, max: Double? = nil, sliderMin: Double? = nil,
                    sliderMax: Double? = nil, identity: Double? = nil)
        case vector(default: [CGFloat], identity: [CGFloat]? = nil)
        case color(default: SIMD4<Double>)
        case transform
    }

    let key: String
    let value: Value
    let type: String
    let displayName: String

    init(_ key: String, _ value: Value, type: String, displayName: String) {
        (self.key, self.value, self.type, self.displayName) = (key, value, type, displayName)
    }

    static func image(_ key: String = kCIInputImageKey, displayName: String = "Image", optional: Bool = false) -> FilterParameter {
        FilterParameter(key, .image(optional: optional), type: kCIAttributeTypeImage, displayName: displayName)
    }

    /// A number input with Apple's attributes.
    static func scalar(_ key: String, _ displayName: String, _ value: Value, type: String = kCIAttributeTypeScalar) -> FilterParameter {
        FilterParameter(key, value, type: type, displayName: displayName)
    }

    /// A colour input.
    static func color(_ key: String, _ displayName: String, _ value: SIMD4<Double>, type: String = kCIAttributeTypeColor) -> FilterParameter {
        FilterParameter(key, .color(default: value), type: type, displayName: displayName)
    }

    /// A vector input.
    static func vector(_ key: String, _ displayName: String, _ value: [CGFloat], type: String = kCIAttributeTypePosition,
                       identity: [CGFloat]? = nil) -> FilterParameter {
        FilterParameter(key, .vector(default: value, identity: identity), type: type, displayName: displayName)
    }

    static let targetImage = image(kCIInputTargetImageKey, displayName: "Target Image")

    static let time = FilterParameter(kCIInputTimeKey, .number(default: 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0),
                                      type: kCIAttributeTypeTime, displayName: "Time")

    static func center(_ x: CGFloat = 150, _ y: CGFloat = 150) -> FilterParameter { vector(kCIInputCenterKey, "Center", [x, y]) }

    /// The attribute dictionary Apple gives for this input.
    var attributes: [String: Any] {
        var attributes: [String: Any] = [kCIAttributeType: type, kCIAttributeDisplayName: displayName]
        attributes[kCIAttributeDefault] = defaultValue
        switch value {
        case .image:
            attributes[kCIAttributeClass] = "CIImage"
        case let .number(_, min, max, sliderMin, sliderMax, identity):
            attributes[kCIAttributeClass] = "NSNumber"
            attributes[kCIAttributeMin] = min
            attributes[kCIAttributeMax] = max
            attributes[kCIAttributeSliderMin] = sliderMin
            attributes[kCIAttributeSliderMax] = sliderMax
            attributes[kCIAttributeIdentity] = identity
        case let .vector(_, identity):
            attributes[kCIAttributeClass] = "CIVector"
            attributes[kCIAttributeIdentity] = identity.map { CIVector(values: $0) }
        case .color:
            attributes[kCIAttributeClass] = "CIColor"
        case .transform:
            attributes[kCIAttributeClass] = "NSValue"
            attributes[kCIAttributeIdentity] = CGAffineTransform.identity
        }
        return attributes
    }

    /// The value `setDefaults()` sets; nil for images, which have none.
    var defaultValue: Any? {
        switch value {
        case .image: nil
        case .number(let d, _, _, _, _, _): d
        case .vector(let d, _): CIVector(values: d)
        case .color(let c): CIColor(red: c.x, green: c.y, blue: c.z, alpha: c.w)
        case .transform: CGAffineTransform.identity
        }
    }
}
