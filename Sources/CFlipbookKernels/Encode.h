// Linear-light floats to 8-bit codes, written once and included by kernels.c once per
// instruction set: K(name) gives each copy its own names.

static ptrdiff_t K(encode_opaque)(uint8_t *dst, const float *src, ptrdiff_t count, const uint8_t *table) {
    ptrdiff_t i = 0;
    for (; i < count; i++) {
        const float *p = src + 4 * i;
        if (!(p[3] >= 1)) break;
        for (int c = 0; c < 3; c++) {
            float v = p[c] > 0 ? p[c] : 0;  // NaN becomes 0
            v = v < 1 ? v : 1;
            dst[4 * i + c] = table[(int)(v * 65535.0f + 0.5f)];
        }
        dst[4 * i + 3] = 255;
    }
    return i;
}
