/// A colour: components in a colour space plus alpha, as in Core Graphics.
///
/// Colours are immutable. When drawn they are converted to 8-bit sRGB.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour space the components are in.
    public let colorSpace: CGColorSpace?
    /// The colour components followed by alpha.
    public let components: [CGFloat]?

    /// Creates a colour from components (colour components followed by alpha) in a space;
    /// `nil` when the count does not match the space.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        let values: [CGFloat] = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        self.init(colorSpace: space, components: values)
    }

    /// Creates a colour from an array of components (colour components followed by alpha);
    /// `nil` when the count does not match the space or a component is NaN.
    public convenience init?(colorSpace space: CGColorSpace, components: [CGFloat]) {
        guard components.count == space.numberOfComponents + 1, !components.contains(where: \.isNaN) else { return nil }
        self.init(verified: space, Self.clamped(components, in: space))
    }

    init(verified space: CGColorSpace, _ components: [CGFloat]) {
        self.colorSpace = space
        self.components = components
    }

    /// An sRGB colour. Components are clamped to 0…1; NaN becomes 0.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(verified: .srgbSpace, Self.clamped([red, green, blue, alpha], in: .srgbSpace))
    }

    /// An sRGB colour (Apple's `srgbRed:` spelling).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A gray colour in gamma 2.2 gray.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(verified: .graySpace, Self.clamped([gray, alpha], in: .graySpace))
    }

    /// A gray colour (Apple's `genericGrayGamma2_2Gray:` spelling).
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }
    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The same colour with a different alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, var values = components, !alpha.isNaN else { return nil }
        values[values.count - 1] = min(max(alpha, 0), 1)
        return CGColor(verified: space, values)
    }

    /// The colour converted to another space. Out-of-gamut values are clipped unless the
    /// destination is extended; every intent behaves as relative colorimetric.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent,
                          options: [String: Any]? = nil) -> CGColor? {
        // Spaces with the same primaries and transfer (sRGB and extended sRGB) share their
        // component values: copy them exactly rather than through linear light.
        if let source = colorSpace, let c = components, source.model == space.model, source.transfer == space.transfer {
            return CGColor(verified: space, Self.clamped(c, in: space))
        }
        let linear = linearRGBA
        var values: [CGFloat]
        switch space.model {
        case .rgb:
            values = [linear.r, linear.g, linear.b].map { Self.encode($0, space.transfer) }
        case .monochrome:
            // Relative luminance of linear sRGB (Rec. 709 weights).
            let y = 0.2126 * linear.r + 0.7152 * linear.g + 0.0722 * linear.b
            values = [Self.encode(y, space.transfer)]
        }
        values.append(linear.a)
        return CGColor(verified: space, Self.clamped(values, in: space))
    }

    /// Linear-light RGBA of this colour.
    var linearRGBA: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        guard let space = colorSpace, let c = components else { return (0, 0, 0, 1) }
        switch space.model {
        case .rgb:
            return (Self.decode(c[0], space.transfer), Self.decode(c[1], space.transfer), Self.decode(c[2], space.transfer), c[3])
        case .monochrome:
            let y = Self.decode(c[0], space.transfer)
            return (y, y, y, c[1])
        }
    }

    /// The colour as straight (unpremultiplied) sRGB components in 0…1.
    var sRGBA: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        if let space = colorSpace, let c = components, space.holdsSRGBValues {
            return (c[0].clamped01, c[1].clamped01, c[2].clamped01, c[3].clamped01)
        }
        let l = linearRGBA
        return (Self.encodeSRGB(l.r).clamped01, Self.encodeSRGB(l.g).clamped01,
                Self.encodeSRGB(l.b).clamped01, l.a.clamped01)
    }

    /// The colour as premultiplied 8-bit RGBA for drawing.
    var premultipliedRGBA8: PremultipliedColor { PremultipliedColor(straight: sRGBA) }

    static func clamped(_ values: [CGFloat], in space: CGColorSpace) -> [CGFloat] {
        values.enumerated().map { index, value in
            let v = value.isNaN ? 0 : value
            let isAlpha = index == values.count - 1
            return (isAlpha || !space.isExtended) ? v.clamped01 : v
        }
    }

    static func decodeSRGB(_ v: CGFloat) -> CGFloat { SRGBTransfer.linear(v) }
    static func encodeSRGB(_ v: CGFloat) -> CGFloat { SRGBTransfer.encoded(v) }

    /// A component value in a space with `transfer` to linear light.
    static func decode(_ v: CGFloat, _ transfer: CGColorSpace.Transfer) -> CGFloat {
        switch transfer {
        case .linear: v
        case .sRGB: decodeSRGB(v)
        case .gamma22: decodeGamma22(v)
        }
    }

    /// Linear light to a component value in a space with `transfer`.
    static func encode(_ v: CGFloat, _ transfer: CGColorSpace.Transfer) -> CGFloat {
        switch transfer {
        case .linear: v
        case .sRGB: encodeSRGB(v)
        case .gamma22: encodeGamma22(v)
        }
    }

    static func decodeGamma22(_ v: CGFloat) -> CGFloat { v < 0 ? -pow(-v, 2.2) : pow(v, 2.2) }
    static func encodeGamma22(_ v: CGFloat) -> CGFloat { v < 0 ? -pow(-v, 1 / 2.2) : pow(v, 1 / 2.2) }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(colorSpace)
        hasher.combine(components)
    }
    public var description: String {
        "CGColor(\(colorSpace?.name ?? "?"), \(components ?? []))"
    }
}

extension CGFloat {
    var clamped01: CGFloat { self < 0 ? 0 : (self > 1 ? 1 : (self.isNaN ? 0 : self)) }
}
