/// Clipping of convex polygons (Flipbook's addition): perspective maps clip their planes at
/// the eye with it, and transform layers cut crossing planes.
public enum ConvexPolygon {
    /// The part of the convex polygon `polygon` where `value` — an affine function of the
    /// points — is not negative (Sutherland–Hodgman against one edge). Points may be in any
    /// dimension, homogeneous or not, as long as `value` is affine in them.
    public static func clip<Point: SIMD>(_ polygon: [Point], where value: (Point) -> Double) -> [Point]
    where Point.Scalar == Double {
        var kept: [Point] = []
        for (index, current) in polygon.enumerated() {
            let next = polygon[(index + 1) % polygon.count]
            let a = value(current), b = value(next)
            if a >= 0 { kept.append(current) }
            if (a >= 0) != (b >= 0) {
                let t = a / (a - b)
                kept.append(current + (next - current) * Point(repeating: t))
            }
        }
        return kept
    }
}
