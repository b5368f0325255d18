// CIRippleTransition's swell (FlipbookFilters' RippleWave), eight points at a time, written
// once and included by kernels.c once per instruction set: K(name) gives each copy its own
// names. Distances and slopes in single precision (a ten-thousandth of a pixel at 2,000 px),
// points in double. Only correctly rounded operations and no fused ones, so every level
// gives the same numbers.
// Included after FlashLight.h, whose K(pick8) it uses.

typedef double K(f64x8u) __attribute__((vector_size(64), aligned(8)));
typedef int64_t K(i64x8) __attribute__((vector_size(64)));

/// `v` kept between `low` and `high` (plain comparisons: the points are numbers).
static inline __attribute__((always_inline)) K(f64x8u) K(keep8)(K(f64x8u) v, double low, double high) {
    const K(f64x8u) zero = {0}, lows = zero + low, highs = zero + high;
    const K(i64x8) under = v < lows, over = v > highs;
    v = (K(f64x8u))((under & (K(i64x8))lows) | (~under & (K(i64x8))v));
    return (K(f64x8u))((over & (K(i64x8))highs) | (~over & (K(i64x8))v));
}

/// The swell's slope at distances `r` from the centre.
static inline __attribute__((always_inline)) K(f32x8u) K(ripple_slope8)(const fb_ripple *w, K(f32x8u) r) {
    const K(f32x8u) zero = {0}, d = __builtin_elementwise_abs(r - (float)w->crest) * (float)(1 / w->quarter);
    const K(f32x8u) y = d * (float)(1 / 1.5), z = (d - 1.5f) * (float)(1.0 / 3);
    const K(f32x8u) rising = (3 - y * y) * y * 0.5f, falling = (1 - z) * (1 - z) * (1 + 2 * z);
    const K(f32x8u) size = K(pick8)(d < 4.5f, K(pick8)(d <= 1.5f, rising, falling), zero);
    return K(pick8)(r > (float)w->crest, -size, size);
}

/// Eight points (x, y) of the swell: their places (0 flat ground outside the crest, 1
/// inside it, 2 and 3 the swell outside and inside), the points the picture is read at
/// (`bx`, `by`), their directions from the centre (`ox`, `oy`) and slopes (`s`).
typedef struct K(ripple8) {
    K(f64x8u) bx, by;
    K(f32x8u) place, ox, oy, s;
} K(ripple8);

static inline __attribute__((always_inline)) K(ripple8) K(ripple_swell8)(const fb_ripple *w, K(f64x8u) x, K(f64x8u) y) {
    const K(f32x8u) dx = __builtin_convertvector(x - w->center_x, K(f32x8u)), dy = __builtin_convertvector(y - w->center_y, K(f32x8u));
    const K(f32x8u) r2 = dx * dx + dy * dy, zero = {0};
    const K(i32x8) inside = r2 < (float)w->crest2, flat = (r2 <= (float)w->near2) | (r2 >= (float)w->far2);
    const K(f32x8u) r = __builtin_elementwise_sqrt(r2);
    const K(f32x8u) inverse = 1 / K(pick8)(r > 0, r, zero + 1), ox = dx * inverse, oy = dy * inverse;
    const K(f32x8u) s = K(pick8)(flat, zero, K(ripple_slope8)(w, r)), push = (float)w->scale * s;
    const K(f64x8u) bx = K(keep8)(x + __builtin_convertvector(ox * push, K(f64x8u)), w->low_x, w->high_x);
    const K(f64x8u) by = K(keep8)(y + __builtin_convertvector(oy * push, K(f64x8u)), w->low_y, w->high_y);
    // Flat ground is read at its own point, not kept in the box.
    const K(i64x8) wide = __builtin_convertvector(flat, K(i64x8));
    return (K(ripple8)){
        .bx = (K(f64x8u))((wide & (K(i64x8))x) | (~wide & (K(i64x8))bx)),
        .by = (K(f64x8u))((wide & (K(i64x8))y) | (~wide & (K(i64x8))by)),
        .place = K(pick8)(flat, zero, zero + 2) + K(pick8)(inside, zero + 1, zero),
        .ox = ox, .oy = oy, .s = s,
    };
}

/// Eight points of `ripple_bend`, (x, y) pairs at `points`, into eight places, eight bent
/// points and eight shading points.
static inline __attribute__((always_inline)) void K(ripple_bend8)(const fb_ripple *w, const double *points, float *places,
                                                                  double *bent, double *shades) {
    const K(f64x8u) first = *(const K(f64x8u) *)points, second = *(const K(f64x8u) *)(points + 8);
    const K(ripple8) b = K(ripple_swell8)(w, __builtin_shufflevector(first, second, 0, 2, 4, 6, 8, 10, 12, 14),
                                          __builtin_shufflevector(first, second, 1, 3, 5, 7, 9, 11, 13, 15));
    *(K(f32x8u) *)places = b.place;
    *(K(f64x8u) *)bent = __builtin_shufflevector(b.bx, b.by, 0, 8, 1, 9, 2, 10, 3, 11);
    *(K(f64x8u) *)(bent + 8) = __builtin_shufflevector(b.bx, b.by, 4, 12, 5, 13, 6, 14, 7, 15);
    if (shades) {
        const K(f64x8u) sx = w->middle_x + __builtin_convertvector(b.ox * b.s * (float)w->half_x, K(f64x8u));
        const K(f64x8u) sy = w->middle_y + __builtin_convertvector(b.oy * b.s * (float)w->half_y, K(f64x8u));
        *(K(f64x8u) *)shades = __builtin_shufflevector(sx, sy, 0, 8, 1, 9, 2, 10, 3, 11);
        *(K(f64x8u) *)(shades + 8) = __builtin_shufflevector(sx, sy, 4, 12, 5, 13, 6, 14, 7, 15);
    }
}

