import Foundation
import FlipbookGraphics

/// `CIModTransition`'s holes. The plane around `center` is turned by `angle` and cut into
/// cells of 2·radius in staggered rows, one hole per cell. Each hole opens from its cell's
/// centre at its own moment in the first 45 % of the time and grows until it covers the
/// cell, so the target shows through irregular, wobbling holes that merge; at time 1 every
/// cell is open. Far from the centre the pattern is stretched: distance d is measured as
/// compression · ln(1 + d / compression), so holes near the centre keep `radius` and those
/// farther out grow (a larger compression stretches less).
struct ModPattern: Sendable {
    private let center: SIMD2<Double>
    private let cos: Double, sin: Double
    private let radius: Double, compression: Double, time: Double

    init(center: CGPoint, angle: Double, radius: Double, compression: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        (cos, sin) = (Foundation.cos(angle), Foundation.sin(angle))
        (self.radius, self.compression, self.time) = (radius, compression, time)
    }

    /// How much of the target shows at `point`: 0 (none) … 1 (all).
    func coverage(at point: SIMD2<Double>) -> Float {
        guard time > 0 else { return 0 }
        guard time < 1 else { return 1 }
        let offset = point - center
        var u = SIMD2(offset.x * cos + offset.y * sin, -offset.x * sin + offset.y * cos)
        let d = (u * u).sum().squareRoot()
        if d > 0 { u *= compression * log1p(d / compression) / d }
        let cell = 2 * radius
        let row = (u.y / cell).rounded(.down)
        let x = u.x + (Int(row) & 1 == 0 ? 0 : radius)
        let column = (x / cell).rounded(.down)
        let q = SIMD2(x - (column + 0.5) * cell, u.y - (row + 0.5) * cell)
        let seed = Self.hash(Int(column), Int(row))
        let progress = min(max((time - 0.45 * seed) / 0.55, 0), 1)
        guard progress > 0 else { return 0 }
        // A wobbling outline: the distance is stretched by up to a quarter around the hole.
        // Well inside or outside the outline whatever the wobble (by a margin that covers
        // rounding), the angle is not needed: the coverage is clamped to 1 or 0 there.
        let hole = progress * (1.25 * 2.0.squareRoot() * radius + 1), plain = (q * q).sum().squareRoot()
        if plain * 1.25 <= hole - 0.5 - 1e-6 { return 1 }
        if plain * 0.75 >= hole + 0.5 + 1e-6 { return 0 }
        let wobble = 1 + 0.25 * Foundation.sin(3 * atan2(q.y, q.x) + 2 * .pi * seed)
        return Float(min(max(hole - plain * wobble + 0.5, 0), 1))
    }

    /// A number in 0..<1 for a cell.
    private static func hash(_ column: Int, _ row: Int) -> Double {
        var h = UInt64(bitPattern: Int64(column)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(row)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Double(h >> 11) / Double(1 << 53)
    }
}
