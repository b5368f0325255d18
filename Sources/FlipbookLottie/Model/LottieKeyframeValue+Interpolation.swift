import Foundation

// How keyframe values ease from one keyframe's to the next's: numbers and vectors
// dimension by dimension, paths vertex by vertex and tangent by tangent.

extension LottieScalar {
    func interpolated(to other: LottieScalar, by fraction: Double) -> LottieScalar {
        LottieScalar(value + (other.value - value) * fraction)
    }
}

extension LottieVector {
    /// The dimensions both have; a dimension only one has keeps its value.
    func interpolated(to other: LottieVector, by fraction: Double) -> LottieVector {
        LottieVector(values.indices.map { index in
            guard other.values.indices.contains(index) else { return values[index] }
            return values[index] + (other.values[index] - values[index]) * fraction
        })
    }
}

extension LottieBezier {
    /// Paths of different vertex counts do not blend: the first holds until the end.
    func interpolated(to other: LottieBezier, by fraction: Double) -> LottieBezier {
        guard other.vertices.count == vertices.count else { return fraction < 1 ? self : other }
        func mix(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            zip(a, b).map { p, q in [p[0] + (q[0] - p[0]) * fraction, p[1] + (q[1] - p[1]) * fraction] }
        }
        return LottieBezier(closed: closed, vertices: mix(vertices, other.vertices),
                            inTangents: mix(inTangents, other.inTangents), outTangents: mix(outTangents, other.outTangents))
    }
}
