/// The colour spaces Flipbook draws in and converts between.
///
/// Drawing happens in 8-bit sRGB; other spaces are converted at the moment a colour is
/// used. Names follow Apple's `CGColorSpace` constants.
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The colour model of a colour space.
    public enum Model: Int32, Sendable {
        case monochrome = 0, rgb = 1
    }

    /// The standard sRGB colour space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB with components allowed outside 0…1.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries with a linear transfer function.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// Linear sRGB with components allowed outside 0…1.
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Gray with a gamma of 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Linear gray.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Gray with components allowed outside 0…1, on sRGB's transfer curve.
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    /// The space's name, one of the constants above.
    public let name: String?
    /// The number of colour components (without alpha).
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }
    /// The colour model.
    public let model: Model
    /// Whether components are linear light rather than gamma-encoded.
    let isLinear: Bool
    /// Whether components may lie outside 0…1.
    let isExtended: Bool

    /// Creates a colour space from one of the names above; `nil` for an unknown name.
    public init?(name: String) {
        switch name {
        case Self.sRGB: (model, isLinear, isExtended) = (.rgb, false, false)
        case Self.extendedSRGB: (model, isLinear, isExtended) = (.rgb, false, true)
        case Self.linearSRGB: (model, isLinear, isExtended) = (.rgb, true, false)
        case Self.extendedLinearSRGB: (model, isLinear, isExtended) = (.rgb, true, true)
        case Self.genericGrayGamma2_2: (model, isLinear, isExtended) = (.monochrome, false, false)
        case Self.linearGray: (model, isLinear, isExtended) = (.monochrome, true, false)
        case Self.extendedGray: (model, isLinear, isExtended) = (.monochrome, false, true)
        default: return nil
        }
        self.name = name
    }

    /// How component values relate to linear light.
    enum Transfer { case linear, sRGB, gamma22 }

    /// The space's transfer function: sRGB's curve for the RGB spaces and extended gray
    /// (Apple's extended gray shares sRGB's), gamma 2.2 for generic gray.
    var transfer: Transfer {
        if isLinear { return .linear }
        return model == .rgb || isExtended ? .sRGB : .gamma22
    }

    /// Whether colour components in the space are the sRGB values drawn (clamped to 0…1):
    /// gamma-encoded RGB, sRGB or extended sRGB.
    var holdsSRGBValues: Bool { model == .rgb && !isLinear }

    /// Whether the space allows components outside 0…1.
    public var isWideGamutRGB: Bool { isExtended && model == .rgb }

    static let srgbSpace = CGColorSpace(name: sRGB)!
    static let graySpace = CGColorSpace(name: genericGrayGamma2_2)!

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { "CGColorSpace(\(name ?? "unnamed"))" }
}

/// The device RGB colour space (sRGB in Flipbook).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .srgbSpace }

/// The device gray colour space (gamma 2.2 gray in Flipbook).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .graySpace }
