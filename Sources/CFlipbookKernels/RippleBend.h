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

/// Eight points of `ripple_bend`, (x, y) pairs at `points`, into eight places, eight bent
/// points and eight shading points.
static inline __attribute__((always_inline)) void K(ripple_bend8)(const fb_ripple *w, const double *points, float *places,
                                                                  double *bent, double *shades) {
    const K(f64x8u) first = *(const K(f64x8u) *)points, second = *(const K(f64x8u) *)(points + 8);
    const K(f64x8u) x = __builtin_shufflevector(first, second, 0, 2, 4, 6, 8, 10, 12, 14);
    const K(f64x8u) y = __builtin_shufflevector(first, second, 1, 3, 5, 7, 9, 11, 13, 15);
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
    const K(f64x8u) px = (K(f64x8u))((wide & (K(i64x8))x) | (~wide & (K(i64x8))bx));
    const K(f64x8u) py = (K(f64x8u))((wide & (K(i64x8))y) | (~wide & (K(i64x8))by));
    *(K(f32x8u) *)places = K(pick8)(flat, zero, zero + 2) + K(pick8)(inside, zero + 1, zero);
    *(K(f64x8u) *)bent = __builtin_shufflevector(px, py, 0, 8, 1, 9, 2, 10, 3, 11);
    *(K(f64x8u) *)(bent + 8) = __builtin_shufflevector(px, py, 4, 12, 5, 13, 6, 14, 7, 15);
    if (shades) {
        const K(f64x8u) sx = w->middle_x + __builtin_convertvector(ox * s * (float)w->half_x, K(f64x8u));
        const K(f64x8u) sy = w->middle_y + __builtin_convertvector(oy * s * (float)w->half_y, K(f64x8u));
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
