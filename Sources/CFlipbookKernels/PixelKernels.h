// The compositing and sampling loops, written once with clang's vector extensions and included by
// kernels.c once per instruction set: K(name) gives each copy its own names. Where K_GATHERS
// is set (AVX2), the sampling loops load through gathers, the one place they use intrinsics.

typedef uint32_t K(u32x8) __attribute__((vector_size(32), aligned(4)));
typedef uint16_t K(u16x16) __attribute__((vector_size(32)));
typedef uint32_t K(u32x16) __attribute__((vector_size(64)));

typedef uint32_t K(u32x4) __attribute__((vector_size(16), aligned(4)));
typedef uint16_t K(u16x8) __attribute__((vector_size(16)));

// Floats as the blur and linear-light kernels read them, at any float's address (the
// coverage sweep's K(f32x8) is aligned to its size).
typedef float K(f32x8u) __attribute__((vector_size(32), aligned(4)));
typedef float K(f32x4u) __attribute__((vector_size(16), aligned(4)));
typedef int32_t K(i32x8) __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) K(f32x8u) K(loadf8)(const float *p) { return *(const K(f32x8u) *)p; }
static inline __attribute__((always_inline)) void K(storef8)(float *p, K(f32x8u) v) { *(K(f32x8u) *)p = v; }

/// Each pixel of `p` scaled by its lane of `f` (0…255), every channel rounded: in 16-bit
/// lanes, x·f/255 is (t·257) >> 16 for t = x·f + 128, one high-half multiply. Written once
/// for both widths: `U16` holds the pixels' channels in 16-bit lanes, `WIDE` those lanes
/// at 32 bits.
#ifndef K_SCALE_PIXELS  // this file is included once per instruction set
#define K_SCALE_PIXELS(p, f, PIXELS, U16, WIDE) ({                                           \
    const U16 factor_ = (U16)((f) | (f) << 16);                                              \
    const U16 rb_ = (U16)((p) & 0x00FF00FF) * factor_ + 128;                                  \
    const U16 ga_ = (U16)(((p) >> 8) & 0x00FF00FF) * factor_ + 128;                           \
    const PIXELS rb = (PIXELS)__builtin_convertvector((__builtin_convertvector(rb_, WIDE) * 257) >> 16, U16); \
    const PIXELS ga = (PIXELS)__builtin_convertvector((__builtin_convertvector(ga_, WIDE) * 257) >> 16, U16); \
    rb | ga << 8;                                                                            \
})
#endif

/// Eight pixels, each scaled by its lane of `f` (0…255).
static inline __attribute__((always_inline)) K(u32x8) K(scale8)(K(u32x8) p, K(u32x8) f) {
    return K_SCALE_PIXELS(p, f, K(u32x8), K(u16x16), K(u32x16));
}

/// `scale8` for four pixels.
static inline __attribute__((always_inline)) K(u32x4) K(scale4)(K(u32x4) p, K(u32x4) f) {
    return K_SCALE_PIXELS(p, f, K(u32x4), K(u16x8), K(u32x8));
}

