import Foundation
import FlipbookGraphics
import CFlipbookKernels

/// `CIFlashTransition`'s light. Until `fadeThreshold` a starburst of `color` grows from
/// `center`: its rays reach `maxStriationRadius` times the distance from the centre to the
/// farthest corner of `extent` at the threshold, each ray's length set by an angular
/// pattern whose depth is `striationStrength` and whose sharpness is `striationContrast`,
/// the light fading softly towards the rays' ends. The light is far brighter than the
/// colour: `color` times 12 × the light, each channel clipped at 1, so the burst is white
/// where it is strong and takes the colour only at its rays' soft ends. With the default
/// radius the burst covers the whole extent by the threshold; from there the picture
/// fades linearly (in linear light) to the target, which it reaches at time 1. Measured
/// on Apple's frame (t 0.961, threshold 0.8, colour #ff5589): over a black target the
/// picture is linear 0.196 white — the fade's 0.803 of the way to the target from white,
/// not from the colour — and its faint streaks are the colour exposed ×2.3, clipped.
struct FlashBurst: Sendable {
    /// How much brighter than its colour the burst's light is at its strongest.
    private static let exposure: Float = 12
    /// How many steps of angle the rays' pattern is tabled at (its finest wave, 29 a turn,
    /// gets 70 steps: linear interpolation is within 3 × 10⁻⁴ of it).
    private static let steps = 2048
    let time: Double
    /// The rays' length factor at `steps` + 1 angles from −π to π.
    private let rays: [Double]
    /// The shortest and longest of them: inside the one the light is full whatever the
    /// angle, beyond the other there is none.
    private let shortest: Double, longest: Double
    /// The centre, how far the rays reach at this time, and how far the picture has faded
    /// to the target (0 until the threshold).
    private let origin: SIMD2<Double>, radius: Double
    let fade: Float

    init(center: CGPoint, extent: CGRect, maxStriationRadius: Double, striationStrength: Double, striationContrast: Double,
         fadeThreshold: Double, time: Double) {
        self.time = time
        rays = (0...Self.steps).map { k in
            let angle = -Double.pi + 2 * .pi * Double(k) / Double(Self.steps)
            let pattern = (sin(7 * angle + 1.3) + 0.6 * sin(13 * angle + 0.4) + 0.3 * sin(29 * angle + 2.1)) / 1.9
            let striation = pow(0.5 + 0.5 * pattern, striationContrast)
            return (1 + striationStrength * striation) / (1 + striationStrength)
        }
        (shortest, longest) = (rays.min() ?? 0, rays.max() ?? 0)
        origin = SIMD2(Double(center.x), Double(center.y))
        let growing = time < fadeThreshold
        radius = (growing ? time / fadeThreshold : 1) * maxStriationRadius * extent.farthestCorner(from: origin)
        fade = Float(growing ? 0 : (time - fadeThreshold) / max(1 - fadeThreshold, 1e-9))
    }

    func image(from source: CIImage, to target: CIImage, color: CIColor) -> CIImage {
        CIImage(node: FlashNode(from: source.node, to: target.node, burst: self, flash: color.working))
    }

    /// The picture at a point where the burst's light is `light`, the source shows `a` and
    /// the target `b`: the source lit towards the exposed colour, then faded to the target.
    /// `dark` and `full` are `flash` exposed by no light and by full light.
    @inline(__always)
    func pixel(_ a: SIMD4<Float>, _ b: SIMD4<Float>, light: Float, flash: SIMD4<Float>, dark: SIMD4<Float>,
               full: SIMD4<Float>) -> SIMD4<Float> {
        let exposed = light == 0 ? dark : light == 1 ? full : Self.exposed(flash, light: light)
        return MixNode.mix(MixNode.mix(a, exposed, min(1, Self.exposure * light)), b, fade)
    }

    /// The colour `light` (0…1) exposes: `flash` × the exposure × the light, each channel
    /// clipped at 1, opaque.
    @inline(__always)
    static func exposed(_ flash: SIMD4<Float>, light: Float) -> SIMD4<Float> {
        var exposed = flash * (exposure * light)
        exposed.replace(with: 1, where: exposed .> 1)
        exposed.w = 1
        return exposed
    }

    /// The burst's light (0…1) at each of `samples` (`fb_flash_light_row`).
    func light(_ samples: Samples, into out: UnsafeMutableBufferPointer<Float>) {
        rays.withUnsafeBufferPointer { rays in
            // Past every ray's end there is no light, and well inside the shortest it is
            // full whatever the angle (clamped to 1; the margin covers rounding).
            var light = fb_flash_light(origin_x: origin.x, origin_y: origin.y, radius: radius, outer: radius * longest,
                                       inner: 0.65 * radius * shortest - 1 - 1e-6 * radius, scale: Double(Self.steps) / (2 * .pi),
                                       rays: rays.baseAddress, steps: Int64(Self.steps))
            switch samples {
            case let .row(x, y, count):
                fb_flash_light_row(out.baseAddress, &light, x, y, count)
            case .points(let points):
                for (i, p) in points.enumerated() { fb_flash_light_row(out.baseAddress! + i, &light, p.x - 0.5, p.y, 1) }
            }
        }
    }
}
