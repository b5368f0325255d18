// CIModTransition's holes (FlipbookFilters' ModPattern) along a row of pixels, in single
// precision as Apple's kernel works, written once and included by kernels.c once per
// instruction set: K(name) gives each copy its own names. Divisions and square roots are
// correctly rounded on every level and nothing is fused, so the levels agree bit for bit.

/// How much of the target shows at eight points whose squeeze variables are `v`.
static inline __attribute__((always_inline)) K(f32x8u) K(mod_holes8)(const fb_mod_holes *h, K(f32x8u) v) {
    // Adding and taking away 1.5 · 2²³ rounds a float below 2²² to the nearest whole number.
    const float whole = 12582912.0f;
    const K(f32x8u) x = h->middle + h->spread * v / (h->knee + __builtin_elementwise_abs(v));
    const K(f32x8u) a = h->row_a + x * h->along_a, b = h->row_b + x * h->along_b;
    const K(f32x8u) da = a - ((a + whole) - whole), db = b - ((b + whole) - whole);
    const K(f32x8u) c = 17.5f - __builtin_elementwise_sqrt(da * da + db * db) * h->sharpness;
    return __builtin_elementwise_min(__builtin_elementwise_max(c, (K(f32x8u)){0}), (K(f32x8u)){1, 1, 1, 1, 1, 1, 1, 1});
}

static void K(mod_holes_row)(float *out, const fb_mod_holes *h, ptrdiff_t count) {
    const K(f32x8u) lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) K(storef8)(out + i, K(mod_holes8)(h, h->start + (lanes + (float)i) * h->step));
    if (i < count) {
        const K(f32x8u) last = K(mod_holes8)(h, h->start + (lanes + (float)i) * h->step);
        for (ptrdiff_t k = 0; i + k < count; k++) out[i + k] = last[k];
    }
}