static inline __attribute__((always_inline)) uint32_t K(scale1)(uint32_t p, uint32_t f) {
    uint32_t rb = (p & 0x00FF00FF) * f + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ga = ((p >> 8) & 0x00FF00FF) * f + 0x00800080;
    ga = (ga + ((ga >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ga;
}

static inline __attribute__((always_inline)) uint32_t K(over1)(uint32_t s, uint32_t d) { return s + K(scale1)(d, 255 - (s >> 24)); }

/// A colour scaled by a coverage byte (itself when fully covered).
static inline __attribute__((always_inline)) uint32_t K(covered1)(uint32_t s, uint32_t c) { return c == 255 ? s : K(scale1)(s, c); }

static inline __attribute__((always_inline)) K(u32x8) K(load8)(const void *p) { return *(const K(u32x8) *)p; }
static inline __attribute__((always_inline)) void K(store8)(void *p, K(u32x8) v) { *(K(u32x8) *)p = v; }

/// Eight coverage bytes as one word: 0 when none covers, UINT64_MAX when all do fully.
static inline __attribute__((always_inline)) uint64_t K(coverage_word)(const uint8_t *c) {
    uint64_t word;
    __builtin_memcpy(&word, c, 8);
    return word;
}

static inline __attribute__((always_inline)) K(u32x8) K(coverage8)(const uint8_t *c) {
    uint8_t bytes __attribute__((vector_size(8)));
    __builtin_memcpy(&bytes, c, 8);
    return __builtin_convertvector(bytes, K(u32x8));
}

/// How many of the first `count` coverage bytes are 255, up to the first that is not.
static inline __attribute__((always_inline)) ptrdiff_t K(full_run)(const uint8_t *c, ptrdiff_t count) {
    ptrdiff_t n = 0;
    while (n + 32 <= count && (K(coverage_word)(c + n) & K(coverage_word)(c + n + 8) & K(coverage_word)(c + n + 16)
                               & K(coverage_word)(c + n + 24)) == UINT64_MAX) n += 32;
    while (n + 8 <= count && K(coverage_word)(c + n) == UINT64_MAX) n += 8;
    while (n < count && c[n] == 255) n++;
    return n;
}

static void K(source_over_solid)(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count, uint32_t s) {
    K(u32x8) source = s - (K(u32x8)){}, keep = (255 - (s >> 24)) - (K(u32x8)){};
    const int opaque = s >> 24 == 255;
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word = K(coverage_word)(coverage + i);
        if (word == 0) continue;
        if (word == UINT64_MAX) {
            // Inside a shape: the colour over the destination, or in place of it.
            K(store8)(dst + i, opaque ? source : K(scale8)(K(load8)(dst + i), keep) + source);
            continue;
        }
        K(u32x8) scaled = K(scale8)(source, K(coverage8)(coverage + i));
        K(store8)(dst + i, scaled + K(scale8)(K(load8)(dst + i), 255 - (scaled >> 24)));
    }
    for (; i < count; i++) {
        uint32_t c = coverage[i];
        if (c != 0) dst[i] = K(over1)(K(covered1)(s, c), dst[i]);
    }
}

/// `source_over_solid` for eight pixels, in one vector step, their coverage in the lanes of `c`.
static inline __attribute__((always_inline)) void K(source_over_covered8)(uint32_t *dst, K(u32x8) c, uint32_t s) {
    K(u32x8) d;
    __builtin_memcpy(&d, dst, 32);
    const K(u32x8) scaled = K(scale8)(s - (K(u32x8)){}, c);
    d = scaled + K(scale8)(d, 255 - (scaled >> 24));
    __builtin_memcpy(dst, &d, 32);
}

/// dst = p + dst·(255 − αp)/255 for `count` pixels: one colour, already scaled by its
/// coverage, over the destination (in place of it when opaque). `source_over_solid`'s bits.
/// Asks for the cache lines of `ahead` (the same columns of a row to come) as it goes, one
/// line per 16 pixels.
static inline __attribute__((always_inline)) void K(source_over_constant)(uint32_t *dst, ptrdiff_t count, uint32_t p,
                                                                         const uint32_t *ahead) {
    const int opaque = p >> 24 == 255;
    const K(u32x8) source = p - (K(u32x8)){}, keep = (255 - (p >> 24)) - (K(u32x8)){};
#define OVER8(q) (opaque ? source : K(scale8)(K(load8)(q), keep) + source)
    __builtin_prefetch(ahead, 1, 3);
    __builtin_prefetch(ahead + count - 1, 1, 3);
    if (count < 8) {
        // Spans between a fill's touched chunks are whole chunks of four.
        ptrdiff_t i = 0;
        if (count >= 4) {
            K(u32x4) d;
            __builtin_memcpy(&d, dst, 16);
            d = opaque ? p - (K(u32x4)){} : K(scale4)(d, keep[0] - (K(u32x4)){}) + (p - (K(u32x4)){});
            __builtin_memcpy(dst, &d, 16);
            i = 4;
        }
        for (; i < count; i++) dst[i] = opaque ? p : K(over1)(p, dst[i]);
        return;
    }
    // The last eight pixels, worked out from what they hold before the steps below, which
    // may overlap them and write the same values there; stored last. No step of four or
    // one, and one test fewer to mispredict.
    const K(u32x8) tail = OVER8(dst + count - 8);
    ptrdiff_t i = 0;
    // Two loops, so that neither tests `opaque`; each compares i with a bound computed once.
    const ptrdiff_t last16 = count - 16;
    if (opaque) {
        for (; i <= last16; i += 16) {
            __builtin_prefetch(ahead + i + 15, 1, 3);
            K(store8)(dst + i, source);
            K(store8)(dst + i + 8, source);
        }
    } else {
        for (; i <= last16; i += 16) {
            __builtin_prefetch(ahead + i + 15, 1, 3);
            K(store8)(dst + i, OVER8(dst + i));
            K(store8)(dst + i + 8, OVER8(dst + i + 8));
        }
    }
    if (count - i > 8) K(store8)(dst + i, OVER8(dst + i));
#undef OVER8
    K(store8)(dst + count - 8, tail);
}

static void K(source_over_row)(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word = K(coverage_word)(coverage + i);
        if (word == 0) continue;
        K(u32x8) p = K(load8)(src + i);
        if (word != UINT64_MAX) p = K(scale8)(p, K(coverage8)(coverage + i));
        K(u32x8) alpha = p >> 24;
        // Only translucent pixels read the destination.
        int allOpaque = 1;
        for (int lane = 0; lane < 8; lane++) allOpaque &= alpha[lane] == 255;
        if (!allOpaque) p += K(scale8)(K(load8)(dst + i), 255 - alpha);
        K(store8)(dst + i, p);
    }
    for (; i < count; i++) {
        uint32_t c = coverage[i];
        if (c == 0) continue;
        uint32_t p = c == 255 ? src[i] : K(scale1)(src[i], c);
        dst[i] = p >> 24 == 255 ? p : K(over1)(p, dst[i]);
    }
}

static void K(clear)(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count) {
    ptrdiff_t i = 0;
    while (i < count) {
        uint32_t c = coverage[i];
        if (c == 255) {
            ptrdiff_t n = K(full_run)(coverage + i, count - i);
            __builtin_memset(dst + i, 0, (size_t)n * 4);
            i += n;
            continue;
        }
        if (c != 0) dst[i] = K(scale1)(dst[i], 255 - c);
        i++;
    }
}

static ptrdiff_t K(scale_by_alpha)(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step,
                                   ptrdiff_t count, const uint8_t *table, uint32_t keeping, uint32_t clearing) {
    ptrdiff_t i = 0;
    while (i < count) {
        // Eight at a time while they are all uncovered, or all fully covered by a source
        // alpha that keeps or clears them.
        if (i + 8 <= count) {
            const uint64_t word = K(coverage_word)(coverage + i);
            if (word == 0) {
                i += 8;
                continue;
            }
            if (word == UINT64_MAX) {
                const K(u32x8) alphas = src_step ? K(load8)(src + i) >> 24 : (K(u32x8)){0} + (src[0] >> 24);
                const K(u32x8) keeps = alphas == keeping, clears = alphas == clearing;
                if ((keeps[0] & keeps[1] & keeps[2] & keeps[3] & keeps[4] & keeps[5] & keeps[6] & keeps[7]) != 0) {
                    i += 8;
                    continue;
                }
                if ((clears[0] & clears[1] & clears[2] & clears[3] & clears[4] & clears[5] & clears[6] & clears[7]) != 0) {
                    K(store8)(dst + i, (K(u32x8)){0});
                    i += 8;
                    continue;
                }
            }
        }
        const uint32_t c = coverage[i];
        if (c == 0) {
            i++;
            continue;
        }
        if (c != 255) return i;
        const uint32_t alpha = src[i * src_step] >> 24, d = dst[i];
        if (alpha == clearing) {
            dst[i] = 0;
        } else if (alpha != keeping) {
            const uint8_t *row = table + alpha * 256;
            const uint32_t a = row[d >> 24];
            const uint32_t r = row[d & 0xFF], g = row[(d >> 8) & 0xFF], b = row[(d >> 16) & 0xFF];
            // As a packed premultiplied colour stays valid: no channel above alpha.
            dst[i] = (r < a ? r : a) | (g < a ? g : a) << 8 | (b < a ? b : a) << 16 | a << 24;
        }
        i++;
    }
    return count;
}

/// A colour of 0…1 floats packed as `Color4.packed` packs it: clamped to 0…1, times 255,
/// rounded half to even (by adding and taking away 1.5 · 2²³), no channel above alpha.
static inline __attribute__((always_inline)) uint32_t K(pack_unit)(float r, float g, float b, float a) {
    const float magic = 0x1.8p23f;
#define K_UNIT_CODE(v) ((__builtin_fminf(__builtin_fmaxf((v), 0), 1) * 255 + magic) - magic)
    const float cr = K_UNIT_CODE(r), cg = K_UNIT_CODE(g), cb = K_UNIT_CODE(b), ca0 = K_UNIT_CODE(a);
#undef K_UNIT_CODE
    const float ca = 255 < ca0 ? 255 : ca0;
    return (uint32_t)(ca < cr ? ca : cr) | (uint32_t)(ca < cg ? ca : cg) << 8 | (uint32_t)(ca < cb ? ca : cb) << 16 | (uint32_t)ca << 24;
}

static ptrdiff_t K(source_by_destination_alpha)(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step,
                                                ptrdiff_t count, int out) {
    const float unit = 1.0f / 255;
    uint32_t key_source = 0, key_alpha = UINT32_MAX, result = 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        const uint32_t c = coverage[i];
        if (c == 0) continue;
        if (c != 255) return i;
        const uint32_t s = src[i * src_step], a = dst[i] >> 24;
        if (s != key_source || a != key_alpha) {
            // d + (B(s, d) − d) · 1 over d = (0, 0, 0, a): only the alpha of d matters. The
            // colour lanes are B(s, d) itself (0 + (x − 0) · 1 = x for x ≥ 0), alpha is not.
            const float da = (float)a * unit, k = out ? 1 - da : da;
            const float r = (float)(s & 0xFF) * unit * k, g = (float)((s >> 8) & 0xFF) * unit * k;
            const float b = (float)((s >> 16) & 0xFF) * unit * k, w = (float)(s >> 24) * unit * k;
            result = K(pack_unit)(r, g, b, da + (w - da));
            key_source = s;
            key_alpha = a;
        }
        dst[i] = result;
    }
    return count;
}

