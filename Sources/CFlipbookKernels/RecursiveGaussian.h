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

/// Pixel i of rows a and b as one vector (row a's four floats first); clear off the row's
/// `n` pixels.
static inline __attribute__((always_inline)) K(f32x8u) K(gaussian_pair)(const float *a, const float *b, ptrdiff_t i, ptrdiff_t n) {
    if (i < 0 || i >= n) return (K(f32x8u)){0};
    const K(f32x4u) p = *(const K(f32x4u) *)(a + 4 * i), q = *(const K(f32x4u) *)(b + 4 * i);
    return __builtin_shufflevector(p, q, 0, 1, 2, 3, 4, 5, 6, 7);
}

static void K(gaussian_rows)(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride,
                             ptrdiff_t src_columns, ptrdiff_t dx, ptrdiff_t columns, ptrdiff_t rows, const fb_gaussian *g) {
    // The causal pass of the output window's pixels, two rows to a vector.
    K(f32x8u) *out = malloc(sizeof(K(f32x8u)) * (size_t)(columns > 0 ? columns : 1));
    if (!out) {  // out of memory: clear rather than leave the rows unwritten
        for (ptrdiff_t row = 0; row < rows; row++)
            for (ptrdiff_t i = 0; i < 4 * columns; i++) dst[row * dst_stride + i] = 0;
        return;
    }
    const ptrdiff_t end = dx + columns, lo = dx < 0 ? dx : 0, hi = end > src_columns ? end : src_columns;
    for (ptrdiff_t row = 0; row < rows; row += 2) {
        // Rows in pairs, one in each half of the vectors; a last odd row pairs with itself.
        const float *a = src + row * src_stride, *b = row + 1 < rows ? a + src_stride : a;
        float *da = dst + row * dst_stride, *db = row + 1 < rows ? da + dst_stride : da;
        // Causal: from the window's or the source's start (before the source it is zero)
        // to the window's end.
        K(f32x8u) a1 = {0}, a2 = {0}, b1 = {0}, b2 = {0}, previous = {0};
        for (ptrdiff_t i = lo; i < end; i++) {
            const K(f32x8u) x = K(gaussian_pair)(a, b, i, src_columns);
            const K(f32x8u) u = K_GAUSSIAN_STEP(g->n0[0] * x + g->n1[0] * previous, g->d1[0], g->d2[0], a1, a2);
            const K(f32x8u) v = K_GAUSSIAN_STEP(g->n0[1] * x + g->n1[1] * previous, g->d1[1], g->d2[1], b1, b2);
            a2 = a1, a1 = u, b2 = b1, b1 = v, previous = x;
            if (i >= dx) out[i - dx] = u + v;
        }
        // Anticausal: from the source's or the window's end (past the source it is zero)
        // back to the window's start, added and written out.
        K(f32x8u) x1 = {0}, x2 = {0};
        a1 = a2 = b1 = b2 = (K(f32x8u)){0};
        for (ptrdiff_t i = hi - 1; i >= dx; i--) {
            const K(f32x8u) u = K_GAUSSIAN_STEP(g->m1[0] * x1 + g->m2[0] * x2, g->d1[0], g->d2[0], a1, a2);
            const K(f32x8u) v = K_GAUSSIAN_STEP(g->m1[1] * x1 + g->m2[1] * x2, g->d1[1], g->d2[1], b1, b2);
            a2 = a1, a1 = u, b2 = b1, b1 = v, x2 = x1, x1 = K(gaussian_pair)(a, b, i, src_columns);
            if (i < end) {
                const K(f32x8u) sum = out[i - dx] + (u + v);
                *(K(f32x4u) *)(db + 4 * (i - dx)) = __builtin_shufflevector(sum, sum, 4, 5, 6, 7);
                *(K(f32x4u) *)(da + 4 * (i - dx)) = __builtin_shufflevector(sum, sum, 0, 1, 2, 3);
            }
        }
    }
    free(out);
}

