// The separable blend modes (multiply … exclusion) composited along a row, eight pixels at
// a time, included by kernels.c once per instruction set after CoverageSweep.h (whose vector
// types it uses): K(name) gives each copy its own names. Every operation is Compositor's and
// CGBlendMode's float formula, in their order and each rounded on its own (no fused
// multiply-add), so every copy gives the bits the Swift formula gives.
#pragma clang fp contract(off)

/// `mask ? a : b`, lane by lane.
static inline __attribute__((always_inline)) K(f32x8) K(pick)(K(i32x8) mask, K(f32x8) a, K(f32x8) b) {
    return (K(f32x8))((mask & (K(i32x8))a) | (~mask & (K(i32x8))b));
}

/// `a < b ? a : b` and `a > b ? a : b`: Swift's `minimum` and `maximum` for numbers.
static inline __attribute__((always_inline)) K(f32x8) K(lesser)(K(f32x8) a, K(f32x8) b) { return K(pick)(a < b, a, b); }
static inline __attribute__((always_inline)) K(f32x8) K(greater)(K(f32x8) a, K(f32x8) b) { return K(pick)(a > b, a, b); }

/// W3C hard light of one channel: source `s` over backdrop `b`.
static inline __attribute__((always_inline)) K(f32x8) K(hard_light)(K(f32x8) s, K(f32x8) b) {
    const K(f32x8) t = 2 * s - 1;
    return K(pick)(s <= 0.5f, b * 2 * s, (b + t) - b * t);
}

/// B(cb, cs), the blend function of `mode` (CGBlendMode's raw value) on straight colour.
static inline __attribute__((always_inline)) K(f32x8) K(blend_function)(const int mode, K(f32x8) cb, K(f32x8) cs) {
    const K(f32x8) zero = {0}, one = zero + 1;
    switch (mode) {
    case fb_blend_multiply: return cb * cs;
    case fb_blend_screen: return (cb + cs) - cb * cs;
    case fb_blend_overlay: return K(hard_light)(cb, cs);
    case fb_blend_darken: return K(lesser)(cb, cs);
    case fb_blend_lighten: return K(greater)(cb, cs);
    case fb_blend_color_dodge: {
        const K(f32x8) q = cb / (1 - cs);
        return K(pick)(cb == 0, zero, K(pick)(cs >= 1, one, K(pick)(q < 1, q, one)));
    }
    case fb_blend_color_burn: {
        const K(f32x8) q = (1 - cb) / cs;
        return K(pick)(cb >= 1, one, K(pick)(cs <= 0, zero, 1 - K(pick)(q < 1, q, one)));
    }
    case fb_blend_soft_light: {
        const K(f32x8) d = K(pick)(cb <= 0.25f, ((16 * cb - 12) * cb + 4) * cb, __builtin_elementwise_sqrt(cb));
        return K(pick)(cs <= 0.5f, cb - (1 - 2 * cs) * cb * (1 - cb), cb + (2 * cs - 1) * (d - cb));
    }
    case fb_blend_hard_light: return K(hard_light)(cs, cb);
    case fb_blend_difference: return K(greater)(cb - cs, cs - cb);
    default: return (cb + cs) - 2 * cb * cs;  // exclusion
    }
}

/// A channel of eight packed pixels as floats in 0…1.
static inline __attribute__((always_inline)) K(f32x8) K(channel)(K(u32x8) p, int shift) {
    return __builtin_convertvector((p >> shift) & 0xFF, K(f32x8)) * (1.0f / 255);
}

/// A channel clamped to 0…1 (NaN to 0) and scaled to the nearest whole 255th.
static inline __attribute__((always_inline)) K(f32x8) K(level)(K(f32x8) v) {
    const K(f32x8) zero = {0}, one = zero + 1, magic = zero + 0x1.8p23f;
    v = K(pick)(v > 0, v, zero);
    v = K(pick)(v < 1, v, one);
    return (v * 255 + magic) - magic;
}

