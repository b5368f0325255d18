/// A premultiplied RGBA8 pixel packed little-endian: R in the low byte, A in the high byte,
/// which is the byte order R, G, B, A in memory.
typealias PackedPixel = UInt32

/// A premultiplied 8-bit sRGB colour, the form paint takes just before compositing.
struct PremultipliedColor: Equatable, Sendable {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Premultiplies straight components in 0…1 and rounds to 8 bits.
    init(straight c: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat)) {
        let a = c.a.clamped01
        func q(_ v: CGFloat) -> UInt8 { UInt8((v.clamped01 * a * 255).rounded()) }
        self.init(r: q(c.r), g: q(c.g), b: q(c.b), a: UInt8((a * 255).rounded()))
    }

    var packed: PackedPixel {
        PackedPixel(r) | PackedPixel(g) << 8 | PackedPixel(b) << 16 | PackedPixel(a) << 24
    }
}

/// Multiplies all four channels of `p` by `f / 255`, rounding exactly.
@inline(__always)
func scalePixel(_ p: PackedPixel, _ f: UInt32) -> PackedPixel {
    var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
}

/// `a·b/255` rounded, for 8-bit values.
@inline(__always)
func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Source-over of premultiplied pixels: `s + d·(1 − αs)`.
@inline(__always)
func sourceOver(_ s: PackedPixel, _ d: PackedPixel) -> PackedPixel {
    s &+ scalePixel(d, 255 &- (s >> 24))
}
