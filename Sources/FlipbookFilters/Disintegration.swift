import Foundation
import FlipbookGraphics

/// `CIDisintegrateWithMaskTransition`: the target replaces the source first where the
/// mask is brightest, the darkest parts last, each switching over a soft step; brightness
/// is the mask's luminance as sRGB encodes it, so a mid-grey switches at half time. The
/// source still standing casts a shadow on the target: the shadow there is the share of
/// source within `shadowRadius` of the point moved back by `shadowOffset` (nine taps),
/// times `shadowDensity`.
struct Disintegration: Sendable {
    private static let softness = 0.05
    private let time: Double
    private let shadowRadius: Double, shadowDensity: Float, shadowOffset: SIMD2<Double>
    /// Where the soft step starts and ends, in encoded luminance, and in linear luminance
    /// (so only masks inside the step pay for encoding).
    private let start: Double, linearStart: Float, linearEnd: Float

    init(shadowRadius: Double, shadowDensity: Double, shadowOffset: CGPoint, time: Double) {
        (self.shadowRadius, self.shadowDensity, self.time) = (shadowRadius, Float(shadowDensity), time)
        self.shadowOffset = SIMD2(Double(shadowOffset.x), Double(shadowOffset.y))
        start = 1 - time * (1 + Self.softness)
        linearStart = Float(SRGBTransfer.linear(start))
        linearEnd = Float(SRGBTransfer.linear(start + Self.softness))
    }

    /// How much of the target shows where the mask is `mask`.
    @inline(__always)
    private func switched(_ mask: SIMD4<Float>) -> Float {
        let luminance = mask.luminance
        if luminance <= linearStart { return 0 }
        if luminance >= linearEnd { return 1 }
        return Float(min(max((SRGBTransfer.encoded(Double(luminance)) - start) / Self.softness, 0), 1))
    }

    func image(from source: CIImage, to target: CIImage, mask: CIImage) -> CIImage {
        let step = self
        let shadows = time > 0 && time < 1 && shadowDensity > 0
        // The mask moved so each tap of the shadow reads it at the output's point.
        let taps: [any ImageNode] = !shadows ? [] : ([SIMD2<Double>.zero] + (0..<8).map { k in
            SIMD2(cos(Double(k) * .pi / 4), sin(Double(k) * .pi / 4)) * shadowRadius
        }).map { tap in
            let shift = shadowOffset - tap
            return mask.transformed(by: CGAffineTransform(translationX: CGFloat(shift.x), y: CGFloat(shift.y))).node
        }
        let inputs = [source.node, target.node, mask.node] + taps
        let node = KernelNode(inputs: inputs, extent: source.extent.union(target.extent)) { samples, rows, out, _ in
            let a = rows[0], b = rows[1], m = rows[2]
            for i in 0..<samples.count {
                let w = step.switched(m[i])
                var to = b[i]
                if rows.count > 3 {
                    // The share of source still standing around where the shadow comes from.
                    var standing: Float = 0
                    for tap in rows[3...] { standing += 1 - step.switched(tap[i]) }
                    let light = 1 - step.shadowDensity * standing / Float(rows.count - 3)
                    to *= SIMD4(light, light, light, 1)
                }
                out[i] = a[i] + (to - a[i]) * w
            }
        }
        return CIImage(node: node)
    }
}
