import Foundation

/// How much of the target a `MixNode` shows at each point: 0 the input, 1 the target.
enum MixWeight: Sendable {
    /// `gradient · p + offset`, clamped to 0…1: a uniform cross-fade when the gradient is
    /// zero, a straight soft edge otherwise.
    case ramp(gradient: SIMD2<Double>, offset: Double)
    /// Weights a function computes for a batch of samples.
    case field(@Sendable (Samples, UnsafeMutableBufferPointer<Float>) -> Void)

    /// The weight of a ramp at `point`.
    @inline(__always)
    static func ramp(_ gradient: SIMD2<Double>, _ offset: Double, at point: SIMD2<Double>) -> Float {
        Float(min(max((gradient * point).sum() + offset, 0), 1))
    }

    /// The weights at `samples`.
    func weights(_ samples: Samples, into out: UnsafeMutableBufferPointer<Float>) {
        switch self {
        case let .ramp(gradient, offset):
            for i in 0..<samples.count { out[i] = Self.ramp(gradient, offset, at: samples.point(i)) }
        case .field(let weights):
            weights(samples, out)
        }
    }

    /// The one weight of a ramp with no gradient; nil for weights that vary.
    var uniform: Float? {
        guard case let .ramp(gradient, offset) = self, gradient == .zero else { return nil }
        return Self.ramp(gradient, offset, at: .zero)
    }
}
