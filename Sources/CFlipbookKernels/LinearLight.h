// Between 8-bit premultiplied sRGB and premultiplied linear-light floats (Core Image's working
// format), written once and included by kernels.c once per instruction set: K(name) gives
// each copy its own names. Opaque pixels go through tables, translucent ones through the
// encoding curve; the callers convert the rest by the formula, so the kernels stop at the
// first one.

/// One opaque pixel's colour (the first three of `v`) as `encode_opaque` writes it: each
/// channel clamped to 0…1 (NaN as 0), `table[(int)(v · 65535 + 0.5)]`, alpha 255.
static inline __attribute__((always_inline)) void K(store_opaque)(uint8_t *o, K(f32x4u) v, const uint8_t *table) {
    typedef int32_t K(i32x4) __attribute__((vector_size(16)));
    const K(f32x4u) zero = {0}, one = zero + 1;
    K(i32x4) keep = v > 0;  // NaN becomes 0
    v = (K(f32x4u))((keep & (K(i32x4))v) | (~keep & (K(i32x4))zero));
    keep = v < 1;
    v = (K(f32x4u))((keep & (K(i32x4))v) | (~keep & (K(i32x4))one));
    const K(i32x4) k = __builtin_convertvector(v * 65535.0f + 0.5f, K(i32x4));
    o[0] = table[k[0]], o[1] = table[k[1]], o[2] = table[k[2]], o[3] = 255;
}

static ptrdiff_t K(encode_opaque)(uint8_t *dst, const float *src, ptrdiff_t count, const uint8_t *table) {
    ptrdiff_t i = 0;
    // Two pixels at a time: clamped (NaN to 0), scaled and truncated to table indices as
    // one vector, looked up one by one.
    for (; i + 2 <= count; i += 2) {
        K(f32x8u) v = K(loadf8)(src + 4 * i);
        if (!(v[3] * 255.0f >= 254.5f && v[7] * 255.0f >= 254.5f)) break;
        v = __builtin_elementwise_min(__builtin_elementwise_max(v, (K(f32x8u)){0}), (K(f32x8u)){1, 1, 1, 1, 1, 1, 1, 1});
        const K(i32x8) k = __builtin_convertvector(v * 65535.0f + 0.5f, K(i32x8));
        uint8_t *o = dst + 4 * i;
        o[0] = table[k[0]], o[1] = table[k[1]], o[2] = table[k[2]], o[3] = 255;
        o[4] = table[k[4]], o[5] = table[k[5]], o[6] = table[k[6]], o[7] = 255;
    }
    for (; i < count; i++) {
        const float *p = src + 4 * i;
        if (!(p[3] * 255.0f >= 254.5f)) break;
        K(store_opaque)(dst + 4 * i, *(const K(f32x4u) *)p, table);
    }
    return i;
}

static ptrdiff_t K(encode_translucent)(uint8_t *dst, const float *src, ptrdiff_t count, const float *curve) {
#pragma clang fp contract(off)
    ptrdiff_t i = 0;
    for (; i < count; i++) {
        const float *p = src + 4 * i;
        uint8_t *o = dst + 4 * i;
        if (p[3] * 255.0f >= 254.5f) break;  // opaque once stored
        const float alpha = p[3] < 1 ? p[3] : 1, a = __builtin_roundf(alpha * 255.0f);
        if (!(a > 0)) {  // clear (NaN too)
            o[0] = o[1] = o[2] = o[3] = 0;
            continue;
        }
        // Unpremultiplied by the alpha that is stored, so the round trip is exact.
        const double stored = (double)a / 255;
        uint8_t codes[3];
        int halfway = 0;
        for (int c = 0; c < 3; c++) {
            double straight = (double)p[c] / stored;
            straight = straight > 0 ? straight : 0;  // NaN becomes 0
            straight = straight < 1 ? straight : 1;
            const double x = straight * 4096;
            const ptrdiff_t k = (ptrdiff_t)x < 4095 ? (ptrdiff_t)x : 4095;
            const double near = ((double)curve[k] + (double)(curve[k + 1] - curve[k]) * (x - (double)k)) * (double)a;
            // Within 0.02 of halfway between two codes: the caller's, by the formula.
            const double part = near - __builtin_floor(near) - 0.5;
            halfway |= (part < 0 ? -part : part) < 0.02;
            const double rounded = __builtin_round(near);
            codes[c] = (uint8_t)(rounded < (double)a ? rounded : (double)a);
        }
        if (halfway) break;
        o[0] = codes[0], o[1] = codes[1], o[2] = codes[2], o[3] = (uint8_t)a;
    }
    return i;
}

