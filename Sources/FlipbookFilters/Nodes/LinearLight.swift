import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// Conversions between the 8-bit premultiplied sRGB of `CGImage` and Core Image's working
/// format: premultiplied, linear-light RGBA in `Float`, as Apple's default working colour
/// space (extended linear sRGB). Opaque pixels go through tables; the 8-bit round trip
/// returns every value exactly.
enum LinearLight {
    /// The linear value of each 8-bit sRGB code.
    private static let decodeTable = Table((0..<256).map { Float(SRGBTransfer.linear(Double($0) / 255)) })

    /// The linear value of each 8-bit sRGB code, for the vector kernels.
    static var decodeValues: UnsafePointer<Float> { UnsafePointer(decodeTable.base) }

    /// The code of each opaque linear value v at `Int(v · 65535 + 0.5)`, for the kernels.
    static var encodeCodes: UnsafePointer<UInt8> { UnsafePointer(encodeTable.base) }

    /// The 8-bit sRGB code of linear values v, indexed by `Int(v · 65535 + 0.5)`; steps of
    /// 1/65535 are far finer than the gap between the linear values of neighbouring codes
    /// (3·10⁻⁴ at the darkest), so decoded codes come back unchanged.
    private static let encodeTable = Table((0...65535).map { UInt8((SRGBTransfer.encoded(Double($0) / 65535) * 255).rounded()) })

    /// The sRGB encoding of linear 0…1 at steps of 1/4096 (4097 values), for the kernels.
    static var encodeCurveValues: UnsafePointer<Float> { UnsafePointer(encodeCurve.base) }

    /// The sRGB encoding of linear 0…1 at steps of 1/4096, for linear interpolation: within
    /// 2·10⁻⁵ of the formula everywhere.
    private static let encodeCurve = Table((0...4096).map { Float(SRGBTransfer.encoded(Double($0) / 4096)) })

    /// A lookup table that lives as long as the program, read without bounds checks.
    private struct Table<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        init(_ values: [Element]) {
            base = .allocate(capacity: values.count)
            base.initialize(from: values, count: values.count)
        }
    }

    /// `count` pixels of premultiplied RGBA8 sRGB at `bytes` to premultiplied linear.
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let table = decodeTable.base
        for i in 0..<count {
            let p = bytes + 4 * i
            out[i] = p[3] == 255 ? SIMD4(table[Int(p[0])], table[Int(p[1])], table[Int(p[2])], 1) : pixel(p[0], p[1], p[2], p[3])
        }
    }

    /// `count` premultiplied linear values to premultiplied RGBA8 sRGB at `bytes`.
    @inline(__always)
    static func encode(_ values: UnsafePointer<SIMD4<Float>>, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        // Runs of opaque pixels through the table in the vector kernels, runs of translucent
        // ones through the curve; a pixel the curve is not exact enough for by the formula.
        var i = 0
        while i < count {
            i += fb_encode_opaque(bytes + 4 * i, (values + i).scalars, count - i, encodeTable.base)
            i += fb_encode_translucent(bytes + 4 * i, (values + i).scalars, count - i, encodeCurveValues)
            if i < count, !isOpaque(values[i].w) {
                store(values[i], into: bytes + 4 * i)
                i += 1
            }
        }
    }

    /// One premultiplied linear value as premultiplied RGBA8 sRGB at `out`.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, into out: UnsafeMutablePointer<UInt8>) {
        (out[0], out[1], out[2], out[3]) = bytes(v)
    }

    /// The 8-bit code that mixing two opaque codes by `weight` in linear light gives, for
    /// every pair: `table[a << 8 | b]`, as `store` would encode `a + (b − a) · weight`.
    static func mixTable(weight: Float) -> [UInt8] {
        let decode = decodeTable.base
        var table = [UInt8](repeating: 0, count: 65536)
        for a in 0..<256 {
            let from = decode[a]
            for b in 0..<256 { table[a << 8 | b] = code(from + (decode[b] - from) * weight) }
        }
        return table
    }

    /// The 8-bit codes, 256 a channel (red, green, blue), of `value` of each opaque grey
    /// code: `table[256 · channel + code]` is channel `channel` of `value` at the grey of
    /// that code, as `bytes` encodes it — for a step that changes each channel of an opaque
    /// pixel on its own (a colour laid over it, mixed into it).
    static func channelTable(_ value: (SIMD4<Float>) -> SIMD4<Float>) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 768)
        for code in 0..<256 {
            let (r, g, b, _) = bytes(value(pixel(UInt8(code), UInt8(code), UInt8(code), 255)))
            (table[code], table[256 + code], table[512 + code]) = (r, g, b)
        }
        return table
    }

    /// Premultiplied RGBA8 sRGB to premultiplied linear.
    @inline(__always)
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> SIMD4<Float> {
        let decodeTable = decodeTable.base
        if a == 255 { return SIMD4(decodeTable[Int(r)], decodeTable[Int(g)], decodeTable[Int(b)], 1) }
        if a == 0 { return .zero }
        let alpha = Float(a) / 255
        let straight = SIMD3(Double(r), Double(g), Double(b)) / Double(a)
        return SIMD4(Float(SRGBTransfer.linear(straight.x)) * alpha, Float(SRGBTransfer.linear(straight.y)) * alpha, Float(SRGBTransfer.linear(straight.z)) * alpha, alpha)
    }

    /// Whether a pixel of linear alpha `alpha` is stored opaque (alpha 255): its colour
    /// then goes through the opaque table.
    @inline(__always)
    static func isOpaque(_ alpha: Float) -> Bool { alpha * 255 >= 254.5 }

    /// Premultiplied linear to premultiplied RGBA8 sRGB, clamped to 0…1.
    @inline(__always)
    static func bytes(_ p: SIMD4<Float>) -> (UInt8, UInt8, UInt8, UInt8) {
        if isOpaque(p.w) {
            return (code(p.x), code(p.y), code(p.z), 255)
        }
        let a = UInt8((min(max(p.w, 0), 1) * 255).rounded())
        guard a > 0 else { return (0, 0, 0, 0) }
        // Unpremultiply by the alpha that is stored, so the round trip is exact.
        let stored = Double(a) / 255
        let curve = encodeCurve.base
        func channel(_ v: Float) -> UInt8 {
            let straight = min(max(Double(v) / stored, 0), 1)
            // The curve interpolated is within 0.005 of a level of the formula: only a
            // value that close to halfway between two codes needs the formula itself.
            let x = straight * 4096, i = min(Int(x), 4095)
            let near = (Double(curve[i]) + Double(curve[i + 1] - curve[i]) * (x - Double(i))) * Double(a)
            let scaled = abs(near - near.rounded(.down) - 0.5) < 0.02 ? SRGBTransfer.encoded(straight) * Double(a) : near
            return UInt8(min(scaled.rounded(), Double(a)))
        }
        return (channel(p.x), channel(p.y), channel(p.z), a)
    }

    /// The 8-bit code of an opaque linear channel value, clamped to 0…1. Scalar clamps:
    /// SIMD's generic clamped(lowerBound:upperBound:) costs a call per pixel.
    @inline(__always)
    private static func code(_ v: Float) -> UInt8 {
        let clamped = min(max(v, 0), 1)
        return encodeTable.base[Int(clamped * 65535 + 0.5)]
    }
}
