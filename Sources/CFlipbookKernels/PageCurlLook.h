// CIPageCurlTransition's page (FlipbookFilters' PageCurl) at a batch of points, four at a
// time in double precision, written once and included by kernels.c once per instruction
// set: K(name) gives each copy its own names. Its own arc sine and powers from square
// roots, only correctly rounded operations and no fused ones, so every level and every
// processor gives the same numbers.

typedef double K(f64x4) __attribute__((vector_size(32), aligned(8)));
typedef int64_t K(m64x4) __attribute__((vector_size(32)));

/// `yes` where `mask` is set, `no` elsewhere.
static inline __attribute__((always_inline)) K(f64x4) K(pick_d4)(K(m64x4) mask, K(f64x4) yes, K(f64x4) no) {
    return (K(f64x4))((mask & (K(m64x4))yes) | (~mask & (K(m64x4))no));
}

/// asin v for 0 ≤ v ≤ 1, within 10⁻¹¹: above ½ it is π/2 − 2 asin √((1 − v)/2); then
/// asin x = 2 asin y for y = x / √(2 + 2√(1 − x²)) ≤ sin(π/12), whose series is short:
/// eight terms, up to y¹⁵.
static inline __attribute__((always_inline)) K(f64x4) K(page_curl_asin)(K(f64x4) v) {
    const K(m64x4) high = v > 0.5;
    const K(f64x4) x = K(pick_d4)(high, __builtin_elementwise_sqrt((1 - v) * 0.5), v);
    const K(f64x4) y = x / __builtin_elementwise_sqrt(2 + 2 * __builtin_elementwise_sqrt(1 - x * x)), z = y * y, z2 = z * z;
    // Two halves of the series side by side, so their multiplications overlap.
    const K(f64x4) even = 1 + z2 * (0.074999999999999997 + z2 * (0.030381944444444444 + z2 * 0.017352764423076924));
    const K(f64x4) odd = 0.16666666666666666 + z2 * (0.044642857142857144 + z2 * (0.022372159090909092 + z2 * 0.013964843750000001));
    const K(f64x4) half = y * (even + z * odd);
    return K(pick_d4)(high, 1.5707963267948966 - 4 * half, 2 * half);
}

/// v to the power 1.25 (v ≥ 0), the fall of the shadow's edges.
static inline __attribute__((always_inline)) K(f64x4) K(page_curl_soft)(K(f64x4) v) {
    return v * __builtin_elementwise_sqrt(__builtin_elementwise_sqrt(v));
}

static inline __attribute__((always_inline)) K(m64x4) K(page_curl_on_page)(const fb_page_curl *c, K(f64x4) x, K(f64x4) y) {
    return (x >= c->page_min_x) & (x < c->page_max_x) & (y >= c->page_min_y) & (y < c->page_max_y);
}

/// Where the page's points at `u` along the direction lie when turned over flat on top:
/// mirrored across fold − π · radius / 2.
static inline __attribute__((always_inline)) K(f64x4) K(page_curl_turned_u)(const fb_page_curl *c, K(f64x4) u) {
    return 2 * c->fold - u - 3.14159265358979323846 * c->radius;
}

