// CIFlashTransition's light (FlipbookFilters' FlashBurst) along a row of pixels, eight at a
// time in single precision, written once and included by kernels.c once per instruction
// set: K(name) gives each copy its own names. Only correctly rounded operations and no
// fused ones, so every level gives the same floats.

/// `yes` where `mask` is set, `no` elsewhere.
static inline __attribute__((always_inline)) K(f32x8u) K(pick8)(K(i32x8) mask, K(f32x8u) yes, K(f32x8u) no) {
    return (K(f32x8u))((mask & (K(i32x8))yes) | (~mask & (K(i32x8))no));
}

/// Whether every lane of `mask` is set.
static inline __attribute__((always_inline)) int K(all8)(K(i32x8) mask) {
    return (mask[0] & mask[1] & mask[2] & mask[3] & mask[4] & mask[5] & mask[6] & mask[7]) != 0;
}

/// The angle of (x, y) from the x axis, −π…π: the arc tangent's series in u,
/// |u| ≤ tan(π/8), up to u¹³, past the nearest eighth of a turn (within 10⁻⁷ of atan2).
static inline __attribute__((always_inline)) K(f32x8u) K(flash_angle8)(K(f32x8u) x, K(f32x8u) y) {
    const K(f32x8u) zero = {0}, pi = zero + 3.14159265f;
    const K(f32x8u) ax = __builtin_elementwise_abs(x), ay = __builtin_elementwise_abs(y);
    const K(f32x8u) low = __builtin_elementwise_min(ax, ay), high = __builtin_elementwise_max(ax, ay);
    const K(i32x8) past = low > 0.41421356f * high;
    const K(f32x8u) u = K(pick8)(past, low - high, low) / K(pick8)(past, low + high, high), u2 = u * u;
    K(f32x8u) series = zero + 1.0f / 13;
    for (int k = 11; k >= 1; k -= 2) series = 1.0f / k - u2 * series;
    K(f32x8u) a = u * series + K(pick8)(past, pi / 4, zero);
    a = K(pick8)(ay > ax, pi / 2 - a, a);
    a = K(pick8)(x < 0, pi - a, a);
    a = K(pick8)(y < 0, -a, a);
    return K(pick8)(high > 0, a, zero);
}

static void K(flash_light_row)(float *out, const fb_flash_light *f, double x, double y, ptrdiff_t count) {
    const K(f32x8u) lanes = {0, 1, 2, 3, 4, 5, 6, 7}, zero = {0}, one = zero + 1;
    const float oy = (float)(y - f->origin_y), radius = (float)f->radius, outer = (float)f->outer, inner = (float)f->inner;
    const float scale = (float)f->scale;
    const double start = x + 0.5 - f->origin_x;
    for (ptrdiff_t i = 0; i < count; i += 8) {
        const K(f32x8u) ox = (float)(start + (double)i) + lanes;
        const K(f32x8u) distance = __builtin_elementwise_sqrt(ox * ox + oy * oy);
        const K(i32x8) beyond = distance >= outer, within = distance <= inner;
        K(f32x8u) light;
        if (radius <= 0 || K(all8)(beyond)) {
            light = zero;
        } else if (K(all8)(within)) {
            light = one;
        } else {
            const K(f32x8u) step = (K(flash_angle8)(ox, zero + oy) + 3.14159265f) * scale;
            const K(i32x8) whole = __builtin_convertvector(step, K(i32x8));
            const K(i32x8) k = __builtin_elementwise_min(__builtin_elementwise_max(whole, (K(i32x8)){0}), (K(i32x8)){0} + (int32_t)(f->steps - 1));
            // The two ray lengths about each lane's angle, read one by one; the rest as vectors.
            K(f32x8u) r0, r1;
            for (int lane = 0; lane < 8; lane++) r0[lane] = (float)f->rays[k[lane]], r1[lane] = (float)f->rays[k[lane] + 1];
            const K(f32x8u) fraction = step - __builtin_convertvector(k, K(f32x8u));
            const K(f32x8u) ray = radius * (r0 + (r1 - r0) * fraction);
            light = __builtin_elementwise_min(__builtin_elementwise_max((ray - distance) / (0.35f * ray + 1), zero), one);
            light = K(pick8)(beyond, zero, K(pick8)(within, one, light));
        }
        if (i + 8 <= count) {
            K(storef8)(out + i, light);
        } else {
            for (ptrdiff_t lane = 0; i + lane < count; lane++) out[i + lane] = light[lane];
        }
    }
}
