/// A smooth transition between colours at locations 0…1, as in Core Graphics.
///
/// Colours are interpolated, unpremultiplied, in the gradient's colour space (sRGB when
/// none is given), then premultiplied. Locations outside 0…1 are clamped and the stops
/// are sorted by location.
public final class CGGradient: Sendable {
    let stops: [(location: CGFloat, color: CGColor)]
    let space: CGColorSpace
    /// 1,024 premultiplied sRGB samples from location 0 to 1.
    let table: [PackedPixel]
    /// Whether every colour of the gradient is opaque.
    let isOpaque: Bool

    /// A gradient through `colors` at `locations` (evenly spaced when `nil`).
    /// Returns `nil` when there are no colours or the counts differ.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        let locations = locations ?? colors.indices.map {
            colors.count == 1 ? 0 : CGFloat($0) / CGFloat(colors.count - 1)
        }
        guard locations.count == colors.count else { return nil }
        let space = space ?? .srgbSpace
        let converted = colors.map { $0.converted(to: space, intent: .defaultIntent) ?? $0 }
        let pairs = zip(locations.map { $0.isNaN ? 0 : $0.clamped01 }, converted)
        let sorted = pairs.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        stops = sorted.map { ($0.element.0, $0.element.1) }
        self.space = space
        table = Self.makeTable(stops: stops, space: space)
        isOpaque = table.allSatisfy { $0 >> 24 == 255 }
    }

    /// A gradient from raw components (each colour's components followed by alpha).
    public convenience init?(colorSpace space: CGColorSpace, colorComponents: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        let colors = (0..<count).compactMap {
            CGColor(colorSpace: space, components: Array(UnsafeBufferPointer(start: colorComponents + $0 * n, count: n)))
        }
        let locs = locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        self.init(colorsSpace: space, colors: colors, locations: locs)
    }

    private static func makeTable(stops: [(location: CGFloat, color: CGColor)], space: CGColorSpace) -> [PackedPixel] {
        let size = 1024
        let components = stops.map { $0.color.components ?? [] }
        // Where the mixed components are the sRGB values drawn: no colour (or allocation)
        // per entry.
        let direct = space.holdsSRGBValues && components.allSatisfy { $0.count == 4 }
        return (0..<size).map { i in
            let t = CGFloat(i) / CGFloat(size - 1)
            let upper = stops.firstIndex { $0.location >= t } ?? stops.count - 1
            let lower = min(stops.lastIndex { $0.location <= t } ?? 0, upper)
            let a = stops[lower].location, b = stops[upper].location
            let f = b > a ? (t - a) / (b - a) : 0
            let ca = components[lower], cb = components[upper]
            if direct {
                func mix(_ k: Int) -> CGFloat { (ca[k] + (cb[k] - ca[k]) * f).clamped01 }
                return PremultipliedColor(straight: (mix(0), mix(1), mix(2), mix(3))).packed
            }
            let mixed = zip(ca, cb).map { $0 + ($1 - $0) * f }
            return CGColor(verified: space, mixed).premultipliedRGBA8.packed
        }
    }

    /// The index of the table entry for location `t` (clamped to 0…1).
    @inline(__always)
    static func tableIndex(_ t: Float) -> Int { Int(min(max(t, 0), 1) * 1023 + 0.5) }
}