/// Four points of `page_curl_look`.
static inline __attribute__((always_inline)) void K(page_curl_look4)(const fb_page_curl *c, const double *points, float *kinds,
                                                                     double *fronts, double *backs, float *slopes, float *shadows) {
    typedef float K(f32x4) __attribute__((vector_size(16), aligned(4)));
    const double pi = 3.14159265358979323846;
    const K(f64x4) first = *(const K(f64x4) *)points, second = *(const K(f64x4) *)(points + 4), zero = {0};
    const K(f64x4) x = __builtin_shufflevector(first, second, 0, 2, 4, 6), y = __builtin_shufflevector(first, second, 1, 3, 5, 7);
    const K(f64x4) u = x * c->direction_x + y * c->direction_y;
    // Beyond the fold the page lies flat, turned over on top where it reaches; on the
    // cylinder its top half is turned over and its bottom half rises from the ground.
    const K(m64x4) flat = u >= c->fold, curled = ~flat & (u >= c->fold - c->radius);
    const K(f64x4) v = (c->fold - u) * (1 / c->radius), sine = K(pick_d4)(v < 1, v, zero + 1);
    // The arc sine's square roots only where some point is on the cylinder.
    const K(f64x4) phi = (curled[0] | curled[1] | curled[2] | curled[3]) ? K(page_curl_asin)(K(pick_d4)(curled, sine, zero)) : zero;
    const K(f64x4) to = K(pick_d4)(flat, K(page_curl_turned_u)(c, u), c->fold - c->radius * (pi - phi));
    const K(f64x4) under = c->fold - c->radius * phi;
    const K(m64x4) lifted = flat | curled;
    const K(f64x4) bx = K(pick_d4)(lifted, x + c->direction_x * (to - u), x), by = K(pick_d4)(lifted, y + c->direction_y * (to - u), y);
    const K(f64x4) fx = K(pick_d4)(curled, x + c->direction_x * (under - u), x), fy = K(pick_d4)(curled, y + c->direction_y * (under - u), y);
    const K(m64x4) back = lifted & K(page_curl_on_page)(c, bx, by);
    const K(m64x4) front = (flat & K(page_curl_on_page)(c, x, y)) | (curled & K(page_curl_on_page)(c, fx, fy));
    const K(f64x4) kind = K(pick_d4)(flat & front, zero + 1, zero) + K(pick_d4)(curled & front, zero + 2, zero) + K(pick_d4)(back, zero + 4, zero);
    const K(f64x4) slope = K(pick_d4)(curled & back, -sine, zero);
    K(f64x4) shadow = zero;
    if (c->shadow_amount > 0) {
        const K(f64x4) beyond = c->fold - c->radius - u;
        const K(m64x4) cast = ~front & (beyond >= 0) & (beyond < c->shadow_width);
        K(f64x4) across = zero + 1;
        if (c->shadow_bounded) {
            // Along the cylinder's axis: ½ at the shadow extent's sides, none a width beyond.
            const K(f64x4) w = x * c->across_x + y * c->across_y, below = c->across_lower - w, above = w - c->across_upper;
            K(f64x4) reach = K(pick_d4)(below > above, below, above) / c->shadow_width;
            reach = K(pick_d4)(reach < -1, zero - 1, K(pick_d4)(reach > 1, zero + 1, reach));
            across = K(pick_d4)(reach >= 0, 0.5 * K(page_curl_soft)(K(pick_d4)(reach >= 0, 1 - reach, zero)),
                                1 - 0.5 * K(page_curl_soft)(K(pick_d4)(reach >= 0, zero, 1 + reach)));
        }
        const K(f64x4) fall = K(page_curl_soft)(K(pick_d4)(cast, 1 - beyond / c->shadow_width, zero));
        shadow = K(pick_d4)(cast, c->shadow_amount * (0.5 * fall * across), zero);
    }
    *(K(f32x4) *)kinds = __builtin_convertvector(kind, K(f32x4));
    *(K(f32x4) *)slopes = __builtin_convertvector(slope, K(f32x4));
    *(K(f32x4) *)shadows = __builtin_convertvector(shadow, K(f32x4));
    *(K(f64x4) *)fronts = __builtin_shufflevector(fx, fy, 0, 4, 1, 5);
    *(K(f64x4) *)(fronts + 4) = __builtin_shufflevector(fx, fy, 2, 6, 3, 7);
    *(K(f64x4) *)backs = __builtin_shufflevector(bx, by, 0, 4, 1, 5);
    *(K(f64x4) *)(backs + 4) = __builtin_shufflevector(bx, by, 2, 6, 3, 7);
}

static void K(page_curl_look)(const fb_page_curl *curl, const double *points, ptrdiff_t count, float *kinds, double *fronts,
                              double *backs, float *slopes, float *shadows) {
    // A copy the stores below cannot touch, so its numbers stay in registers.
    const fb_page_curl copy = *curl, *c = &copy;
    ptrdiff_t i = 0;
    for (; i + 4 <= count; i += 4) K(page_curl_look4)(c, points + 2 * i, kinds + i, fronts + 2 * i, backs + 2 * i, slopes + i, shadows + i);
    if (i < count) {
        // The last few through room for four.
        double at[8] = {0}, f[8], b[8];
        float k[4], s[4], h[4];
        const ptrdiff_t n = count - i;
        __builtin_memcpy(at, points + 2 * i, (size_t)n * 2 * sizeof(double));
        K(page_curl_look4)(c, at, k, f, b, s, h);
        __builtin_memcpy(kinds + i, k, (size_t)n * sizeof(float));
        __builtin_memcpy(slopes + i, s, (size_t)n * sizeof(float));
        __builtin_memcpy(shadows + i, h, (size_t)n * sizeof(float));
        __builtin_memcpy(fronts + 2 * i, f, (size_t)n * 2 * sizeof(double));
        __builtin_memcpy(backs + 2 * i, b, (size_t)n * 2 * sizeof(double));
    }
}

static void K(page_curl_turned)(const fb_page_curl *curl, double x, double y, ptrdiff_t count, double *backs) {
    const fb_page_curl copy = *curl, *c = &copy;
    const K(f64x4) steps = {0, 1, 2, 3}, ys = (K(f64x4)){0} + y;
    for (ptrdiff_t i = 0; i < count; i += 4) {
        // The pixels' centres as `Samples` gives them, four at a time; the last few
        // through room for four.
        const K(f64x4) xs = (x + ((K(f64x4)){0} + (double)i + steps)) + 0.5;
        // As `page_curl_look4` moves a flat point to its turned place.
        const K(f64x4) u = xs * c->direction_x + ys * c->direction_y, to = K(page_curl_turned_u)(c, u);
        const K(f64x4) bx = xs + c->direction_x * (to - u), by = ys + c->direction_y * (to - u);
        double b[8];
        *(K(f64x4) *)b = __builtin_shufflevector(bx, by, 0, 4, 1, 5);
        *(K(f64x4) *)(b + 4) = __builtin_shufflevector(bx, by, 2, 6, 3, 7);
        __builtin_memcpy(backs + 2 * i, b, (size_t)(count - i < 4 ? count - i : 4) * 2 * sizeof(double));
    }
}
