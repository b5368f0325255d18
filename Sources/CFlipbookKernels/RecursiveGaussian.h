// The recursive Gaussian (Deriche's fourth order as two second-order sections, causal and
// anticausal), written once with clang's vector extensions and included by kernels.c once
// per instruction set: K(name) gives each copy its own names. Every output is computed by
// the same products and sums in the same order on every level and in every lane (no fused
// multiply-add), so the levels, the vector and the scalar tails and any split of the work
// across threads give the same floats.
#pragma clang fp contract(off)

#ifndef K_GAUSSIAN_STEP  // this file is included once per instruction set
/// One step of a section: `in` (its numerator's part) less the feedback from the section's
/// last two outputs, the one before last first so the newest output is one subtraction
/// from the next.
#define K_GAUSSIAN_STEP(in, d1, d2, y1, y2) (((in) - (d2) * (y2)) - (d1) * (y1))
#endif

/// Two rows' pixels, interleaved (four floats of row a, four of row b), along `n` pixels of
/// `line`: the causal pass from the start into `out`, then the anticausal pass from the end
/// added to it.
static void K(gaussian_line)(K(f32x8u) *out, const K(f32x8u) *line, ptrdiff_t n, const fb_gaussian *g) {
    K(f32x8u) a1 = {0}, a2 = {0}, b1 = {0}, b2 = {0}, previous = {0};
    for (ptrdiff_t i = 0; i < n; i++) {
        const K(f32x8u) x = line[i];
        const K(f32x8u) a = K_GAUSSIAN_STEP(g->n0[0] * x + g->n1[0] * previous, g->d1[0], g->d2[0], a1, a2);
        const K(f32x8u) b = K_GAUSSIAN_STEP(g->n0[1] * x + g->n1[1] * previous, g->d1[1], g->d2[1], b1, b2);
        a2 = a1, a1 = a, b2 = b1, b1 = b, previous = x;
        out[i] = a + b;
    }
    K(f32x8u) x1 = {0}, x2 = {0};
    a1 = a2 = b1 = b2 = (K(f32x8u)){0};
    for (ptrdiff_t i = n - 1; i >= 0; i--) {
        const K(f32x8u) a = K_GAUSSIAN_STEP(g->m1[0] * x1 + g->m2[0] * x2, g->d1[0], g->d2[0], a1, a2);
        const K(f32x8u) b = K_GAUSSIAN_STEP(g->m1[1] * x1 + g->m2[1] * x2, g->d1[1], g->d2[1], b1, b2);
        a2 = a1, a1 = a, b2 = b1, b1 = b, x2 = x1, x1 = line[i];
        out[i] += a + b;
    }
}

static void K(gaussian_rows)(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                             ptrdiff_t src_columns, ptrdiff_t dx, ptrdiff_t columns, ptrdiff_t rows, const fb_gaussian *g) {
    // The line runs over source columns lo..<hi: the source and the output window, clear
    // off the source.
    const ptrdiff_t lo = dx < 0 ? dx : 0, hi = dx + columns > src_columns ? dx + columns : src_columns, n = hi - lo;
    K(f32x8u) *line = malloc(sizeof(K(f32x8u)) * (size_t)(2 * n));
    if (!line) {  // out of memory: clear rather than leave the rows unwritten
        for (ptrdiff_t row = 0; row < rows; row++)
            for (ptrdiff_t i = 0; i < 4 * columns; i++) dst[row * dst_stride + i] = 0;
        return;
    }
    K(f32x8u) *out = line + n;
    for (ptrdiff_t i = 0; i < n; i++) line[i] = (K(f32x8u)){0};
    for (ptrdiff_t row = 0; row < rows; row += 2) {
        // Rows in pairs, one in each half of the vectors; a last odd row pairs with clear.
        const float *a = src + row * src_stride, *b = row + 1 < rows ? a + src_stride : NULL;
        for (ptrdiff_t i = 0; i < src_columns; i++) {
            const K(f32x4u) p = *(const K(f32x4u) *)(a + 4 * i), q = b ? *(const K(f32x4u) *)(b + 4 * i) : (K(f32x4u)){0};
            line[i - lo] = __builtin_shufflevector(p, q, 0, 1, 2, 3, 4, 5, 6, 7);
        }
        K(gaussian_line)(out, line, n, g);
        float *da = dst + row * dst_stride, *db = da + dst_stride;
        for (ptrdiff_t i = 0; i < columns; i++) {
            const K(f32x8u) v = out[dx - lo + i];
            *(K(f32x4u) *)(da + 4 * i) = __builtin_shufflevector(v, v, 0, 1, 2, 3);
            if (b) *(K(f32x4u) *)(db + 4 * i) = __builtin_shufflevector(v, v, 4, 5, 6, 7);
        }
    }
    free(line);
}