/// One texel of `bilinear_linear` into `t`: clear off the image; 0 when it is neither
/// clear nor opaque (the caller's to convert).
static inline __attribute__((always_inline)) int K(linear_texel)(float t[4], const uint8_t *pixels, ptrdiff_t width,
                                                                 ptrdiff_t height, ptrdiff_t column, ptrdiff_t row,
                                                                 const float *decode) {
    if (column < 0 || column >= width || row < 0 || row >= height) {
        t[0] = t[1] = t[2] = t[3] = 0;
        return 1;
    }
    const uint8_t *p = pixels + (row * width + column) * 4;
    if (p[3] == 255) {
        t[0] = decode[p[0]], t[1] = decode[p[1]], t[2] = decode[p[2]], t[3] = 1;
        return 1;
    }
    if (p[3] == 0) {
        t[0] = t[1] = t[2] = t[3] = 0;
        return 1;
    }
    return 0;
}

/// The two opaque texels at `p`, side by side on a row, weighed by `tx` (the right one's
/// weight): the channels as one vector, alpha 1.
static inline __attribute__((always_inline)) K(f32x4u) K(opaque_pair)(const uint8_t *p, float tx, const float *decode) {
    const K(f32x4u) a = {decode[p[0]], decode[p[1]], decode[p[2]], 1}, b = {decode[p[4]], decode[p[5]], decode[p[6]], 1};
    return a * (1 - tx) + b * tx;
}

/// The bilinear value at (fx, fy) (pixels right and down from the first texel's centre)
/// when the texels it weighs lie on the image and are opaque (the pairs' alpha bytes 255):
/// 1, the value written to `v`; 0 otherwise. Straight through the table, the channels as
/// one vector. Level with a row of pixel centres (a turned page's back along its row) only
/// the upper pair weighs: near · 1 + far · 0 is near.
static inline __attribute__((always_inline)) int K(bilinear_opaque)(K(f32x4u) *v, const uint8_t *pixels, ptrdiff_t width,
                                                                    ptrdiff_t height, double fx, double fy, const float *decode) {
    const double x0 = __builtin_floor(fx), y0 = __builtin_floor(fy);
    if (!(x0 >= 0 && y0 >= 0 && x0 + 1 < (double)width && y0 < (double)height)) return 0;  // NaN too
    const float tx = (float)(fx - x0), ty = (float)(fy - y0);
    const ptrdiff_t c = (ptrdiff_t)x0, r = (ptrdiff_t)y0;
    if (ty != 0 && r + 1 >= height) return 0;
    const uint8_t *p = pixels + (r * width + c) * 4, *q = p + width * 4;
    uint64_t upper, lower = 0xFF000000FF000000ull;
    __builtin_memcpy(&upper, p, 8);
    if (ty != 0) __builtin_memcpy(&lower, q, 8);
    if ((upper & lower & 0xFF000000FF000000ull) != 0xFF000000FF000000ull) return 0;
    const K(f32x4u) near = K(opaque_pair)(p, tx, decode);
    *v = ty == 0 ? near : near * (1 - ty) + K(opaque_pair)(q, tx, decode) * ty;
    return 1;
}

static ptrdiff_t K(bilinear_linear)(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height,
                                    const double *points, ptrdiff_t count, const float *decode) {
    ptrdiff_t i = 0;
    for (; i < count; i++) {
        if (i + 8 < count) {
            // The texels of a point further on asked for now: warps read them in an order the
            // processor cannot foresee.
            const double ax = points[2 * (i + 8)] - 0.5, ay = (double)height - points[2 * (i + 8) + 1] - 0.5;
            if (ax >= 0 && ay >= 0 && ax < (double)width && ay + 1 < (double)height) {
                const uint8_t *ahead = pixels + ((ptrdiff_t)ay * width + (ptrdiff_t)ax) * 4;
                __builtin_prefetch(ahead);
                __builtin_prefetch(ahead + width * 4);
            }
        }
        const double fx = points[2 * i] - 0.5, fy = (double)height - points[2 * i + 1] - 0.5;
        const double x0 = __builtin_floor(fx), y0 = __builtin_floor(fy);
        float *o = out + 4 * i;
        if (!(x0 > -2 && y0 > -2 && x0 < (double)width && y0 < (double)height)) {  // NaN too
            o[0] = o[1] = o[2] = o[3] = 0;
            continue;
        }
        const float tx = (float)(fx - x0), ty = (float)(fy - y0);
        const ptrdiff_t c = (ptrdiff_t)x0, r = (ptrdiff_t)y0;
        // On a pixel's centre the weights are 1 and 0: the sum is that texel.
        if (tx == 0 && ty == 0 && K(linear_texel)(o, pixels, width, height, c, r, decode)) continue;
        if (K(bilinear_opaque)((K(f32x4u) *)o, pixels, width, height, fx, fy, decode)) continue;
        float a[4], b[4], d[4], e[4];
        if (!K(linear_texel)(a, pixels, width, height, c, r, decode) || !K(linear_texel)(b, pixels, width, height, c + 1, r, decode) ||
            !K(linear_texel)(d, pixels, width, height, c, r + 1, decode) ||
            !K(linear_texel)(e, pixels, width, height, c + 1, r + 1, decode))
            break;
        for (int k = 0; k < 4; k++) {
            const float near = a[k] * (1 - tx) + b[k] * tx, far = d[k] * (1 - tx) + e[k] * tx;
            o[k] = near * (1 - ty) + far * ty;
        }
    }
    return i;
}

