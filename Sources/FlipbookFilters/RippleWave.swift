import Foundation
import FlipbookGraphics

/// `CIRippleTransition`'s wave: a ring `width` wide expanding from `center`, from nothing
/// at time 0 until it has passed the farthest corner of `extent` at time 1. Inside the
/// ring lies the target, outside the source; across it the two blend while the wave
/// bends the picture radially — outward first (a bulge) for a positive `scale`, inward
/// (a dimple) for a negative one, by up to |scale| / 50 of a quarter width — and lights
/// its slopes. A shading image, when given, is read along the wave's normal (its centre
/// facing up) and multiplies the light.
struct RippleWave: Sendable {
    private let center: SIMD2<Double>
    private let halfWidth: Double, scale: Double, radius: Double

    init(center: CGPoint, extent: CGRect, width: Double, scale: Double, time: Double) {
        self.center = SIMD2(Double(center.x), Double(center.y))
        let reach = extent.farthestCorner(from: self.center)
        halfWidth = width / 2
        self.scale = scale / 50
        radius = -halfWidth + time * (reach + width)
    }

    func image(from source: CIImage, to target: CIImage, shading: CIImage?) -> CIImage {
        let wave = self
        let box = shading?.extent
        // Bent points stay on the pictures' pixels, so the wave never pulls in clear edges.
        let area = source.extent.union(target.extent)
        let low = SIMD2(Double(area.minX) + 0.5, Double(area.minY) + 0.5)
        let high = SIMD2(max(Double(area.maxX) - 0.5, low.x), max(Double(area.maxY) - 0.5, low.y))
        let node = WarpNode(inputs: [source.node, target.node], shading: shading?.node,
                            extent: source.extent.union(target.extent)) { samples, points, weights, shade in
            for i in 0..<samples.count {
                let p = samples.point(i)
                for k in 0..<points.count { points[k][i] = p }
                let offset = p - wave.center
                let r = (offset * offset).sum().squareRoot()
                let u = (r - wave.radius) / wave.halfWidth
                guard u > -1 else { weights[i] = SIMD4(0, 1, 0, 1); continue }
                guard u < 1 else { weights[i] = SIMD4(1, 0, 0, 1); continue }
                let outward = r > 0 ? offset / r : .zero
                let bend = wave.scale * wave.halfWidth / 2 * sin(.pi * u)
                let q = area.isUnbounded ? p - outward * bend : (p - outward * bend).kept(within: low, high)
                points[0][i] = q
                points[1][i] = q
                let toTarget = Float((1 - u) / 2)
                let slope = wave.scale * sin(.pi * u)
                weights[i] = SIMD4(1 - toTarget, toTarget, 0, Float(1 + 0.3 * slope))
                if let box {
                    let centre = SIMD2(Double(box.midX), Double(box.midY))
                    points[2][i] = centre + outward * min(max(slope, -1), 1) * SIMD2(Double(box.width), Double(box.height)) / 2
                    shade[i] = Float(cos(.pi * u / 2))
                }
            }
        }
        return CIImage(node: node)
    }
}