/// One row of the pass down the columns, floats 0..<count: each section's output is
/// `c0[k]·a + c1[k]·b` (its numerator's part, from rows a and b) less the feedback from its
/// last two outputs, which `s` holds (section 0's in s[0] and s[1], section 1's in s[2] and
/// s[3]). Their sum is written to `o`, or added to it with `add`; nowhere when `o` is NULL.
static inline __attribute__((always_inline)) void K(gaussian_column_step)(float *const s[4], const float *a, const float *b,
                                                                          const float c0[2], const float c1[2], const fb_gaussian *g,
                                                                          float *o, int add, ptrdiff_t count) {
    ptrdiff_t j = 0;
    for (; j + 8 <= count; j += 8) {
        const K(f32x8u) x = K(loadf8)(a + j), y = K(loadf8)(b + j);
        const K(f32x8u) u1 = K(loadf8)(s[0] + j), u2 = K(loadf8)(s[1] + j), v1 = K(loadf8)(s[2] + j), v2 = K(loadf8)(s[3] + j);
        const K(f32x8u) u = K_GAUSSIAN_STEP(c0[0] * x + c1[0] * y, g->d1[0], g->d2[0], u1, u2);
        const K(f32x8u) v = K_GAUSSIAN_STEP(c0[1] * x + c1[1] * y, g->d1[1], g->d2[1], v1, v2);
        K(storef8)(s[1] + j, u1), K(storef8)(s[0] + j, u), K(storef8)(s[3] + j, v1), K(storef8)(s[2] + j, v);
        if (o) K(storef8)(o + j, add ? K(loadf8)(o + j) + (u + v) : u + v);
    }
    for (; j < count; j++) {
        const float x = a[j], y = b[j], u1 = s[0][j], u2 = s[1][j], v1 = s[2][j], v2 = s[3][j];
        const float u = K_GAUSSIAN_STEP(c0[0] * x + c1[0] * y, g->d1[0], g->d2[0], u1, u2);
        const float v = K_GAUSSIAN_STEP(c0[1] * x + c1[1] * y, g->d1[1], g->d2[1], v1, v2);
        s[1][j] = u1, s[0][j] = u, s[3][j] = v1, s[2][j] = v;
        if (o) o[j] = add ? o[j] + (u + v) : u + v;
    }
}

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
    float *const s[4] = {state, state + count, state + 2 * count, state + 3 * count};
    const float *clear = state + 4 * count;
    for (ptrdiff_t i = 0; i < 5 * count; i++) state[i] = 0;
    // Output rows above the source's first row have no causal part.
    for (ptrdiff_t row = 0; row < rows && dy + row < 0; row++)
        for (ptrdiff_t i = 0; i < count; i++) dst[row * dst_stride + i] = 0;
    // The causal pass, from the source's first row to the last output row: n0·x[y] + n1·x[y − 1].
    for (ptrdiff_t y = 0; y < dy + rows; y++) {
        const float *x = y < src_rows ? src + y * src_stride : clear, *p = y > 0 && y - 1 < src_rows ? src + (y - 1) * src_stride : clear;
        K(gaussian_column_step)(s, x, p, g->n0, g->n1, g, y >= dy ? dst + (y - dy) * dst_stride : NULL, 0, count);
    }
    // The anticausal pass, from the source's last row (below it, the pass is zero) back to
    // the first output row, added: m1·x[y + 1] + m2·x[y + 2].
    for (ptrdiff_t i = 0; i < 4 * count; i++) state[i] = 0;
    for (ptrdiff_t y = src_rows - 1; y >= dy; y--) {
        const float *x1 = y + 1 >= 0 && y + 1 < src_rows ? src + (y + 1) * src_stride : clear;
        const float *x2 = y + 2 >= 0 && y + 2 < src_rows ? src + (y + 2) * src_stride : clear;
        K(gaussian_column_step)(s, x1, x2, g->m1, g->m2, g, y < dy + rows ? dst + (y - dy) * dst_stride : NULL, 1, count);
    }
    free(state);
}
