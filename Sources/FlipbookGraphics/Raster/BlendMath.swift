/// Premultiplied RGBA in 0…1.
typealias Color4 = SIMD4<Float>

extension Color4 {
    @inline(__always) init(packed p: PackedPixel) {
        self.init(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
        self *= 1 / 255
    }

    @inline(__always) var packed: PackedPixel {
        // Lane by lane: the generic SIMD clamp is not inlined.
        @inline(__always) func unit(_ v: Float) -> Float { .minimum(.maximum(v, 0), 1) }
        // Round half to even without a call per lane: adding and taking away 1.5 · 2²³
        // leaves the nearest whole number (ties to even) for anything from 0 to 2²²,
        // exactly as `rounded(.toNearestOrEven)` does.
        let magic = Color4(repeating: 0x1.8p23)
        let c = ((Color4(unit(x), unit(y), unit(z), unit(w)) * 255) + magic) - magic
        let a = Swift.min(c.w, 255)
        // Keep premultiplied colour valid: no channel above alpha.
        return PackedPixel(Swift.min(c.x, a)) | PackedPixel(Swift.min(c.y, a)) << 8
            | PackedPixel(Swift.min(c.z, a)) << 16 | PackedPixel(a) << 24
    }
}

extension CGBlendMode {
    /// The result of compositing premultiplied `s` over premultiplied `d` with this mode.
    func blend(_ s: Color4, _ d: Color4) -> Color4 {
        let sa = s.w, da = d.w
        switch self {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return (s + d).clamped(lowerBound: .zero, upperBound: Color4(repeating: 1))
        case .plusDarker:
            let ra = min(1, sa + da)
            var r = Color4(repeating: ra) - ((Color4(repeating: sa) - s) + (Color4(repeating: da) - d))
            r = r.clamped(lowerBound: .zero, upperBound: Color4(repeating: 1))
            r.w = ra
            return r
        default:
            return mixed(s, d)
        }
    }

    /// The W3C blending formula: `cs·(1−αb) + cb·(1−αs) + αs·αb·B(cb, cs)`.
    private func mixed(_ s: Color4, _ d: Color4) -> Color4 {
        let sa = s.w, da = d.w
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let b = blendFunction(cb, cs)
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + sa * da * b
        return Color4(rgb.x, rgb.y, rgb.z, sa + da - sa * da)
    }

    /// B(cb, cs) on straight colour.
    private func blendFunction(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> {
            SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
        }
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in hardLightChannel(s: b, b: s) }
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge:
            return each { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return each { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return each { b, s in hardLightChannel(s: s, b: b) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return pointwiseMax(cb - cs, cs - cb)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }
}

@inline(__always) private func hardLightChannel(s: Float, b: Float) -> Float {
    s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
}

private func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

private func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = lum(c)
    let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    var r = c
    if n < 0 { r = l + (r - l) * l / (l - n) }
    if x > 1 { r = l + (r - l) * (1 - l) / (x - l) }
    return r
}

private func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

private func sat(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

private func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let mx = max(c.x, c.y, c.z), mn = min(c.x, c.y, c.z)
    guard mx > mn else { return .zero }
    return (c - mn) * s / (mx - mn)
}