#ifndef K_GAUSSIAN_COLUMNS_STEP
/// A step of the pass down the columns over floats 0..<count of one row: `in` gives the
/// numerator's part at float j, the states hold each section's last two outputs.
#define K_GAUSSIAN_COLUMNS_STEP(in, d, s, STORE)                                                        \
    do {                                                                                                 \
        ptrdiff_t j = 0;                                                                                 \
        for (; j + 8 <= count; j += 8) {                                                                 \
            const K(f32x8u) a1 = K(loadf8)(s[0] + j), a2 = K(loadf8)(s[1] + j);                           \
            const K(f32x8u) b1 = K(loadf8)(s[2] + j), b2 = K(loadf8)(s[3] + j);                           \
            const K(f32x8u) a = K_GAUSSIAN_STEP(in(K(f32x8u), K(loadf8), 0), d[0][0], d[0][1], a1, a2);     \
            const K(f32x8u) b = K_GAUSSIAN_STEP(in(K(f32x8u), K(loadf8), 1), d[1][0], d[1][1], b1, b2);     \
            K(storef8)(s[1] + j, a1), K(storef8)(s[0] + j, a), K(storef8)(s[3] + j, b1), K(storef8)(s[2] + j, b); \
            STORE(K(f32x8u), K(loadf8), K(storef8), a + b);                                             \
        }                                                                                                \
        for (; j < count; j++) {                                                                         \
            const float a1 = s[0][j], a2 = s[1][j], b1 = s[2][j], b2 = s[3][j];                          \
            const float a = K_GAUSSIAN_STEP(in(float, K(load1), 0), d[0][0], d[0][1], a1, a2);           \
            const float b = K_GAUSSIAN_STEP(in(float, K(load1), 1), d[1][0], d[1][1], b1, b2);           \
            s[1][j] = a1, s[0][j] = a, s[3][j] = b1, s[2][j] = b;                                        \
            STORE(float, K(load1), K(store1), a + b);                                                   \
        }                                                                                                \
    } while (0)
#endif

static inline __attribute__((always_inline)) float K(load1)(const float *p) { return *p; }
static inline __attribute__((always_inline)) void K(store1)(float *p, float v) { *p = v; }

static void K(gaussian_columns)(float *dst, ptrdiff_t dst_stride, ptrdiff_t rows, const float *src, ptrdiff_t src_stride,
                                ptrdiff_t src_rows, ptrdiff_t dy, ptrdiff_t count, const fb_gaussian *g) {
    // Each section's last two outputs for every float of a row, and a clear row for the
    // source's rows beyond its ends.
    float *state = malloc(sizeof(float) * (size_t)(5 * count));
    if (!state) {  // out of memory: clear rather than leave the rows unwritten
        for (ptrdiff_t row = 0; row < rows; row++)
            for (ptrdiff_t i = 0; i < count; i++) dst[row * dst_stride + i] = 0;
        return;
    }
    float *s[4] = {state, state + count, state + 2 * count, state + 3 * count}, *clear = state + 4 * count;
    const float d[2][2] = {{g->d1[0], g->d2[0]}, {g->d1[1], g->d2[1]}};
    for (ptrdiff_t i = 0; i < 5 * count; i++) state[i] = 0;
    // Output rows above the source's first row have no causal part.
    for (ptrdiff_t row = 0; row < rows && dy + row < 0; row++)
        for (ptrdiff_t i = 0; i < count; i++) dst[row * dst_stride + i] = 0;
    // The causal pass, from the source's first row to the last output row.
    for (ptrdiff_t y = 0; y < dy + rows; y++) {
        const float *x = y < src_rows ? src + y * src_stride : clear, *p = y > 0 && y - 1 < src_rows ? src + (y - 1) * src_stride : clear;
        float *o = y >= dy ? dst + (y - dy) * dst_stride : NULL;
        const float n0[2] = {g->n0[0], g->n0[1]}, n1[2] = {g->n1[0], g->n1[1]};
#define K_CAUSAL_IN(T, LOAD, k) (n0[k] * LOAD(x + j) + n1[k] * LOAD(p + j))
#define K_CAUSAL_STORE(T, LOAD, STORE, v) (o ? STORE(o + j, v) : (void)0)
        K_GAUSSIAN_COLUMNS_STEP(K_CAUSAL_IN, d, s, K_CAUSAL_STORE);
#undef K_CAUSAL_IN
#undef K_CAUSAL_STORE
    }
    // The anticausal pass, from the source's last row (below it, the pass is zero) back to
    // the first output row, added.
    for (ptrdiff_t i = 0; i < 4 * count; i++) state[i] = 0;
    for (ptrdiff_t y = src_rows - 1; y >= dy; y--) {
        const float *x1 = y + 1 >= 0 && y + 1 < src_rows ? src + (y + 1) * src_stride : clear;
        const float *x2 = y + 2 >= 0 && y + 2 < src_rows ? src + (y + 2) * src_stride : clear;
        float *o = y < dy + rows ? dst + (y - dy) * dst_stride : NULL;
        const float m1[2] = {g->m1[0], g->m1[1]}, m2[2] = {g->m2[0], g->m2[1]};
#define K_ANTICAUSAL_IN(T, LOAD, k) (m1[k] * LOAD(x1 + j) + m2[k] * LOAD(x2 + j))
#define K_ANTICAUSAL_STORE(T, LOAD, STORE, v) (o ? STORE(o + j, LOAD(o + j) + (v)) : (void)0)
        K_GAUSSIAN_COLUMNS_STEP(K_ANTICAUSAL_IN, d, s, K_ANTICAUSAL_STORE);
#undef K_ANTICAUSAL_IN
#undef K_ANTICAUSAL_STORE
    }
    free(state);
}
