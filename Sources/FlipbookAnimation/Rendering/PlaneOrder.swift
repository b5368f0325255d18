/// The order in which the planes of a `CATransformLayer` are painted, farthest first, with
/// planes that cut through each other split along the line where they meet — a binary
/// space partition, as painters of 3-D scenes without a depth buffer use.
///
/// Planes are convex polygons in projected space: (x/w, y/w, z/w) of the points the 4×4
/// transforms give, where a perspective map has become an orthographic view along z
/// (a projective map keeps planes planar, and z/w grows with z in front of the eye).
/// Larger z is nearer the viewer.
struct PlaneOrder {
    /// A piece of plane `plane` to paint: its polygon, and the half-spaces it was cut to.
    /// Each cut keeps the points p with `cut.x·p.x + cut.y·p.y + cut.z·p.z + cut.w ≥ 0`;
    /// an uncut fragment is the whole plane.
    struct Fragment {
        let plane: Int
        var polygon: [SIMD3<Double>]
        var cuts: [SIMD4<Double>] = []
    }

    /// The fragments of `planes` from the farthest to the nearest. A plane that meets
    /// others only along an edge, or not at all, comes back whole; coplanar planes keep
    /// the order they are given in.
    static func backToFront(_ planes: [[SIMD3<Double>]]) -> [Fragment] {
        let fragments = planes.enumerated().map { Fragment(plane: $0.offset, polygon: $0.element) }
        let scale = planes.joined().reduce(1.0) { max($0, abs($1.x), abs($1.y), abs($1.z)) }
        var ordered: [Fragment] = []
        paint(fragments, epsilon: 1e-7 * scale, into: &ordered)
        return ordered
    }

    /// Partitions `fragments` by the first one's plane and paints the side away from the
    /// viewer, that plane, then the side towards the viewer.
    private static func paint(_ fragments: [Fragment], epsilon: Double, into ordered: inout [Fragment]) {
        guard let index = fragments.firstIndex(where: { equation(of: $0.polygon) != nil }),
              let splitter = equation(of: fragments[index].polygon)
        else {
            ordered += fragments  // no plane left to split by: all are lines or points
            return
        }
        var on: [Fragment] = [], front: [Fragment] = [], back: [Fragment] = []
        for (position, fragment) in fragments.enumerated() {
            guard position != index else { on.append(fragment); continue }
            let distances = fragment.polygon.map { dot(splitter, $0) }
            if distances.allSatisfy({ abs($0) <= epsilon }) {
                on.append(fragment)
            } else if distances.allSatisfy({ $0 >= -epsilon }) {
                front.append(fragment)
            } else if distances.allSatisfy({ $0 <= epsilon }) {
                back.append(fragment)
            } else {
                front.append(cut(fragment, keeping: splitter))
                back.append(cut(fragment, keeping: -splitter))
            }
        }
        // The viewer looks down −z from far away: it is on the front side when the
        // splitter's normal points towards +z.
        let viewerInFront = splitter.z >= 0
        paint(viewerInFront ? back : front, epsilon: epsilon, into: &ordered)
        ordered += on
        paint(viewerInFront ? front : back, epsilon: epsilon, into: &ordered)
    }

    /// The plane through a polygon as (normal, offset), normalised, by Newell's method;
    /// nil when the polygon has no area.
    private static func equation(of polygon: [SIMD3<Double>]) -> SIMD4<Double>? {
        guard polygon.count >= 3 else { return nil }
        var normal = SIMD3<Double>.zero
        var centre = SIMD3<Double>.zero
        for (index, a) in polygon.enumerated() {
            let b = polygon[(index + 1) % polygon.count]
            normal += SIMD3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
            centre += a
        }
        let length = (normal * normal).sum().squareRoot()
        guard length > 1e-12 else { return nil }
        normal /= length
        centre /= Double(polygon.count)
        return SIMD4(normal, -(normal * centre).sum())
    }

    private static func dot(_ plane: SIMD4<Double>, _ point: SIMD3<Double>) -> Double {
        plane.x * point.x + plane.y * point.y + plane.z * point.z + plane.w
    }

    /// The part of `fragment` on the positive side of `plane`.
    private static func cut(_ fragment: Fragment, keeping plane: SIMD4<Double>) -> Fragment {
        var piece = fragment
        piece.polygon = ConvexPolygon.clip(fragment.polygon) { dot(plane, $0) }
        piece.cuts.append(plane)
        return piece
    }
}
