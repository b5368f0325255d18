// PNG's five row filters, written once with clang's vector extensions and included by
// kernels.c once per instruction set: K(name) gives each copy its own names. Every filter
// reads only the unfiltered bytes, so 32 bytes go at a time.

typedef uint8_t K(u8x32) __attribute__((vector_size(32), aligned(1)));
typedef int8_t K(i8x32) __attribute__((vector_size(32)));
typedef int16_t K(i16x32) __attribute__((vector_size(64)));
typedef uint16_t K(u16x32) __attribute__((vector_size(64)));

/// Paeth's predictor: of a (left), b (above) and c (upper left), the one nearest
/// a + b − c, in that order on a tie.
static inline __attribute__((always_inline)) uint8_t K(paeth1)(uint8_t a, uint8_t b, uint8_t c) {
    const int p = a + b - c, pa = __builtin_abs(p - a), pb = __builtin_abs(p - b), pc = __builtin_abs(p - c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/// |v| of each byte read as a signed byte, summed (−128 counts 128).
static inline __attribute__((always_inline)) uint64_t K(magnitudes)(K(u8x32) v) {
    const K(u8x32) sign = (K(u8x32))((K(i8x32))v >> 7);
    const K(u16x32) wide = __builtin_convertvector((v ^ sign) - sign, K(u16x32));
    return __builtin_reduce_add(wide);
}

static inline __attribute__((always_inline)) uint64_t K(magnitude1)(uint8_t v) { return (uint64_t)__builtin_abs((int8_t)v); }

/// Byte x of the five filtered rows (filter k's row at candidates + k·count), one byte at
/// a time: for the first pixel, which has no left neighbour, and the tail.
static inline __attribute__((always_inline)) void K(filter1)(const uint8_t *row, const uint8_t *above, ptrdiff_t count,
                                                             ptrdiff_t bpp, ptrdiff_t x, uint8_t *candidates,
                                                             uint64_t *sums) {
    const uint8_t cur = row[x], a = x >= bpp ? row[x - bpp] : 0, b = above[x], c = x >= bpp ? above[x - bpp] : 0;
    const uint8_t outs[5] = {cur, cur - a, cur - b, cur - (uint8_t)((a + b) >> 1), cur - K(paeth1)(a, b, c)};
    for (int k = 0; k < 5; k++) {
        candidates[k * count + x] = outs[k];
        sums[k] += K(magnitude1)(outs[k]);
    }
}

static void K(png_filter_row)(const uint8_t *row, const uint8_t *above, ptrdiff_t count, ptrdiff_t bpp,
                              uint8_t *candidates, uint64_t *scores) {
    // Summed in locals: the byte stores to candidates could alias `scores`.
    uint64_t sums[5] = {0, 0, 0, 0, 0};
    ptrdiff_t x = 0;
    for (; x < bpp && x < count; x++) K(filter1)(row, above, count, bpp, x, candidates, sums);
    for (; x + 32 <= count; x += 32) {
        K(u8x32) cur, a, b, c;
        __builtin_memcpy(&cur, row + x, 32);
        __builtin_memcpy(&a, row + x - bpp, 32);
        __builtin_memcpy(&b, above + x, 32);
        __builtin_memcpy(&c, above + x - bpp, 32);
        // The floor of the mean without widening: the shared bits plus half the others.
        const K(u8x32) mean = (a & b) + ((a ^ b) >> 1);
        const K(i16x32) a16 = __builtin_convertvector(a, K(i16x32)), b16 = __builtin_convertvector(b, K(i16x32));
        const K(i16x32) c16 = __builtin_convertvector(c, K(i16x32));
        // |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|.
        K(i16x32) pa = b16 - c16, pb = a16 - c16, pc = pa + pb;
        pa = (pa ^ (pa >> 15)) - (pa >> 15);
        pb = (pb ^ (pb >> 15)) - (pb >> 15);
        pc = (pc ^ (pc >> 15)) - (pc >> 15);
        const K(i16x32) take_a = (K(i16x32))(pa <= pb) & (K(i16x32))(pa <= pc);
        const K(i16x32) take_b = ~take_a & (K(i16x32))(pb <= pc);
        const K(i16x32) predicted = (a16 & take_a) | (b16 & take_b) | (c16 & ~(take_a | take_b));
        const K(u8x32) outs[5] = {cur, cur - a, cur - b, cur - mean, cur - __builtin_convertvector(predicted, K(u8x32))};
        for (int k = 0; k < 5; k++) {
            __builtin_memcpy(candidates + k * count + x, &outs[k], 32);
            sums[k] += K(magnitudes)(outs[k]);
        }
    }
    for (; x < count; x++) K(filter1)(row, above, count, bpp, x, candidates, sums);
    for (int k = 0; k < 5; k++) scores[k] = sums[k];
}