static void K(multiply_coverage)(uint8_t *row, const uint8_t *other, ptrdiff_t count) {
    typedef uint8_t K(u8x16u) __attribute__((vector_size(16), aligned(1)));
    ptrdiff_t i = 0;
    // Sixteen at a time in 16 bits: a·b + 128 plus its high byte stays below 2¹⁶.
    for (; i + 16 <= count; i += 16) {
        const K(u16x16) a = __builtin_convertvector(*(const K(u8x16u) *)(row + i), K(u16x16));
        const K(u16x16) b = __builtin_convertvector(*(const K(u8x16u) *)(other + i), K(u16x16));
        const K(u16x16) t = a * b + 128;
        *(K(u8x16u) *)(row + i) = __builtin_convertvector((t + (t >> 8)) >> 8, K(u8x16u));
    }
    for (; i < count; i++) {
        const uint32_t t = (uint32_t)row[i] * other[i] + 128;
        row[i] = (uint8_t)((t + (t >> 8)) >> 8);
    }
}

typedef int64_t K(i64x8) __attribute__((vector_size(64)));
typedef uint64_t K(u64x8) __attribute__((vector_size(64)));
typedef uint64_t K(u64x4) __attribute__((vector_size(32)));

/// Fractional bits of the sample positions `bilinear_row` steps through (ImageShader's).
enum { K(fraction_bits) = 20 };

