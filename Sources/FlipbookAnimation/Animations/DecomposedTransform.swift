/// A `CATransform3D` split into the parts Core Animation interpolates separately, so a
/// shape keeps its form mid-animation: scale, shear, rotation (a unit quaternion),
/// translation and perspective.
///
/// In the row-vector convention `M = L · N`, where `L` is affine (the 3×3 block
/// `diag(scale) · shear · rotation`, then `translation`) and `N` carries the perspective
/// column, the same factorisation as the CSS Transforms "decomposing a 3D matrix" steps.
struct DecomposedTransform: Equatable, Sendable {
    // Vectors built with initialisers, not array literals, which would allocate.
    var scale = SIMD3<Double>(1, 1, 1)
    /// XY, XZ and YZ shear factors.
    var shear = SIMD3<Double>.zero
    /// The rotation as a unit quaternion (x, y, z, w).
    var quaternion = SIMD4<Double>(0, 0, 0, 1)
    var translation = SIMD3<Double>.zero
    /// The perspective column (m14, m24, m34, m44) of `N`.
    var perspective = SIMD4<Double>(0, 0, 0, 1)

    init() {}

    /// Decomposes `t`; nil when it is singular (no unique decomposition), as Core Animation
    /// interpolates a whole transform only between ones it can take apart. With
    /// `zeroScales`, an axis scaled to nothing (a layer popping in from scale 0) is a scale
    /// of 0 along the direction the other axes leave, as a field of the transform
    /// (`transform.scale.x`) reads and animates it; still nil when some axis is flattened
    /// onto another.
    init?(_ t: CATransform3D, zeroScales: Bool = false) {
        // The identity, by far the commonest (a layer's transform while an animation of
        // `transform.rotation.z` reads and writes it each frame): its parts are the defaults,
        // as the steps below find them.
        if t == CATransform3DIdentity {
            self.init()
        } else {
            self.init(steps: t, zeroScales: zeroScales)
        }
    }

    /// `init(_:zeroScales:)`'s steps, which the identity skips.
    init?(steps t: CATransform3D, zeroScales: Bool = false) {
        let entries = t.entries
        guard t.m44 != 0, (entries - entries) == .zero else { return nil }  // every entry finite
        let m = entries / Double(t.m44)
        func at(_ r: Int, _ c: Int) -> Double { m[r * 4 + c] }
        if at(0, 3) != 0 || at(1, 3) != 0 || at(2, 3) != 0 {
            // The last column of M is L times (q, q4), L the matrix without its perspective
            // column: solve with L's inverse.
            var affine = m
            affine[3] = 0; affine[7] = 0; affine[11] = 0; affine[15] = 1
            guard let inverse = CATransform3D(entries: affine).inverted() else { return nil }
            let inv = inverse.entries
            let column = SIMD4(at(0, 3), at(1, 3), at(2, 3), at(3, 3))
            for r in 0..<4 {
                perspective[r] = (0..<4).reduce(0) { $0 + inv[r * 4 + $1] * column[$1] }
            }
        }
        translation = SIMD3(at(3, 0), at(3, 1), at(3, 2))
        var rows = Rows(SIMD3(at(0, 0), at(0, 1), at(0, 2)), SIMD3(at(1, 0), at(1, 1), at(1, 2)),
                        SIMD3(at(2, 0), at(2, 1), at(2, 2)))
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        /// `v` at unit length; for an axis scaled to nothing, with `zeroScales`, the first
        /// of `directions` that has a length (made only then).
        func unit(_ v: SIMD3<Double>, _ directions: () -> [SIMD3<Double>]) -> SIMD3<Double>? {
            let l = length(v)
            if l > 0 { return v / l }
            guard zeroScales, let direction = directions().first(where: { length($0) > 0 }) else { return nil }
            return direction / length(direction)
        }
        let z = SIMD3<Double>(0, 0, 1)
        scale.x = length(rows.0)
        guard let x = unit(rows.0, { [cross(rows.1, rows.2), cross(rows.1, z), SIMD3(1, 0, 0)] }) else { return nil }
        rows.0 = x
        shear.x = dot(rows.0, rows.1)
        rows.1 -= shear.x * rows.0
        scale.y = length(rows.1)
        guard let y = unit(rows.1, { [cross(rows.2, rows.0), cross(z, rows.0), cross(rows.0, SIMD3(1, 0, 0))] }) else { return nil }
        rows.1 = y
        shear.y = dot(rows.0, rows.2)
        rows.2 -= shear.y * rows.0
        shear.z = dot(rows.1, rows.2)
        rows.2 -= shear.z * rows.1
        scale.z = length(rows.2)
        guard let unitZ = unit(rows.2, { [cross(rows.0, rows.1)] }) else { return nil }
        rows.2 = unitZ
        // Shears are measured in the scaled axis: along an axis scaled to nothing, there is
        // none to measure, and a row lying along another axis cannot be taken apart.
        func sheared(_ amount: Double, over axisScale: Double) -> Double? {
            axisScale > 0 ? amount / axisScale : amount == 0 ? 0 : nil
        }
        guard let shearX = sheared(shear.x, over: scale.y), let shearY = sheared(shear.y, over: scale.z),
              let shearZ = sheared(shear.z, over: scale.z) else { return nil }
        shear = SIMD3(shearX, shearY, shearZ)
        // A reflection shows as a negative determinant: fold it into the scale.
        if dot(rows.0, cross(rows.1, rows.2)) < 0 {
            scale = -scale
            rows = (-rows.0, -rows.1, -rows.2)
        }
        quaternion = Self.quaternion(rows: rows)
    }

