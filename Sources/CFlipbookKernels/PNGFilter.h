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

static void K(png_filter_row)(const uint8_t *row, const uint8_t *above, ptrdiff_t count, ptrdiff_t bpp,
                              uint8_t *candidates, uint64_t *scores) {
    uint8_t *none = candidates, *sub = candidates + count, *up = candidates + 2 * count;
    uint8_t *average = candidates + 3 * count, *paeth = candidates + 4 * count;
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    ptrdiff_t x = 0;
#define FILTER1(x)                                                                           \
    do {                                                                                     \
        const uint8_t cur = row[x], a = (x) >= bpp ? row[(x) - bpp] : 0, b = above[x];        \
        const uint8_t c = (x) >= bpp ? above[(x) - bpp] : 0;                                  \
        none[x] = cur;                                                                       \
        sub[x] = cur - a;                                                                    \
        up[x] = cur - b;                                                                     \
        average[x] = cur - (uint8_t)((a + b) >> 1);                                          \
        paeth[x] = cur - K(paeth1)(a, b, c);                                                 \
        s0 += K(magnitude1)(none[x]);                                                        \
        s1 += K(magnitude1)(sub[x]);                                                         \
        s2 += K(magnitude1)(up[x]);                                                          \
        s3 += K(magnitude1)(average[x]);                                                     \
        s4 += K(magnitude1)(paeth[x]);                                                       \
    } while (0)
    // The first pixel has no left neighbour.
    for (; x < bpp && x < count; x++) FILTER1(x);
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
        __builtin_memcpy(none + x, &outs[0], 32);
        __builtin_memcpy(sub + x, &outs[1], 32);
        __builtin_memcpy(up + x, &outs[2], 32);
        __builtin_memcpy(average + x, &outs[3], 32);
        __builtin_memcpy(paeth + x, &outs[4], 32);
        s0 += K(magnitudes)(outs[0]);
        s1 += K(magnitudes)(outs[1]);
        s2 += K(magnitudes)(outs[2]);
        s3 += K(magnitudes)(outs[3]);
        s4 += K(magnitudes)(outs[4]);
    }
    for (; x < count; x++) FILTER1(x);
#undef FILTER1
    scores[0] = s0;
    scores[1] = s1;
    scores[2] = s2;
    scores[3] = s3;
    scores[4] = s4;
}