/// a + (b − a)·w/256 per channel, each of eight pixels with its own weight (0…255). The
/// products stay below 2¹⁶, so 16-bit lanes give `lerpPixel`'s bits.
static inline __attribute__((always_inline)) K(u32x8) K(lerp8)(K(u32x8) a, K(u32x8) b, K(u32x8) w) {
    K(u16x16) wb = (K(u16x16))(w | w << 16), wa = 256 - wb;
    K(u16x16) rb = ((K(u16x16))(a & 0x00FF00FF) * wa + (K(u16x16))(b & 0x00FF00FF) * wb) >> 8;
    K(u16x16) ga = (K(u16x16))((a >> 8) & 0x00FF00FF) * wa + (K(u16x16))((b >> 8) & 0x00FF00FF) * wb;
    return (K(u32x8))rb | ((K(u32x8))ga & 0xFF00FF00);
}

/// `lerp8` for one pixel.
static inline __attribute__((always_inline)) uint32_t K(lerp1)(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t rb = (((a & 0x00FF00FF) * (256 - w) + (b & 0x00FF00FF) * w) >> 8) & 0x00FF00FF;
    uint32_t ga = (((a >> 8) & 0x00FF00FF) * (256 - w) + ((b >> 8) & 0x00FF00FF) * w) & 0xFF00FF00;
    return rb | ga;
}