    /// The three rows of a 3×3 matrix.
    typealias Rows = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// The quaternion of an orthonormal row-vector rotation matrix (the transpose of the
    /// column-vector matrix the quaternion formulas use).
    static func quaternion(rows: Rows) -> SIMD4<Double> {
        let q = rows
        // Column-vector matrix R = Qᵀ, so R[i][j] = q[j][i].
        let trace = q.0.x + q.1.y + q.2.z
        var result: SIMD4<Double>
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            result = SIMD4((q.1.z - q.2.y) * s, (q.2.x - q.0.z) * s, (q.0.y - q.1.x) * s, 0.25 / s)
        } else if q.0.x > q.1.y && q.0.x > q.2.z {
            let s = 2 * (1 + q.0.x - q.1.y - q.2.z).squareRoot()
            result = SIMD4(0.25 * s, (q.1.x + q.0.y) / s, (q.2.x + q.0.z) / s, (q.1.z - q.2.y) / s)
        } else if q.1.y > q.2.z {
            let s = 2 * (1 + q.1.y - q.0.x - q.2.z).squareRoot()
            result = SIMD4((q.1.x + q.0.y) / s, 0.25 * s, (q.2.y + q.1.z) / s, (q.2.x - q.0.z) / s)
        } else {
            let s = 2 * (1 + q.2.z - q.0.x - q.1.y).squareRoot()
            result = SIMD4((q.2.x + q.0.z) / s, (q.2.y + q.1.z) / s, 0.25 * s, (q.0.y - q.1.x) / s)
        }
        return result / (result * result).sum().squareRoot()
    }

    /// The row-vector rotation matrix of the quaternion.
    var rotationRows: Rows {
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        // Rows of Qᵀ for the column-vector matrix R.
        return (SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)))
    }

    /// The transform these parts make.
    var matrix: CATransform3D {
        let r = rotationRows
        // diag(scale) · shear · rotation, where shear is unit lower triangular.
        let a = (scale.x * r.0, scale.y * (shear.x * r.0 + r.1), scale.z * (shear.y * r.0 + shear.z * r.1 + r.2))
        // M = L · N with N = [[I, q], [0, q4]]: the last column is L · (q, q4).
        let q = perspective
        func last(_ row: SIMD3<Double>, _ w: Double) -> Double { (row * SIMD3(q.x, q.y, q.z)).sum() + w * q.w }
        return CATransform3D(
            m11: CGFloat(a.0.x), m12: CGFloat(a.0.y), m13: CGFloat(a.0.z), m14: CGFloat(last(a.0, 0)),
            m21: CGFloat(a.1.x), m22: CGFloat(a.1.y), m23: CGFloat(a.1.z), m24: CGFloat(last(a.1, 0)),
            m31: CGFloat(a.2.x), m32: CGFloat(a.2.y), m33: CGFloat(a.2.z), m34: CGFloat(last(a.2, 0)),
            m41: CGFloat(translation.x), m42: CGFloat(translation.y), m43: CGFloat(translation.z),
            m44: CGFloat(last(translation, 1)))
    }

    /// Part by part interpolation: linear for everything but the rotation, which takes
    /// the shorter spherical path.
    func interpolated(to other: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        var r = DecomposedTransform()
        r.scale = scale + (other.scale - scale) * f
        r.shear = shear + (other.shear - shear) * f
        r.translation = translation + (other.translation - translation) * f
        r.perspective = perspective + (other.perspective - perspective) * f
        r.quaternion = Self.slerp(quaternion, other.quaternion, f)
        return r
    }

    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ f: Double) -> SIMD4<Double> {
        var b = b
        var cosine = (a * b).sum()
        if cosine < 0 { b = -b; cosine = -cosine }
        if cosine > 0.9995 {
            let q = a + (b - a) * f
            return q / (q * q).sum().squareRoot()
        }
        let angle = acos(min(cosine, 1))
        let s = sin(angle)
        return a * (sin((1 - f) * angle) / s) + b * (sin(f * angle) / s)
    }

    /// Euler angles (x, then y, then z) of the rotation: the values Core Animation reads
    /// and writes through `transform.rotation.x/y/z`.
    var eulerAngles: SIMD3<Double> {
        get {
            let q = rotationRows
            let sinY = -q.0.z
            if abs(sinY) < 0.999_999 {
                return SIMD3(atan2(q.1.z, q.2.z), asin(max(-1, min(1, sinY))), atan2(q.0.y, q.0.x))
            }
            // Gimbal lock: the x and z turns share an axis; put it all in z.
            return SIMD3(0, sinY > 0 ? .pi / 2 : -.pi / 2, atan2(-q.1.x, q.1.y))
        }
        set {
            let rotation = CATransform3DMakeRotation(CGFloat(newValue.x), 1, 0, 0)
                .concatenating(CATransform3DMakeRotation(CGFloat(newValue.y), 0, 1, 0))
                .concatenating(CATransform3DMakeRotation(CGFloat(newValue.z), 0, 0, 1))
            let e = rotation.entries
            quaternion = Self.quaternion(rows: (SIMD3(e[0], e[1], e[2]), SIMD3(e[4], e[5], e[6]), SIMD3(e[8], e[9], e[10])))
        }
    }
}
