#ifndef CFLIPBOOK_KERNELS_H
#define CFLIPBOOK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// FlipbookGraphics' compositing and sampling loops over premultiplied RGBA8 pixels (one
// uint32_t each, red in the low byte). Every product is rounded as `scalePixel` does,
// (t + 128 + (t + 128) >> 8) >> 8 for t = x·f, and every interpolation as `lerpPixel`
// does, so the results equal the scalar Swift formulas bit for bit. On x86-64 each loop
// exists for the baseline (SSE2) and for AVX2 and the processor picks.

/// The best instruction set the kernels can use here: 0 the baseline, 1 AVX2 (x86-64).
int fb_kernels_best_level(void);

/// Makes the kernels use `level` (at most the best), so that tests can check each one.
/// The levels give identical results.
void fb_kernels_set_level(int level);

/// dst = s·c/255 + dst·(255 − αs·c/255)/255 for `count` pixels, c the pixel's coverage byte.
void fb_source_over_solid(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count, uint32_t s);

/// dst = src·c/255 over dst for `count` pixels, src a row of premultiplied pixels.
void fb_source_over_row(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t count);

/// dst = dst·(255 − c)/255 for `count` pixels, c the pixel's coverage byte.
void fb_clear(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count);

/// Bilinear samples of an image `width` pixels wide for `count` pixels: pixel i samples at
/// (u + i·du, v + i·dv), positions in image pixels with 20 fractional bits, and weighs
/// the four pixels from (u >> 20, v >> 20) by the next 8 bits of each, as `lerpPixel` does.
/// Every sample's four pixels must lie in the image, and its offsets below 2³².
void fb_bilinear_row(uint32_t *dst, const uint32_t *pixels, ptrdiff_t width,
                     int64_t u, int64_t v, int64_t du, int64_t dv, ptrdiff_t count);

/// Asks the processor to bring `bytes` bytes from `p` into the cache, for writing.
void fb_prefetch(const void *p, ptrdiff_t bytes);

/// Tells the processor the caller is spinning on a flag (x86 `pause`, Arm `yield`).
void fb_spin_pause(void);

#endif
