import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// A Gaussian blur by recursion, whose cost per pixel does not depend on σ: Deriche's
/// fourth-order approximation (R. Deriche, "Recursively implementing the Gaussian and its
/// derivatives", INRIA research report 1893, 1993). Along an axis, the kernel
/// exp(−x²/2σ²) is fitted for x ≥ 0 by two damped cosines,
/// Σₖ (aₖ cos(ωₖx/σ) + cₖ sin(ωₖx/σ)) · exp(−bₖx/σ), each one a second-order recursive
/// section run forwards (x ≥ 0) and backwards (x < 0); the sum is scaled so that a flat
/// image keeps its value.
///
/// Held against the exact sampled Gaussian (in single precision, as the kernels run): an
/// impulse is within 5·10⁻⁴ of the Gaussian's peak and an edge within 10⁻⁴ of its value for
/// σ from 0.05 to 100; at σ 200 a flat image drifts by 5·10⁻⁴. Beyond `largestSigma` the
/// sections' poles lie so close to 1 that single precision drifts further, and the blur
/// convolves instead.
struct RecursiveGaussian {
    /// The largest σ the recursion serves.
    static let largestSigma = 200.0

    /// Deriche's constants (aₖ, cₖ, bₖ, ωₖ) for the two cosines.
    private static let terms: [(a: Double, c: Double, b: Double, omega: Double)] = [
        (1.680, 3.735, 1.783, 0.6318), (-0.6803, -0.2598, 1.723, 1.997),
    ]

    /// The kernels' coefficients.
    let coefficients: fb_gaussian

    /// The recursion for standard deviation `sigma` pixels (0 < sigma ≤ `largestSigma`).
    init(sigma: Double) {
        // Section k: r = e^(−b/σ), θ = ω/σ. Forwards, Σₙ rⁿ(a cos nθ + c sin nθ) z⁻ⁿ is
        // (n0 + n1 z⁻¹) / (1 + d1 z⁻¹ + d2 z⁻²); backwards, the same less its n = 0 term.
        var sections = Self.terms.map { term -> (n0: Double, n1: Double, m1: Double, m2: Double, d1: Float, d2: Float) in
            let r = exp(-term.b / sigma), theta = term.omega / sigma
            // The feedback as the kernels hold it, so that the gain below is theirs.
            let d1 = Float(-2 * r * cos(theta)), d2 = Float(r * r)
            let n1 = r * (term.c * sin(theta) - term.a * cos(theta))
            return (term.a, n1, n1 - term.a * Double(d1), -term.a * Double(d2), d1, d2)
        }
        // The gain at zero frequency, both ways and both sections, made 1.
        let gain = sections.reduce(0) { $0 + ($1.n0 + $1.n1 + $1.m1 + $1.m2) / (1 + Double($1.d1) + Double($1.d2)) }
        sections = sections.map { ($0.n0 / gain, $0.n1 / gain, $0.m1 / gain, $0.m2 / gain, $0.d1, $0.d2) }
        let (s, t) = (sections[0], sections[1])
        coefficients = fb_gaussian(n0: (Float(s.n0), Float(t.n0)), n1: (Float(s.n1), Float(t.n1)), m1: (Float(s.m1), Float(t.m1)),
                                   m2: (Float(s.m2), Float(t.m2)), d1: (s.d1, t.d1), d2: (s.d2, t.d2))
    }
}

extension NeighbourhoodNode.Source {
    /// The input blurred by `gaussian` along rows, then down columns, over `region`
    /// (outside `rect` counts as clear). Input rows go through the pass along them as they
    /// are rendered, four at a time; rows are split between threads for that pass, columns
    /// for the pass down them, so every split gives the same floats.
    func blurred(by gaussian: RecursiveGaussian, over region: CGRect, threads: Int) -> Raster {
        let result = Raster(unwrittenOver: region)
        let source = rect.integral
        let (columns, width, height) = (result.width, Int(source.width), Int(source.height))
        let dx = Int(region.minX - source.minX), dy = Int(region.minY - source.minY)
        // The pass along rows, for every input row, over the result's columns.
        let along = Raster(unwrittenOver: CGRect(x: result.rect.minX, y: source.minY, width: CGFloat(columns), height: CGFloat(height)))
        var coefficients = gaussian.coefficients
        let (middle, target, node) = (UncheckedSendable(along.pixels.baseAddress!), UncheckedSendable(result.pixels.baseAddress!), node)
        withUnsafePointer(to: &coefficients) { g in
            let g = UncheckedSendable(g)
            RowBands.split(rows: height, threads: threads) { band in
                let block = 4, scratch = Scratch(capacity: width)
                let lines = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: block * width)
                defer { lines.deallocate() }
                for first in stride(from: band.lowerBound, to: band.upperBound, by: block) {
                    let count = min(block, band.upperBound - first)
                    for k in 0..<count {
                        node.render(.row(x: Double(source.minX), y: Double(source.minY) + Double(first + k) + 0.5, count: width),
                                    into: UnsafeMutableBufferPointer(start: lines + k * width, count: width), scratch: scratch)
                    }
                    fb_gaussian_rows((middle.value + first * columns).scalars, 4 * columns, UnsafePointer(lines).scalars, 4 * width, width,
                                     dx, columns, count, g.value)
                }
            }
            // Down the columns in strips of two pixels (eight floats).
            let floats = 4 * columns
            RowBands.split(rows: (floats + 7) / 8, threads: threads) { strips in
                let first = 8 * strips.lowerBound, end = min(8 * strips.upperBound, floats)
                fb_gaussian_columns(target.value.scalars + first, floats, result.height, UnsafePointer(middle.value).scalars + first, floats,
                                    height, dy, end - first, g.value)
            }
        }
        return result
    }
}
