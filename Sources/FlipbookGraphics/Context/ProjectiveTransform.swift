/// A projective map of the plane (a homography), Flipbook's addition: what a layer with a
/// perspective transform does to its flat contents. Row-vector convention, as
/// `CGAffineTransform` and `CATransform3D`: a point (x, y, 1) times the 3×3 matrix gives
/// (x′·w, y′·w, w).
public struct ProjectiveTransform: Equatable, Sendable {
    /// Rows of the matrix: (m11, m12, m13), (m21, m22, m23), (m31, m32, m33).
    public var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// The same map as an affine transform.
    public init(_ affine: CGAffineTransform) {
        self.init(m11: Double(affine.a), m12: Double(affine.b), m13: 0, m21: Double(affine.c), m22: Double(affine.d), m23: 0,
                  m31: Double(affine.tx), m32: Double(affine.ty), m33: 1)
    }

    public static let identity = ProjectiveTransform(.identity)

    /// The homogeneous image (x′·w, y′·w, w) of `point`.
    public func homogeneous(_ point: CGPoint) -> SIMD3<Double> {
        let x = Double(point.x), y = Double(point.y)
        return SIMD3(x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The image of `point`; a point sent to infinity (w = 0) comes back unchanged.
    public func apply(_ point: CGPoint) -> CGPoint {
        let h = homogeneous(point)
        guard h.z != 0 else { return point }
        return CGPoint(x: h.x / h.z, y: h.y / h.z)
    }

    /// This map followed by `other`.
    public func concatenating(_ other: ProjectiveTransform) -> ProjectiveTransform {
        let a = self, b = other
        return ProjectiveTransform(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31, m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31, m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31, m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map; nil when the matrix is singular or not finite.
    public var inverted: ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: -(m12 * m33 - m13 * m32) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: -(m21 * m33 - m23 * m31) / det, m22: (m11 * m33 - m13 * m31) / det, m23: -(m11 * m23 - m13 * m21) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: -(m11 * m32 - m12 * m31) / det, m33: (m11 * m22 - m12 * m21) / det)
    }

    /// The affine transform this is, when it has no perspective (m13 = m23 = 0, m33 ≠ 0).
    public var affine: CGAffineTransform? {
        guard m13 == 0, m23 == 0, m33 != 0 else { return nil }
        return CGAffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }
}
