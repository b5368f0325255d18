#pragma clang diagnostic ignored "-Wpsabi"  // the helpers passing 256-bit vectors are all inlined
#include "CFlipbookKernels.h"
#include <stdlib.h>

#define K(name) name##_baseline
#if defined(__aarch64__)
#define K_ROUNDS 1  // frintm and frintp
#else
#define K_ROUNDS 0
#endif
#include "PixelKernels.h"
#include "CoverageAccumulate.h"
#include "CoverageSweep.h"
#include "SeparableBlend.h"
#include "PNGFilter.h"
#include "WeightedSum.h"
#include "LinearLight.h"
#include "ModHoles.h"
#include "FlashLight.h"
#include "RippleBend.h"
#include "PageCurlLook.h"
#include "RadialGradient.h"
#include "RecursiveGaussian.h"
#undef K_ROUNDS
#undef K

#if defined(__x86_64__)
#include <immintrin.h>
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define K(name) name##_avx2
#define K_ROUNDS 1  // roundss, SSE4.1
#define K_GATHERS 1  // vpgatherqq, vpgatherdd
#include "PixelKernels.h"
#include "CoverageAccumulate.h"
#include "CoverageSweep.h"
#include "SeparableBlend.h"
#include "PNGFilter.h"
#include "WeightedSum.h"
#include "LinearLight.h"
#include "ModHoles.h"
#include "FlashLight.h"
#include "RippleBend.h"
#include "PageCurlLook.h"
#include "RadialGradient.h"
#include "RecursiveGaussian.h"
#undef K_GATHERS
#undef K_ROUNDS
#undef K
#pragma clang attribute pop

