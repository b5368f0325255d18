// A two-circle radial gradient (FlipbookGraphics' RadialGradientShader) along a row of
// pixels, four at a time in double precision, written once and included by kernels.c once
// per instruction set (after PageCurlLook.h, whose four-double vectors and `pick_d4` it
// uses): K(name) gives each copy its own names. Only correctly rounded operations, in the
// order the Swift formula writes them, and no fused ones, so every level and every
// processor gives the same pixels.
#pragma clang fp contract(off)

/// Where t paints: its circle has a radius, and t lies in 0…1 unless the options extend
/// the gradient that way. NaN (no root) never paints.
static inline __attribute__((always_inline)) K(m64x4) K(radial_paints)(const fb_radial *g, K(f64x4) t) {
    const K(m64x4) before = (K(m64x4)){0} - g->before, after = (K(m64x4)){0} - g->after;
    return (g->r0 + t * g->dr >= 0) & ((t >= 0) | before) & ((t <= 1) | after);
}

static void K(radial_row)(uint32_t *dst, uint8_t *coverage, const fb_radial *g, const uint32_t *table, ptrdiff_t x,
                          ptrdiff_t count) {
    const K(f64x4) lanes = {0, 1, 2, 3}, zero = {0};
    typedef float K(f32x4r) __attribute__((vector_size(16)));
    typedef int32_t K(i32x4r) __attribute__((vector_size(16)));
    typedef int32_t K(i32x4u) __attribute__((vector_size(16), aligned(4)));
    typedef uint8_t K(u8x4u) __attribute__((vector_size(4), aligned(1)));
    const int linear = __builtin_fabs(g->a) < 1e-9;
    for (ptrdiff_t i = 0; i < count; i += 4) {
        const K(f64x4) column = (double)(x + i) + lanes + 0.5;
        const K(f64x4) px = g->origin_x + g->step_x * column - g->start_x;
        const K(f64x4) py = g->origin_y + g->step_y * column - g->start_y;
        const K(f64x4) b = px * g->delta_x + py * g->delta_y + g->r0 * g->dr;
        const K(f64x4) c = px * px + py * py - g->r0 * g->r0;
        // The largest root that paints (the circles are painted in order of t, later ones
        // over earlier ones).
        K(f64x4) t;
        K(m64x4) paints;
        if (linear) {
            // The circles grow as fast as their centres move: one root, c / 2b.
            t = c / (2 * b);
            paints = (b != 0) & K(radial_paints)(g, t);
        } else {
            const K(f64x4) disc = b * b - g->a * c, root = __builtin_elementwise_sqrt(disc);
            const K(f64x4) t1 = (b + root) / g->a, t2 = (b - root) / g->a;
            const K(f64x4) hi = K(pick_d4)(t2 >= t1, t2, t1), lo = K(pick_d4)(t2 < t1, t2, t1);
            const K(m64x4) high = K(radial_paints)(g, hi), low = K(radial_paints)(g, lo);
            t = K(pick_d4)(high, hi, lo);
            paints = (disc >= 0) & (high | low);
        }
        // CGGradient.tableIndex: the single-precision t clamped to 0…1, times 1023, plus ½
        // (lanes that paint nothing look up entry 0 and drop it).
        const K(f32x4r) f = __builtin_convertvector(K(pick_d4)(paints, t, zero), K(f32x4r));
        const K(f32x4r) clamped = __builtin_elementwise_min(__builtin_elementwise_max(f, (K(f32x4r)){0}), (K(f32x4r)){0} + 1);
        const K(i32x4r) index = __builtin_convertvector(clamped * 1023 + 0.5f, K(i32x4r));
        if (i + 4 <= count) {
            // Four colours at once, cleared (with their coverage) where nothing paints.
            const K(i32x4r) keep = __builtin_convertvector(paints, K(i32x4r));
            const K(i32x4r) colours = {(int32_t)table[index[0]], (int32_t)table[index[1]], (int32_t)table[index[2]],
                                       (int32_t)table[index[3]]};
            *(K(i32x4u) *)(void *)(dst + i) = colours & keep;
            *(K(u8x4u) *)(coverage + i) &= __builtin_convertvector(keep, K(u8x4u));
            continue;
        }
        for (ptrdiff_t lane = 0; lane < count - i; lane++) {
            if (paints[lane]) {
                dst[i + lane] = table[index[lane]];
            } else {
                dst[i + lane] = 0;
                coverage[i + lane] = 0;
            }
        }
    }
}
