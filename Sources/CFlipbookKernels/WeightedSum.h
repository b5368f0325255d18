// The separable blurs' inner loop, written once with clang's vector extensions and included
// by kernels.c once per instruction set: K(name) gives each copy its own names. Products and
// sums stay separate (no fused multiply-add), tap after tap, so every level gives the same
// floats.

static void K(weighted_sum)(float *dst, const float *src, ptrdiff_t count, ptrdiff_t step, const float *weights,
                            ptrdiff_t taps) {
    ptrdiff_t i = 0;
    // Four vectors at a time: each weight read once for 32 outputs.
    for (; i + 32 <= count; i += 32) {
        K(f32x8u) a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
        const float *s = src + i;
        for (ptrdiff_t k = 0; k < taps; k++, s += step) {
            const float w = weights[k];
            a0 += K(loadf8)(s) * w;
            a1 += K(loadf8)(s + 8) * w;
            a2 += K(loadf8)(s + 16) * w;
            a3 += K(loadf8)(s + 24) * w;
        }
        K(storef8)(dst + i, a0);
        K(storef8)(dst + i + 8, a1);
        K(storef8)(dst + i + 16, a2);
        K(storef8)(dst + i + 24, a3);
    }
    for (; i + 8 <= count; i += 8) {
        K(f32x8u) a = {0};
        const float *s = src + i;
        for (ptrdiff_t k = 0; k < taps; k++, s += step) a += K(loadf8)(s) * weights[k];
        K(storef8)(dst + i, a);
    }
    for (; i < count; i++) {
        float a = 0;
        for (ptrdiff_t k = 0; k < taps; k++) a += src[i + k * step] * weights[k];
        dst[i] = a;
    }
}

enum { K(block_rows) = 6 };

/// Output rows `row`..<`row + n` (n ≤ block_rows) of a pass down the columns, `count` floats
/// wide: out row r = Σₖ weights[k] · line(r + k), lines(j) the source row for tap j of the
/// block's first row. `padded` is `weights` with block_rows − 1 zeros either side, so that
/// every output row takes every line: zero-weight products add nothing, and each sum still
/// takes its taps in order. Each line is read once for all the block's rows (twelve sums in
/// registers, 16 floats wide).
static inline __attribute__((always_inline)) void K(column_block)(float *const *out, ptrdiff_t n, const float *const *lines,
                                                                  ptrdiff_t count, const float *padded, ptrdiff_t taps) {
    enum { R = K(block_rows) };
    ptrdiff_t i = 0;
    for (; i + 16 <= count; i += 16) {
        K(f32x8u) a[R][2] = {{{0}}};
        for (ptrdiff_t j = 0; j < taps + n - 1; j++) {
            const K(f32x8u) v0 = K(loadf8)(lines[j] + i), v1 = K(loadf8)(lines[j] + i + 8);
            const float *w = padded + (R - 1) + j;  // row r takes line j with weight weights[j − r]
            for (int r = 0; r < R; r++) {
                a[r][0] += v0 * w[-r];
                a[r][1] += v1 * w[-r];
            }
        }
        for (int r = 0; r < n; r++) {
            K(storef8)(out[r] + i, a[r][0]);
            K(storef8)(out[r] + i + 8, a[r][1]);
        }
    }
    for (; i < count; i++) {
        for (int r = 0; r < n; r++) {
            float a = 0;
            for (ptrdiff_t k = 0; k < taps; k++) a += lines[r + k][i] * padded[(R - 1) + k];
            out[r][i] = a;
        }
    }
}

static void K(separable_band)(float *dst, ptrdiff_t dst_stride, ptrdiff_t columns, ptrdiff_t rows, const float *src,
                              ptrdiff_t src_stride, ptrdiff_t src_columns, ptrdiff_t src_rows, ptrdiff_t dx, ptrdiff_t dy,
                              const float *weights, ptrdiff_t taps) {
    enum { R = K(block_rows) };
    const ptrdiff_t half = taps / 2, count = 4 * columns;
    // A ring of the latest passes along rows (enough for one block of rows down the
    // columns), a clear row standing for rows off the source, a source row with clear
    // pixels either side as far as the taps reach (source columns lo..<hi), and the
    // weights padded for `column_block`.
    const ptrdiff_t ring_rows = taps + R - 1;
    const ptrdiff_t lo = dx - half < 0 ? dx - half : 0;
    const ptrdiff_t hi = dx + columns + half > src_columns ? dx + columns + half : src_columns;
    float *ring = malloc(sizeof(float) * (size_t)(ring_rows * count + count + 4 * (hi - lo)));
    float padded[taps + 2 * (R - 1)];
    if (!ring) {  // out of memory: clear rather than leave the rows unwritten
        for (ptrdiff_t row = 0; row < rows; row++)
            for (ptrdiff_t i = 0; i < count; i++) dst[row * dst_stride + i] = 0;
        return;
    }
    float *zero = ring + ring_rows * count, *line = zero + count;
    for (ptrdiff_t i = 0; i < count; i++) zero[i] = 0;
    for (ptrdiff_t i = 0; i < 4 * (hi - lo); i++) line[i] = 0;
    for (ptrdiff_t k = 0; k < taps + 2 * (R - 1); k++) padded[k] = k < R - 1 || k >= taps + R - 1 ? 0 : weights[k - (R - 1)];
    ptrdiff_t next = dy - half;  // the next source row to pass along
    for (ptrdiff_t row = 0; row < rows; row += R) {
        const ptrdiff_t n = rows - row < R ? rows - row : R, top = row + dy - half;
        const float *lines[taps + R - 1];
        for (ptrdiff_t j = 0; j < taps + n - 1; j++) {
            const ptrdiff_t y = top + j;
            if (y < 0 || y >= src_rows) {
                lines[j] = zero;
                continue;
            }
            float *slot = ring + (y - (dy - half)) % ring_rows * count;
            if (y >= next) {
                for (ptrdiff_t i = 0; i < 4 * src_columns; i++) line[4 * -lo + i] = src[y * src_stride + i];
                K(weighted_sum)(slot, line + 4 * (dx - half - lo), count, 4, weights, taps);
                next = y + 1;
            }
            lines[j] = slot;
        }
        float *out[R];
        for (ptrdiff_t r = 0; r < n; r++) out[r] = dst + (row + r) * dst_stride;
        K(column_block)(out, n, lines, count, padded, taps);
    }
    free(ring);
}