static int best_level(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

/// The best level, once the first call has asked the processor: -1 until then.
static int process_level = -1;

/// The level this thread's calls use when a test asks for one, else -1.
/// Initial-exec: the kernels are linked into the executable, so reading it is one load.
static __thread int thread_level __attribute__((tls_model("initial-exec"))) = -1;

static int use_avx2(void) {
    int current = thread_level;
    if (current < 0) {
        current = __atomic_load_n(&process_level, __ATOMIC_RELAXED);
        if (current < 0) {
            current = best_level();
            __atomic_store_n(&process_level, current, __ATOMIC_RELAXED);
        }
    }
    return current == 1;
}

int fb_kernels_best_level(void) { return best_level(); }

void fb_kernels_use_level_on_this_thread(int requested) {
    int best = best_level();
    thread_level = requested < 0 ? -1 : requested > best ? best : requested;
}

#define DISPATCH(name, ...) (use_avx2() ? name##_avx2(__VA_ARGS__) : name##_baseline(__VA_ARGS__))
#else
int fb_kernels_best_level(void) { return 0; }
void fb_kernels_use_level_on_this_thread(int requested) { (void)requested; }
#define DISPATCH(name, ...) name##_baseline(__VA_ARGS__)
#endif

void fb_source_over_solid(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count, uint32_t s) {
    DISPATCH(source_over_solid, dst, coverage, count, s);
}

void fb_source_over_row(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t count) {
    DISPATCH(source_over_row, dst, coverage, src, count);
}

ptrdiff_t fb_full_run(const uint8_t *coverage, ptrdiff_t count) { return full_run_baseline(coverage, count); }

ptrdiff_t fb_equal_run(const float *values, ptrdiff_t count) {
    if (count <= 0) return 0;
    typedef float f32x4u __attribute__((vector_size(16), aligned(4)));
    typedef int32_t i32x4 __attribute__((vector_size(16)));
    const float first = values[0];
    ptrdiff_t n = 1;
    // Eight at a time while all eight are equal to the first.
    for (; n + 8 <= count; n += 8) {
        const i32x4 equal = (*(const f32x4u *)(values + n) == first) & (*(const f32x4u *)(values + n + 4) == first);
        if ((equal[0] & equal[1] & equal[2] & equal[3]) == 0) break;
    }
    while (n < count && values[n] == first) n++;
    return n;
}

ptrdiff_t fb_opaque_run(const float *colors, ptrdiff_t count) {
    typedef float f32x4u __attribute__((vector_size(16), aligned(4)));
    typedef int32_t i32x4 __attribute__((vector_size(16)));
    ptrdiff_t n = 0;
    // Four colours at a time: their alphas gathered into one vector.
    for (; n + 4 <= count; n += 4) {
        const f32x4u a = *(const f32x4u *)(colors + 4 * n), b = *(const f32x4u *)(colors + 4 * n + 4);
        const f32x4u c = *(const f32x4u *)(colors + 4 * n + 8), d = *(const f32x4u *)(colors + 4 * n + 12);
        const i32x4 one = (__builtin_shufflevector(a, b, 3, 7, 3, 7) == 1.0f) & (__builtin_shufflevector(c, d, 3, 7, 3, 7) == 1.0f);
        if ((one[0] & one[1]) == 0) break;
    }
    while (n < count && colors[4 * n + 3] == 1.0f) n++;
    return n;
}

void fb_clear(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count) {
    DISPATCH(clear, dst, coverage, count);
}

void fb_blend_separable(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step, ptrdiff_t count,
                        int mode) {
    DISPATCH(blend_separable, dst, coverage, src, src_step, count, mode);
}

ptrdiff_t fb_scale_by_alpha(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step, ptrdiff_t count,
                            const uint8_t *table, uint32_t keeping, uint32_t clearing) {
    return DISPATCH(scale_by_alpha, dst, coverage, src, src_step, count, table, keeping, clearing);
}

ptrdiff_t fb_source_by_destination_alpha(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step,
                                         ptrdiff_t count, int out) {
    return DISPATCH(source_by_destination_alpha, dst, coverage, src, src_step, count, out);
}

void fb_multiply_coverage(uint8_t *row, const uint8_t *other, ptrdiff_t count) {
    DISPATCH(multiply_coverage, row, other, count);
}

void fb_bilinear_row(uint32_t *dst, const uint32_t *pixels, ptrdiff_t width,
                     int64_t u, int64_t v, int64_t du, int64_t dv, ptrdiff_t count) {
    DISPATCH(bilinear_row, dst, pixels, width, u, v, du, dv, count);
}

void fb_table_row(uint32_t *dst, const uint32_t *table, ptrdiff_t entries, int64_t index, int64_t step, ptrdiff_t count) {
    DISPATCH(table_row, dst, table, entries, index, step, count);
}

void fb_radial_row(uint32_t *dst, uint8_t *coverage, const fb_radial *gradient, const uint32_t *table, ptrdiff_t x,
                   ptrdiff_t count) {
    DISPATCH(radial_row, dst, coverage, gradient, table, x, count);
}

void fb_accumulate_edges(const fb_coverage_grid *grid, const fb_edge *edges, ptrdiff_t count) {
    DISPATCH(accumulate_edges, grid, edges, count);
}

ptrdiff_t fb_sweep_row(const fb_coverage_grid *grid, ptrdiff_t row, int rule, uint8_t *coverage, int32_t *runs) {
    return DISPATCH(sweep_row, grid, row, rule, coverage, runs);
}

void fb_fill_solid(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                   ptrdiff_t dst_stride, uint32_t color) {
    DISPATCH(fill_solid, grid, row_begin, row_end, rule, dst, dst_stride, color);
}

void fb_fill_table(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                   ptrdiff_t dst_stride, const uint32_t *table, ptrdiff_t entries, const int64_t *row_index,
                   int64_t step) {
    DISPATCH(fill_table, grid, row_begin, row_end, rule, dst, dst_stride, table, entries, row_index, step);
}

void fb_fill_pixels(uint32_t *dst, ptrdiff_t count, uint32_t value) {
#if defined(__x86_64__)
    // The string store: for a large block the processor writes whole lines without reading
    // them first, which plain stores cannot do.
    size_t n = (size_t)count;
    __asm__ volatile("rep stosl" : "+D"(dst), "+c"(n) : "a"(value) : "memory");
#else
    for (ptrdiff_t i = 0; i < count; i++) dst[i] = value;
#endif
}

void fb_png_filter_row(const uint8_t *row, const uint8_t *above, ptrdiff_t count, ptrdiff_t bpp, uint8_t *candidates,
                       uint64_t *scores) {
    DISPATCH(png_filter_row, row, above, count, bpp, candidates, scores);
}

void fb_separable_band(float *dst, ptrdiff_t dst_stride, ptrdiff_t columns, ptrdiff_t rows, const float *src,
                       ptrdiff_t src_stride, ptrdiff_t src_columns, ptrdiff_t src_rows, ptrdiff_t dx, ptrdiff_t dy,
                       const float *weights, ptrdiff_t taps) {
    DISPATCH(separable_band, dst, dst_stride, columns, rows, src, src_stride, src_columns, src_rows, dx, dy, weights, taps);
}

void fb_gaussian_rows(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride, ptrdiff_t src_columns,
                      ptrdiff_t dx, ptrdiff_t columns, ptrdiff_t rows, const fb_gaussian *gaussian) {
    DISPATCH(gaussian_rows, dst, dst_stride, src, src_stride, src_columns, dx, columns, rows, gaussian);
}

void fb_gaussian_columns(float *dst, ptrdiff_t dst_stride, ptrdiff_t rows, const float *src, ptrdiff_t src_stride,
                         ptrdiff_t src_rows, ptrdiff_t dy, ptrdiff_t count, const fb_gaussian *gaussian) {
    DISPATCH(gaussian_columns, dst, dst_stride, rows, src, src_stride, src_rows, dy, count, gaussian);
}

ptrdiff_t fb_encode_opaque(uint8_t *dst, const float *src, ptrdiff_t count, const uint8_t *table) {
    return DISPATCH(encode_opaque, dst, src, count, table);
}

ptrdiff_t fb_encode_translucent(uint8_t *dst, const float *src, ptrdiff_t count, const float *curve) {
    return DISPATCH(encode_translucent, dst, src, count, curve);
}

ptrdiff_t fb_bilinear_linear(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points,
                             ptrdiff_t count, const float *decode) {
    return DISPATCH(bilinear_linear, out, pixels, width, height, points, count, decode);
}

ptrdiff_t fb_bilinear_row_linear(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points,
                                 ptrdiff_t count, const float *decode) {
    return DISPATCH(bilinear_row_linear, out, pixels, width, height, points, count, decode);
}

ptrdiff_t fb_bilinear_encode(uint8_t *out, fb_picture picture, const double *points, ptrdiff_t count, float dim, const float *decode,
                             const uint8_t *table) {
    return DISPATCH(bilinear_encode, out, picture.pixels, picture.width, picture.height, points, count, dim, decode, table);
}

void fb_mod_holes_row(float *out, const fb_mod_holes *holes, ptrdiff_t count) {
    DISPATCH(mod_holes_row, out, holes, count);
}

void fb_ripple_bend(const fb_ripple *wave, const double *points, ptrdiff_t count, float *places, double *bent, double *shades) {
    DISPATCH(ripple_bend, wave, points, count, places, bent, shades);
}

ptrdiff_t fb_ripple_encode(uint8_t *out, const fb_ripple *wave, ptrdiff_t column, ptrdiff_t row, ptrdiff_t count, fb_picture outside,
                           fb_picture inside, const float *decode, const uint8_t *table) {
    return DISPATCH(ripple_encode, out, wave, column, row, count, outside, inside, decode, table);
}

double fb_ripple_slope(const fb_ripple *wave, double r) {
    return ripple_slope8_baseline(wave, (f32x8u_baseline){0} + (float)r)[0];
}

void fb_page_curl_look(const fb_page_curl *curl, const double *points, ptrdiff_t count, float *kinds, double *fronts,
                       double *backs, float *slopes, float *shadows) {
    DISPATCH(page_curl_look, curl, points, count, kinds, fronts, backs, slopes, shadows);
}

void fb_page_curl_turned(const fb_page_curl *curl, double x, double y, ptrdiff_t count, double *backs) {
    DISPATCH(page_curl_turned, curl, x, y, count, backs);
}

void fb_flash_light_row(float *out, const fb_flash_light *light, double x, double y, ptrdiff_t count) {
    DISPATCH(flash_light_row, out, light, x, y, count);
}

ptrdiff_t fb_flash_lit_row(uint8_t *out, const uint8_t *a, const float *lights, ptrdiff_t count, const fb_flash_lit *lit) {
#pragma clang fp contract(off)
    for (ptrdiff_t i = 0; i < count; i++) {
        const float light = lights[i];
        const uint8_t *p = a + 4 * i;
        uint8_t *o = out + 4 * i;
        if (light <= 0 || light >= 1) {
            // A run of no light or of full light: the source's pixels or full light's.
            ptrdiff_t end = i + 1;
            while (end < count && lights[end] == light) end++;
            if (light <= 0) {
                __builtin_memcpy(o, p, (size_t)(4 * (end - i)));
            } else {
                fb_fill_pixels((uint32_t *)o, end - i, lit->full);
            }
            i = end - 1;
        } else if (p[3] == 255) {
            const float s = 12.0f * light, k = s < 1 ? s : 1;
            for (int c = 0; c < 3; c++) {
                const float v = lit->decode[p[c]];
                float e = lit->flash[c] * s;
                e = e > 1 ? 1 : e;
                float mixed = k >= 1 ? e : v + (e - v) * k;
                mixed = mixed > 0 ? mixed : 0;
                mixed = mixed < 1 ? mixed : 1;
                o[c] = lit->encode[(int)(mixed * 65535.0f + 0.5f)];
            }
            o[3] = 255;
        } else {
            return i;
        }
    }
    return count;
}

void fb_prefetch(const void *p, ptrdiff_t bytes) {
    for (ptrdiff_t i = 0; i < bytes; i += 64) __builtin_prefetch((const char *)p + i, 1, 3);
}

void fb_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}