/// One bilinear sample at (u, v): the four pixels from (u, v) truncated, weighed by the
/// fraction's top 8 bits.
static inline __attribute__((always_inline)) uint32_t K(bilinear1)(const uint32_t *pixels, ptrdiff_t width, int64_t u, int64_t v) {
    const uint32_t *p = pixels + (v >> K(fraction_bits)) * width + (u >> K(fraction_bits));
    uint32_t wx = (u >> (K(fraction_bits) - 8)) & 0xFF, wy = (v >> (K(fraction_bits) - 8)) & 0xFF;
    return K(lerp1)(K(lerp1)(p[0], p[1], wx), K(lerp1)(p[width], p[width + 1], wx), wy);
}

/// Eight samples a step: positions in 64-bit lanes, each sample's two pairs of neighbours
/// loaded as two 64-bit words, the three interpolations in 16-bit lanes.
static void K(bilinear_row)(uint32_t *dst, const uint32_t *pixels, ptrdiff_t width,
                            int64_t u, int64_t v, int64_t du, int64_t dv, ptrdiff_t count) {
    ptrdiff_t i = 0;
    K(i64x8) lane = {0, 1, 2, 3, 4, 5, 6, 7};
    K(i64x8) us = lane * du + u, vs = lane * dv + v;
    for (; i + 8 <= count; i += 8) {
        K(u32x8) ix = __builtin_convertvector(us >> K(fraction_bits), K(u32x8));
        K(u32x8) iy = __builtin_convertvector(vs >> K(fraction_bits), K(u32x8));
        K(u32x8) wx = __builtin_convertvector(us >> (K(fraction_bits) - 8), K(u32x8)) & 0xFF;
        K(u32x8) wy = __builtin_convertvector(vs >> (K(fraction_bits) - 8), K(u32x8)) & 0xFF;
        K(u32x8) offset = iy * (uint32_t)width + ix;
        // Each sample's two pixels in a row are neighbours: one 64-bit load per row.
        K(u64x8) top, bottom;
#if K_GATHERS
        // Four loads an instruction, at offsets widened to 64 bits (they may pass 2³¹).
        K(u64x4) low = __builtin_convertvector(__builtin_shufflevector(offset, offset, 0, 1, 2, 3), K(u64x4));
        K(u64x4) high = __builtin_convertvector(__builtin_shufflevector(offset, offset, 4, 5, 6, 7), K(u64x4));
        const long long *row = (const long long *)pixels, *next = (const long long *)(pixels + width);
        top = __builtin_shufflevector((K(u64x4))_mm256_i64gather_epi64(row, (__m256i)low, 4),
                                      (K(u64x4))_mm256_i64gather_epi64(row, (__m256i)high, 4), 0, 1, 2, 3, 4, 5, 6, 7);
        bottom = __builtin_shufflevector((K(u64x4))_mm256_i64gather_epi64(next, (__m256i)low, 4),
                                         (K(u64x4))_mm256_i64gather_epi64(next, (__m256i)high, 4), 0, 1, 2, 3, 4, 5, 6, 7);
#else
        for (int k = 0; k < 8; k++) {
            const uint32_t *p = pixels + offset[k];
            uint64_t pair;
            __builtin_memcpy(&pair, p, 8);
            top[k] = pair;
            __builtin_memcpy(&pair, p + width, 8);
            bottom[k] = pair;
        }
#endif
        K(u32x8) upper = K(lerp8)(__builtin_convertvector(top, K(u32x8)), __builtin_convertvector(top >> 32, K(u32x8)), wx);
        K(u32x8) lower = K(lerp8)(__builtin_convertvector(bottom, K(u32x8)), __builtin_convertvector(bottom >> 32, K(u32x8)), wx);
        K(store8)(dst + i, K(lerp8)(upper, lower, wy));
        us += 8 * du;
        vs += 8 * dv;
    }
    for (; i < count; i++) dst[i] = K(bilinear1)(pixels, width, u + du * i, v + dv * i);
}

