import Foundation
import FlipbookGraphics

/// `CIFlashTransition`'s light. Until `fadeThreshold` a starburst of `color` grows from
/// `center`: its rays reach `maxStriationRadius` times the distance from the centre to the
/// farthest corner of `extent` at the threshold, each ray's length set by an angular
/// pattern whose depth is `striationStrength` and whose sharpness is `striationContrast`,
/// the light fading softly towards the rays' ends. With the default radius the burst
/// covers the whole extent by the threshold; from there the picture fades linearly to
/// the target, which it reaches at time 1.
struct FlashBurst: Sendable {
    let center: CGPoint
    let extent: CGRect
    let maxStriationRadius, striationStrength, striationContrast, fadeThreshold, time: Double

    func image(from source: CIImage, to target: CIImage, color: CIColor) -> CIImage {
        let flash = color.working
        let c = SIMD2(Double(center.x), Double(center.y))
        let reach = extent.farthestCorner(from: c)
        let growing = time < fadeThreshold
        let size = growing ? time / fadeThreshold : 1
        let fade = Float(growing ? 0 : (time - fadeThreshold) / max(1 - fadeThreshold, 1e-9))
        let burst = self
        let node = KernelNode(inputs: [source.node, target.node], extent: source.extent.union(target.extent)) { samples, rows, out, _ in
            let a = rows[0], b = rows[1]
            guard burst.time > 0, burst.time < 1 else {
                _ = out.update(fromContentsOf: burst.time <= 0 ? a : b)
                return
            }
            for i in 0..<samples.count {
                let light = burst.intensity(at: samples.point(i) - c, radius: size * burst.maxStriationRadius * reach)
                let lit = a[i] + (flash - a[i]) * light
                out[i] = lit + (b[i] - lit) * fade
            }
        }
        return CIImage(node: node)
    }

    /// The burst's light (0…1) at `offset` from the centre when its rays reach `radius`.
    private func intensity(at offset: SIMD2<Double>, radius: Double) -> Float {
        guard radius > 0 else { return 0 }
        let angle = atan2(offset.y, offset.x)
        let pattern = (sin(7 * angle + 1.3) + 0.6 * sin(13 * angle + 0.4) + 0.3 * sin(29 * angle + 2.1)) / 1.9
        let striation = pow(0.5 + 0.5 * pattern, striationContrast)
        let ray = radius * (1 + striationStrength * striation) / (1 + striationStrength)
        let distance = (offset * offset).sum().squareRoot()
        return Float(min(max((ray - distance) / (0.35 * ray + 1), 0), 1))
    }
}