static void K(ripple_bend)(const fb_ripple *wave, const double *points, ptrdiff_t count, float *places, double *bent,
                           double *shades) {
    // A copy the stores below cannot touch, so its numbers stay in registers.
    const fb_ripple copy = *wave, *w = &copy;
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) K(ripple_bend8)(w, points + 2 * i, places + i, bent + 2 * i, shades ? shades + 2 * i : NULL);
    if (i < count) {
        // The last few through room for eight.
        double at[16] = {0}, b[16], sh[16];
        float pl[8];
        const ptrdiff_t n = count - i;
        __builtin_memcpy(at, points + 2 * i, (size_t)n * 2 * sizeof(double));
        K(ripple_bend8)(w, at, pl, b, shades ? sh : NULL);
        __builtin_memcpy(places + i, pl, (size_t)n * sizeof(float));
        __builtin_memcpy(bent + 2 * i, b, (size_t)n * 2 * sizeof(double));
        if (shades) __builtin_memcpy(shades + 2 * i, sh, (size_t)n * 2 * sizeof(double));
    }
}

static ptrdiff_t K(ripple_encode)(uint8_t *out, const fb_ripple *wave, ptrdiff_t column, ptrdiff_t row, ptrdiff_t count,
                                  fb_picture outside, fb_picture inside, const float *decode, const uint8_t *table) {
#pragma clang fp contract(off)
    const fb_ripple copy = *wave, *w = &copy;
    const fb_picture picture[2] = {outside, inside};
    // Texel indices in 32 bits.
    for (int k = 0; k < 2; k++)
        if (!picture[k].pixels || picture[k].width <= 0 || picture[k].height <= 0 || picture[k].width > INT32_MAX / picture[k].height / 2)
            return 0;
    const K(f64x8u) lanes = {0, 1, 2, 3, 4, 5, 6, 7}, zero = {0};
    for (ptrdiff_t i = 0; i < count; i += 8) {
        // Eight pixels' centres as `Samples` gives them, bent together; then the places and
        // weights of the texels each reads from its picture, so the loads that follow do
        // not wait on the arithmetic.
        const K(ripple8) b = K(ripple_swell8)(w, ((double)(column + i) + lanes) + 0.5, zero + ((double)row + 0.5));
        const K(i64x8) odd = __builtin_convertvector((__builtin_convertvector(b.place, K(i32x8)) & 1) == 1, K(i64x8));
        const K(f64x8u) width = (K(f64x8u))((odd & (K(i64x8))(zero + (double)picture[1].width)) |
                                            (~odd & (K(i64x8))(zero + (double)picture[0].width)));
        const K(f64x8u) height = (K(f64x8u))((odd & (K(i64x8))(zero + (double)picture[1].height)) |
                                             (~odd & (K(i64x8))(zero + (double)picture[0].height)));
        const K(f64x8u) fx = b.bx - 0.5, fy = height - b.by - 0.5;
        const K(f64x8u) x0 = __builtin_elementwise_floor(fx), y0 = __builtin_elementwise_floor(fy);
        const K(i64x8) on = (x0 >= 0) & (y0 >= 0) & (x0 + 1 < width) & (y0 + 1 < height);  // NaN too
        const K(f64x8u) texel = (K(f64x8u))((on & (K(i64x8))(y0 * width + x0)) | (~on & (K(i64x8))zero));
        float places[8], tx[8], ty[8];
        int32_t at[8];
        int64_t inside[8];
        *(K(f32x8u) *)places = b.place;
        *(K(f32x8u) *)tx = __builtin_convertvector(fx - x0, K(f32x8u));
        *(K(f32x8u) *)ty = __builtin_convertvector(fy - y0, K(f32x8u));
        *(K(i32x8) *)at = __builtin_convertvector(texel, K(i32x8));
        __builtin_memcpy(inside, &on, sizeof inside);
        const ptrdiff_t n = count - i < 8 ? count - i : 8;
        for (ptrdiff_t k = 0; k < n; k++) {
            const int place = (int)places[k];
            const fb_picture p = picture[place & 1];
            uint8_t *o = out + 4 * (i + k);
            if (place < 2) {
                // Flat ground: the picture's own pixel, if it has one there.
                const ptrdiff_t c = column + i + k, r = p.height - 1 - row;
                if (c < 0 || c >= p.width || r < 0 || r >= p.height) return i + k;
                __builtin_memcpy(o, p.pixels + 4 * (r * p.width + c), 4);
                continue;
            }
            const uint8_t *a = p.pixels + 4 * (ptrdiff_t)at[k], *d = a + 4 * p.width;
            if (!inside[k] || (a[3] & a[7] & d[3] & d[7]) != 255) {
                // Near the picture's edges or by translucent texels: as `bilinear_encode`
                // takes a point, if it can.
                K(f32x4u) v;
                const double bx = b.bx[k], by = b.by[k];
                if (!K(bilinear_opaque)(&v, p.pixels, p.width, p.height, bx - 0.5, (double)p.height - by - 0.5, decode)) return i + k;
                K(store_opaque)(o, v, table);
                continue;
            }
            // As `bilinear_opaque` weighs them (at ty 0 it takes the upper pair alone, which
            // is the same: near · 1 + far · 0).
            const float t = ty[k];
            K(store_opaque)(o, K(opaque_pair)(a, tx[k], decode) * (1 - t) + K(opaque_pair)(d, tx[k], decode) * t, table);
        }
    }
    return count;
}
