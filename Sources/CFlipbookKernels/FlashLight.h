// CIFlashTransition's light (FlipbookFilters' FlashBurst) along a row of pixels, four at a
// time in double precision, written once and included by kernels.c once per instruction
// set: K(name) gives each copy its own names. Only correctly rounded operations and no
// fused ones, so every level gives the same floats.

typedef double K(f64x4) __attribute__((vector_size(32), aligned(8)));
typedef int64_t K(i64x4) __attribute__((vector_size(32), aligned(8)));

/// `yes` where `mask` is set, `no` elsewhere.
static inline __attribute__((always_inline)) K(f64x4) K(pick4)(K(i64x4) mask, K(f64x4) yes, K(f64x4) no) {
    return (K(f64x4))((mask & (K(i64x4))yes) | (~mask & (K(i64x4))no));
}

/// The angle of (x, y) from the x axis, −π…π, as FlashBurst.angle works it out: the arc
/// tangent's series in u, |u| ≤ tan(π/8), up to u¹⁹, past the nearest eighth of a turn.
static inline __attribute__((always_inline)) K(f64x4) K(flash_angle4)(K(f64x4) x, K(f64x4) y) {
    const K(f64x4) zero = {0}, pi = zero + 3.14159265358979323846;
    const K(f64x4) ax = __builtin_elementwise_abs(x), ay = __builtin_elementwise_abs(y);
    const K(f64x4) low = __builtin_elementwise_min(ax, ay), high = __builtin_elementwise_max(ax, ay);
    const K(i64x4) past = low > 0.4142135623730951 * high;
    const K(f64x4) u = K(pick4)(past, low - high, low) / K(pick4)(past, low + high, high), u2 = u * u;
    K(f64x4) series = zero + 1.0 / 19;
    for (int k = 17; k >= 1; k -= 2) series = 1.0 / k - u2 * series;
    K(f64x4) a = u * series + K(pick4)(past, pi / 4, zero);
    a = K(pick4)(ay > ax, pi / 2 - a, a);
    a = K(pick4)(x < 0, pi - a, a);
    a = K(pick4)(y < 0, -a, a);
    return K(pick4)(high > 0, a, zero);
}

static void K(flash_light_row)(float *out, const fb_flash_light *f, double x, double y, ptrdiff_t count) {
    const K(f64x4) lanes = {0, 1, 2, 3}, zero = {0}, one = zero + 1;
    const double oy = y - f->origin_y;
    for (ptrdiff_t i = 0; i < count; i += 4) {
        const K(f64x4) ox = (x + (lanes + (double)i)) + 0.5 - f->origin_x;
        const K(f64x4) distance = __builtin_elementwise_sqrt(ox * ox + oy * oy);
        const K(i64x4) beyond = distance >= f->outer, within = distance <= f->inner;
        K(f64x4) light;
        if (f->radius <= 0 || (beyond[0] & beyond[1] & beyond[2] & beyond[3])) {
            light = zero;
        } else if (within[0] & within[1] & within[2] & within[3]) {
            light = one;
        } else {
            const K(f64x4) step = (K(flash_angle4)(ox, zero + oy) + 3.14159265358979323846) * f->scale;
            const K(i64x4) whole = __builtin_convertvector(step, K(i64x4));
            K(f64x4) ray;
            for (int lane = 0; lane < 4; lane++) {
                int64_t k = whole[lane] < 0 ? 0 : whole[lane] > f->steps - 1 ? f->steps - 1 : whole[lane];
                const double fraction = step[lane] - (double)k;
                ray[lane] = f->radius * (f->rays[k] + (f->rays[k + 1] - f->rays[k]) * fraction);
            }
            light = __builtin_elementwise_min(__builtin_elementwise_max((ray - distance) / (0.35 * ray + 1), zero), one);
            light = K(pick4)(beyond, zero, K(pick4)(within, one, light));
        }
        for (int lane = 0; lane < 4 && i + lane < count; lane++) out[i + lane] = (float)light[lane];
    }
}