/// The entry of `table` (its last index `top`) at 32.32 fixed-point `index`, clamped to
/// the table's ends.
static inline __attribute__((always_inline)) uint32_t K(table_entry)(const uint32_t *table, int64_t top, int64_t index) {
    const int64_t slot = index >> 32;
    return table[slot < 0 ? 0 : slot > top ? top : slot];
}

/// `table_entry` at `index` and the seven indices `step` after it, in one gather.
static inline __attribute__((always_inline)) K(u32x8) K(table_entries8)(const uint32_t *table, int64_t top, int64_t index,
                                                                        int64_t step) {
#if K_GATHERS
    const K(i64x8) at = (K(i64x8)){0, 1, 2, 3, 4, 5, 6, 7} * step + index;
    const K(i64x8) slot = __builtin_elementwise_min(__builtin_elementwise_max(at >> 32, (K(i64x8)){0}), (K(i64x8)){0} + top);
    return (K(u32x8))_mm256_i32gather_epi32((const int *)table, (__m256i)__builtin_convertvector(slot, K(u32x8)), 4);
#else
    K(u32x8) entries;
    for (int k = 0; k < 8; k++) entries[k] = K(table_entry)(table, top, index + step * k);
    return entries;
#endif
}

/// dst[i] = table[(index + i·step) >> 32] for `count` pixels: a gradient's colours, its
/// table index affine in the column in 32.32 fixed point, clamped to the table's `entries`.
static void K(table_row)(uint32_t *dst, const uint32_t *table, ptrdiff_t entries, int64_t index, int64_t step,
                         ptrdiff_t count) {
    const int64_t top = entries - 1;
    ptrdiff_t i = 0;
#if K_GATHERS
    for (; i + 8 <= count; i += 8) K(store8)(dst + i, K(table_entries8)(table, top, index + step * i, step));
#endif
    for (; i < count; i++) dst[i] = K(table_entry)(table, top, index + step * i);
}