/// Room on the stack for a row's texels: spans up to 1024 (16 KB), from the heap beyond.
enum { K(ROW_TEXELS) = 1024 };

/// The texels that `count` points on one row of pixel centres (the same y, a centre's, x
/// finite) read, decoded — columns `*lo`..<hi of the row, every one opaque — into `stack`
/// (room for K(ROW_TEXELS)) or, when longer, the heap (the caller frees what is not
/// `stack`); NULL when the points are not like that or lie sparsely over their texels.
static K(f32x4u) *K(row_texels)(const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points, ptrdiff_t count,
                                const float *decode, K(f32x4u) *stack, ptrdiff_t *lo) {
    if (count <= 0) return NULL;
    const double y = points[1], fy = (double)height - y - 0.5;
    if (!(fy >= 0 && fy < (double)height && fy == __builtin_floor(fy))) return NULL;
    double low = points[0], high = points[0];
    for (ptrdiff_t i = 0; i < count; i++) {
        const double x = points[2 * i];
        if (points[2 * i + 1] != y || !(x > -1e9 && x < 1e9)) return NULL;
        low = x < low ? x : low;
        high = x > high ? x : high;
    }
    // Not worth it when the points are sparse over their texels.
    const double first = __builtin_floor(low - 0.5), last = __builtin_floor(high - 0.5) + 1;
    const ptrdiff_t from = first > 0 ? (ptrdiff_t)first : 0, to = last < (double)(width - 1) ? (ptrdiff_t)last + 1 : width;
    if (to - from > 4 * count + 8) return NULL;
    const uint8_t *row = pixels + (ptrdiff_t)fy * width * 4;
    K(f32x4u) *texels = to - from <= K(ROW_TEXELS) ? stack : malloc(sizeof(K(f32x4u)) * (size_t)(to - from));
    if (!texels) return NULL;
    uint8_t opaque = 255;
    for (ptrdiff_t c = from; c < to; c++) {
        const uint8_t *p = row + 4 * c;
        texels[c - from] = (K(f32x4u)){decode[p[0]], decode[p[1]], decode[p[2]], 1};
        opaque &= p[3];
    }
    if (opaque != 255) {
        if (texels != stack) free(texels);
        return NULL;
    }
    *lo = from;
    return texels;
}

static ptrdiff_t K(bilinear_row_linear)(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height,
                                        const double *points, ptrdiff_t count, const float *decode) {
#pragma clang fp contract(off)
    K(f32x4u) stack[K(ROW_TEXELS)];
    ptrdiff_t lo = 0;
    K(f32x4u) *texels = K(row_texels)(pixels, width, height, points, count, decode, stack, &lo);
    if (!texels) return 0;
    for (ptrdiff_t i = 0; i < count; i++) {
        const double fx = points[2 * i] - 0.5, x0 = __builtin_floor(fx);
        K(f32x4u) *o = (K(f32x4u) *)(out + 4 * i);
        if (!(x0 > -2 && x0 < (double)width)) {
            *o = (K(f32x4u)){0};
            continue;
        }
        // As `bilinear_linear` weighs them, the lower pair's weight 0 dropping out.
        const float tx = (float)(fx - x0);
        const ptrdiff_t c = (ptrdiff_t)x0;
        const K(f32x4u) a = c >= 0 ? texels[c - lo] : (K(f32x4u)){0}, b = c + 1 < width ? texels[c + 1 - lo] : (K(f32x4u)){0};
        *o = a * (1 - tx) + b * tx;
    }
    if (texels != stack) free(texels);
    return count;
}

static ptrdiff_t K(bilinear_encode)(uint8_t *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points,
                                    ptrdiff_t count, float dim, const float *decode, const uint8_t *table) {
#pragma clang fp contract(off)
    const K(f32x4u) scale = {dim, dim, dim, 1};
    K(f32x4u) stack[K(ROW_TEXELS)];
    ptrdiff_t lo = 0, i = 0;
    K(f32x4u) *texels = K(row_texels)(pixels, width, height, points, count, decode, stack, &lo);
    if (texels) {
        // Along one row: the texels decoded once, both of a point's on the image.
        for (; i < count; i++) {
            const double fx = points[2 * i] - 0.5, x0 = __builtin_floor(fx);
            if (!(x0 >= 0 && x0 + 1 < (double)width)) break;
            const float tx = (float)(fx - x0);
            const ptrdiff_t c = (ptrdiff_t)x0;
            const K(f32x4u) v = (texels[c - lo] * (1 - tx) + texels[c + 1 - lo] * tx) * scale;
            K(store_opaque)(out + 4 * i, v, table);
        }
        if (texels != stack) free(texels);
        return i;
    }
    for (; i < count; i++) {
        K(f32x4u) v;
        if (!K(bilinear_opaque)(&v, pixels, width, height, points[2 * i] - 0.5, (double)height - points[2 * i + 1] - 0.5, decode)) break;
        v *= scale;
        K(store_opaque)(out + 4 * i, v, table);
    }
    return i;
}