/// Eight pixels of `d + (blend(s, d) − d)·coverage` for a separable mode.
static inline __attribute__((always_inline)) K(u32x8) K(blend8)(const int mode, K(u32x8) s, K(u32x8) d, K(u32x8) c) {
    const K(f32x8) zero = {0};
    const K(f32x8) sr = K(channel)(s, 0), sg = K(channel)(s, 8), sb = K(channel)(s, 16), sa = K(channel)(s, 24);
    const K(f32x8) dr = K(channel)(d, 0), dg = K(channel)(d, 8), db = K(channel)(d, 16), da = K(channel)(d, 24);
    // Straight colour (zero where clear), then cs·(1−αb) + cb·(1−αs) + αs·αb·B(cb, cs).
    const K(i32x8) shown = sa > 0, under = da > 0;
    const K(f32x8) both = sa * da;
    const K(f32x8) br = K(blend_function)(mode, K(pick)(under, dr / da, zero), K(pick)(shown, sr / sa, zero));
    const K(f32x8) bg = K(blend_function)(mode, K(pick)(under, dg / da, zero), K(pick)(shown, sg / sa, zero));
    const K(f32x8) bb = K(blend_function)(mode, K(pick)(under, db / da, zero), K(pick)(shown, sb / sa, zero));
    const K(f32x8) rr = (sr * (1 - da) + dr * (1 - sa)) + both * br;
    const K(f32x8) rg = (sg * (1 - da) + dg * (1 - sa)) + both * bg;
    const K(f32x8) rb = (sb * (1 - da) + db * (1 - sa)) + both * bb;
    const K(f32x8) ra = (sa + da) - both;
    const K(f32x8) k = __builtin_convertvector(c, K(f32x8)) / 255;
    const K(f32x8) a = K(lesser)(K(level)(da + (ra - da) * k), zero + 255);
    const K(u32x8) r = __builtin_convertvector(K(lesser)(K(level)(dr + (rr - dr) * k), a), K(u32x8));
    const K(u32x8) g = __builtin_convertvector(K(lesser)(K(level)(dg + (rg - dg) * k), a), K(u32x8));
    const K(u32x8) b = __builtin_convertvector(K(lesser)(K(level)(db + (rb - db) * k), a), K(u32x8));
    return r | g << 8 | b << 16 | __builtin_convertvector(a, K(u32x8)) << 24;
}

/// `blend_separable` for one mode, a constant once inlined. A transparent source pixel is
/// passed over: every separable mode gives the destination back under it.
static inline __attribute__((always_inline)) void K(blend_separable_mode)(const int mode, uint32_t *dst, const uint8_t *coverage,
                                                                          const uint32_t *src, ptrdiff_t step, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i += 8) {
        const ptrdiff_t n = count - i < 8 ? count - i : 8;
        // Eight pixels read straight from the row; its last few, and one colour for all
        // (step 0), through lanes eight wide, coverage 0 past the end.
        uint32_t d_lanes[8] = {0}, s_lanes[8] = {0};
        uint8_t c_lanes[8] = {0};
        const uint32_t *d_in = dst + i, *s_in = src + i * step;
        const uint8_t *c_in = coverage + i;
        if (n < 8 || step != 1) {
            for (ptrdiff_t k = 0; k < n; k++) {
                d_lanes[k] = dst[i + k];
                s_lanes[k] = src[(i + k) * step];
                c_lanes[k] = coverage[i + k];
            }
            d_in = d_lanes, s_in = s_lanes, c_in = c_lanes;
        }
        K(u32x8) d, s;
        K(u8x8) c8;
        __builtin_memcpy(&c8, c_in, 8);
        __builtin_memcpy(&s, s_in, 32);
        const K(u32x8) c = __builtin_convertvector(c8, K(u32x8));
        const K(i32x8) active = (K(i32x8))(c != 0) & (K(i32x8))(s != 0);
        int any = 0;
        for (int k = 0; k < 8; k++) any |= active[k];
        if (!any) continue;
        __builtin_memcpy(&d, d_in, 32);
        const K(u32x8) blended = K(blend8)(mode, s, d, c);
        const K(u32x8) out = ((K(u32x8))active & blended) | (~(K(u32x8))active & d);
        if (n == 8) {
            __builtin_memcpy(dst + i, &out, 32);
        } else {
            __builtin_memcpy(d_lanes, &out, 32);
            for (ptrdiff_t k = 0; k < n; k++) dst[i + k] = d_lanes[k];
        }
    }
}

static void K(blend_separable)(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t step, ptrdiff_t count,
                               int mode) {
    // One loop a mode, the mode a constant in each, so the formula's switch is resolved
    // once a row, not once a pixel.
#define K_BLEND_CASE(m) \
    case m: K(blend_separable_mode)(m, dst, coverage, src, step, count); break;
    switch (mode) {
    K_BLEND_CASE(fb_blend_multiply)
    K_BLEND_CASE(fb_blend_screen)
    K_BLEND_CASE(fb_blend_overlay)
    K_BLEND_CASE(fb_blend_darken)
    K_BLEND_CASE(fb_blend_lighten)
    K_BLEND_CASE(fb_blend_color_dodge)
    K_BLEND_CASE(fb_blend_color_burn)
    K_BLEND_CASE(fb_blend_soft_light)
    K_BLEND_CASE(fb_blend_hard_light)
    K_BLEND_CASE(fb_blend_difference)
    default: K(blend_separable_mode)(fb_blend_exclusion, dst, coverage, src, step, count); break;
    }
#undef K_BLEND_CASE
}
