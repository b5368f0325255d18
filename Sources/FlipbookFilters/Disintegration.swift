import Foundation
import FlipbookGraphics

/// `CIDisintegrateWithMaskTransition`: the target replaces the source first where the
/// mask is brightest, the darkest parts last, each switching over a soft step; brightness
/// is the mask's luminance as sRGB encodes it, so a mid-grey switches at half time. The source still standing casts a shadow on the target: the shadow
/// there is the share of source within `shadowRadius` of the point moved back by
/// `shadowOffset` (nine taps), times `shadowDensity`.
struct Disintegration: Sendable {
    private static let softness = 0.05
    private let time: Double
    private let shadowRadius: Double, shadowDensity: Float, shadowOffset: SIMD2<Double>

    init(shadowRadius: Double, shadowDensity: Double, shadowOffset: CGPoint, time: Double) {
        (self.shadowRadius, self.shadowDensity, self.time) = (shadowRadius, Float(shadowDensity), time)
        self.shadowOffset = SIMD2(Double(shadowOffset.x), Double(shadowOffset.y))
    }

    /// How much of the target shows where the mask is `mask`.
    @inline(__always)
    private func switched(_ mask: SIMD4<Float>) -> Float {
        let luminance = SRGBTransfer.encoded(Double(0.2126 * mask.x + 0.7152 * mask.y + 0.0722 * mask.z))
        return Float(min(max((luminance + time * (1 + Self.softness) - 1) / Self.softness, 0), 1))
    }

    func image(from source: CIImage, to target: CIImage, mask: CIImage) -> CIImage {
        let step = self
        let maskNode = mask.node
        let shadows = time > 0 && time < 1 && shadowDensity > 0
        let taps = [SIMD2<Double>.zero] + (0..<8).map { k in
            SIMD2(cos(Double(k) * .pi / 4), sin(Double(k) * .pi / 4)) * shadowRadius
        }
        let node = KernelNode(inputs: [source.node, target.node, maskNode], extent: source.extent.union(target.extent)) { samples, rows, out, scratch in
            let a = rows[0], b = rows[1], m = rows[2]
            for i in 0..<samples.count { out[i] = a[i] + (b[i] - a[i]) * step.switched(m[i]) }
            guard shadows else { return }
            // The source left standing near the shadow's origin, tap by tap.
            scratch.withScalars(samples.count) { standing in
                standing.update(repeating: 0)
                scratch.withColors(samples.count) { tapped in
                    for tap in taps {
                        let shift = tap - step.shadowOffset
                        maskNode.render(mapping: samples, through: { $0 + shift }, into: tapped, scratch: scratch)
                        for i in 0..<samples.count { standing[i] += (1 - step.switched(tapped[i])) / Float(taps.count) }
                    }
                }
                for i in 0..<samples.count where standing[i] > 0 {
                    let w = step.switched(m[i])
                    let dark = b[i] * SIMD4(1 - step.shadowDensity * standing[i], 1 - step.shadowDensity * standing[i],
                                            1 - step.shadowDensity * standing[i], 1)
                    out[i] = a[i] + (dark - a[i]) * w
                }
            }
        }
        return CIImage(node: node)
    }
}
