import Foundation
import FlipbookGraphics

/// Conversions between the 8-bit premultiplied sRGB of `CGImage` and Core Image's working
/// format: premultiplied, linear-light RGBA in `Float`, as Apple's default working colour
/// space (extended linear sRGB). Opaque pixels go through tables; the 8-bit round trip
/// returns every value exactly.
enum LinearLight {
    /// The linear value of each 8-bit sRGB code.
    static let decodeTable: [Float] = (0..<256).map { Float(SRGBTransfer.linear(Double($0) / 255)) }

    /// The 8-bit sRGB code of linear values v, indexed by `Int(v · 65535 + 0.5)`; steps of
    /// 1/65535 are far finer than the gap between the linear values of neighbouring codes
    /// (3·10⁻⁴ at the darkest), so decoded codes come back unchanged.
    static let encodeTable: [UInt8] = (0...65535).map { UInt8((SRGBTransfer.encoded(Double($0) / 65535) * 255).rounded()) }

    /// Premultiplied RGBA8 sRGB to premultiplied linear.
    @inline(__always)
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> SIMD4<Float> {
        if a == 255 { return SIMD4(decodeTable[Int(r)], decodeTable[Int(g)], decodeTable[Int(b)], 1) }
        if a == 0 { return .zero }
        let alpha = Float(a) / 255
        let straight = SIMD3(Double(r), Double(g), Double(b)) / Double(a)
        return SIMD4(Float(SRGBTransfer.linear(straight.x)) * alpha, Float(SRGBTransfer.linear(straight.y)) * alpha, Float(SRGBTransfer.linear(straight.z)) * alpha, alpha)
    }

    /// Premultiplied linear to premultiplied RGBA8 sRGB, clamped to 0…1.
    @inline(__always)
    static func bytes(_ p: SIMD4<Float>) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = min(max(p.w, 0), 1)
        if alpha >= 1 {
            return (code(p.x), code(p.y), code(p.z), 255)
        }
        let a = UInt8((alpha * 255).rounded())
        guard a > 0 else { return (0, 0, 0, 0) }
        // Unpremultiply by the alpha that is stored, so the round trip is exact.
        let stored = Double(a) / 255
        func channel(_ v: Float) -> UInt8 {
            let straight = min(max(Double(v) / stored, 0), 1)
            return UInt8(min((SRGBTransfer.encoded(straight) * Double(a)).rounded(), Double(a)))
        }
        return (channel(p.x), channel(p.y), channel(p.z), a)
    }

    @inline(__always)
    private static func code(_ v: Float) -> UInt8 {
        let clamped = min(max(v, 0), 1)
        return encodeTable[Int(clamped * 65535 + 0.5)]
    }
}
