#ifndef CFLIPBOOK_KERNELS_H
#define CFLIPBOOK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

// FlipbookGraphics' compositing and sampling loops over premultiplied RGBA8 pixels (one
// uint32_t each, red in the low byte), its rasterizer's loops, and FlipbookMedia's PNG
// row filters. Every product is rounded as `scalePixel` does, (t + 128 + (t + 128) >> 8)
// >> 8 for t = x·f, and every interpolation as `lerpPixel` does, so the results equal the
// scalar Swift formulas bit for bit. On x86-64 each loop exists for the baseline (SSE2)
// and for AVX2 and the processor picks.

/// The best instruction set the kernels can use here: 0 the baseline, 1 AVX2 (x86-64).
int fb_kernels_best_level(void);

/// Makes the kernels called from this thread use `level` (at most the best; -1 goes back
/// to the best), so that a test can check each level without changing what any other
/// thread runs. The levels give identical results.
void fb_kernels_use_level_on_this_thread(int level);

/// dst = s·c/255 + dst·(255 − αs·c/255)/255 for `count` pixels, c the pixel's coverage byte.
void fb_source_over_solid(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count, uint32_t s);

/// dst = src·c/255 over dst for `count` pixels, src a row of premultiplied pixels.
void fb_source_over_row(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t count);

/// How many of the first `count` coverage bytes are 255, up to the first that is not.
ptrdiff_t fb_full_run(const uint8_t *coverage, ptrdiff_t count);

/// How many of the first `count` values equal the first (`==`), up to the first that does
/// not: 0 when `count` is 0.
ptrdiff_t fb_equal_run(const float *values, ptrdiff_t count);

/// How many of the first `count` colours (RGBA floats) have alpha 1, up to the first that
/// does not.
ptrdiff_t fb_opaque_run(const float *colors, ptrdiff_t count);

/// dst = dst·(255 − c)/255 for `count` pixels, c the pixel's coverage byte.
void fb_clear(uint32_t *dst, const uint8_t *coverage, ptrdiff_t count);

/// Destination in (`keeping` 255, `clearing` 0) or out (`keeping` 0, `clearing` 255) at
/// full coverage: each of the `count` pixels at `dst` whose coverage is 255 is kept when
/// its source pixel's alpha (`src[i · src_step]`) is `keeping`, cleared when it is
/// `clearing`, and otherwise has each channel looked up in `table` (256 rows by source
/// alpha, 256 columns by the channel), no colour channel above alpha. Uncovered pixels stay.
/// Stops at the first pixel of partial coverage and returns its index (`count` at the end).
ptrdiff_t fb_scale_by_alpha(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step, ptrdiff_t count,
                            const uint8_t *table, uint32_t keeping, uint32_t clearing);

/// The separable blend modes `fb_blend_separable` takes, numbered as CGBlendMode numbers them.
enum {
    fb_blend_multiply = 1, fb_blend_screen, fb_blend_overlay, fb_blend_darken, fb_blend_lighten, fb_blend_color_dodge,
    fb_blend_color_burn, fb_blend_soft_light, fb_blend_hard_light, fb_blend_difference, fb_blend_exclusion
};

/// `d + (B(s, d) − d)·coverage` for each of the `count` pixels at `dst` with coverage, in
/// float, for a separable blend `mode` (W3C: `cs·(1−αb) + cb·(1−αs) + αs·αb·B(cb, cs)`),
/// the source pixel of `dst[i]` at `src[i · src_step]`. The bits Flipbook's Swift formula
/// gives; pixels whose source is transparent, which the formula gives back as they were
/// (to within float rounding far below a 255th), are passed over.
void fb_blend_separable(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step, ptrdiff_t count,
                        int mode);

/// Source in (`out` 0) or out (`out` 1) at full coverage: each of the `count` pixels at
/// `dst` whose coverage is 255 becomes its source pixel (`src[i · src_step]`) times the
/// destination's alpha a (or 1 − a), worked out as FlipbookGraphics' float formula
/// d + (B(s, d) − d) · 1 packs it, once for each run of one source over one destination
/// alpha. Uncovered pixels stay. Stops at the first pixel of partial coverage and returns
/// its index (`count` at the end).
ptrdiff_t fb_source_by_destination_alpha(uint32_t *dst, const uint8_t *coverage, const uint32_t *src, ptrdiff_t src_step,
                                         ptrdiff_t count, int out);

/// row[i] = row[i]·other[i]/255 for `count` coverage bytes, rounded as every product is.
void fb_multiply_coverage(uint8_t *row, const uint8_t *other, ptrdiff_t count);

/// Bilinear samples of an image `width` pixels wide for `count` pixels: pixel i samples at
/// (u + i·du, v + i·dv), positions in image pixels with 20 fractional bits, and weighs
/// the four pixels from (u >> 20, v >> 20) by the next 8 bits of each, as `lerpPixel` does.
/// Every sample's four pixels must lie in the image, and its offsets below 2³².
void fb_bilinear_row(uint32_t *dst, const uint32_t *pixels, ptrdiff_t width,
                     int64_t u, int64_t v, int64_t du, int64_t dv, ptrdiff_t count);

/// dst[i] = table[(index + i·step) >> 32] for `count` pixels, indices in 32.32 fixed point
/// (a gradient's table of `entries` looked up along a row), clamped to the table's ends.
void fb_table_row(uint32_t *dst, const uint32_t *table, ptrdiff_t entries, int64_t index, int64_t step, ptrdiff_t count);

/// A two-circle radial gradient seen along a row of device pixels (FlipbookGraphics'
/// `RadialGradientShader`): the user-space point of column 0's centre is (origin_x,
/// origin_y) and each column moves it by (step_x, step_y); the start circle is centred at
/// (start_x, start_y) with radius r0, and the end circle's centre lies (delta_x, delta_y)
/// from it with a radius dr larger; a = delta_x² + delta_y² − dr². `before` and `after`
/// (0 or 1) extend the paint beyond the circles.
typedef struct fb_radial {
    double origin_x, origin_y, step_x, step_y, start_x, start_y, delta_x, delta_y, r0, dr, a;
    int64_t before, after;
} fb_radial;

/// The gradient at the centres of `count` pixels from column `x`: each pixel's t is the
/// largest root of |p − start − t·delta| = r0 + t·dr whose radius is not negative and which
/// lies in 0…1 or where the options extend (as the PDF's radial shading paints its circles
/// in order of t; one root, c / 2b, when |a| < 10⁻⁹). Where a t paints, `dst` gets the
/// 1024-entry `table`'s colour at t (clamped to 0…1 in single precision, times 1023, plus
/// ½, truncated), and elsewhere `dst` and `coverage` get 0.
void fb_radial_row(uint32_t *dst, uint8_t *coverage, const fb_radial *gradient, const uint32_t *table, ptrdiff_t x,
                   ptrdiff_t count);

/// PNG's five filters (None, Sub, Up, Average, Paeth) of a row of `count` bytes, `bpp`
/// bytes a pixel, under the unfiltered row `above` (zeros for the first row):
/// `candidates` receives the five filtered rows one after another (5·count bytes), and
/// `scores[k]` the sum of filter k's bytes' magnitudes read as signed bytes.
void fb_png_filter_row(const uint8_t *row, const uint8_t *above, ptrdiff_t count, ptrdiff_t bpp, uint8_t *candidates,
                       uint64_t *scores);

/// A line segment in device space, the coverage rasterizer's input.
typedef struct fb_edge {
    float x0, y0, x1, y1;
} fb_edge;

/// The coverage rasterizer marks rows in chunks of four cells; the row pass sums a marked
/// chunk together with the next one, as one 8-lane vector.
enum { fb_chunk_shift = 2, fb_chunk_size = 1 << fb_chunk_shift };

/// The coverage rasterizer's working memory for one region of device pixels (x0..<x1,
/// y0..<y1). Per row: `stride` cells of accumulated area (the region's width plus two, and
/// a chunk more, rounded up to whole pairs of chunks: every marked chunk has a next one);
/// `mark_stride` bytes (a multiple of 8) marking with 1 the chunks that edges touched; and a
/// summary word whose bit k is set when mark words
/// k << summary_shift ..< (k + 1) << summary_shift may hold marks. All start zeroed, and
/// the row pass zeroes what it reads.
typedef struct fb_coverage_grid {
    float *cells;
    uint8_t *marks;
    uint64_t *summary;
    ptrdiff_t stride, mark_stride;
    int32_t summary_shift;
    int32_t x0, y0, x1, y1;
} fb_coverage_grid;

/// Accumulates the signed area of each edge (implicitly forming closed outlines) into the
/// grid's cells and marks the chunks it touches. Edges outside the region's rows are
/// skipped; parts outside its columns become vertical lines on its border. Coordinates must
/// lie within ±2²¹ and rows within the grid.
void fb_accumulate_edges(const fb_coverage_grid *grid, const fb_edge *edges, ptrdiff_t count);

/// Fill rules for `fb_sweep_row`, `fb_fill_aliased` or-ed in for 0-or-255 coverage.
enum { fb_fill_nonzero = 0, fb_fill_even_odd = 1, fb_fill_aliased = 2 };

/// Sums row `row` (from the region's top) into coverage bytes, `coverage[i]` for column
/// x0 + i, and writes the runs of columns to paint as (start, end) pairs to `runs`: at
/// most (stride / fb_chunk_size + 1) pairs, coverage written for every column in them.
/// `coverage` must hold `stride` bytes: a pair of chunks stores eight at once, possibly
/// past its run's end. Returns the number of runs. Zeroes the row's cells and marks.
ptrdiff_t fb_sweep_row(const fb_coverage_grid *grid, ptrdiff_t row, int rule, uint8_t *coverage, int32_t *runs);

/// Sums rows row_begin..<row_end as `fb_sweep_row` does and composites `color` (premultiplied)
/// over them, as `fb_source_over_solid` would with each row's coverage: `dst` is the pixel
/// of the region's top-left corner, rows `dst_stride` pixels apart.
void fb_fill_solid(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                   ptrdiff_t dst_stride, uint32_t color);

/// `fb_fill_solid` with a gradient's colours: the pixel in device column x of grid row r
/// takes `table[(row_index[r] + x·step) >> 32]`, clamped to the table's `entries`
/// (`fb_table_row`'s colours), composited over it as `fb_source_over_row` would. Every
/// `row_index[r] + x·step` of the grid's columns must fit in 64 bits.
void fb_fill_table(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                   ptrdiff_t dst_stride, const uint32_t *table, ptrdiff_t entries, const int64_t *row_index,
                   int64_t step);

/// One band of a separable blur of RGBA floats: `rows` rows of `columns` pixels at `dst`
/// (rows `dst_stride` floats apart) from the `src_columns` × `src_rows` pixels at `src`
/// (rows `src_stride` floats apart), dst pixel (x, y) centred on src pixel (x + dx, y + dy).
/// Along rows, then down columns, each output is Σₖ weights[k] · in[centre + k − taps/2],
/// taps in that order, pixels off the source clear. Streams the pass along rows through a
/// small ring, so bands can run on their own threads.
void fb_separable_band(float *dst, ptrdiff_t dst_stride, ptrdiff_t columns, ptrdiff_t rows, const float *src,
                       ptrdiff_t src_stride, ptrdiff_t src_columns, ptrdiff_t src_rows, ptrdiff_t dx, ptrdiff_t dy,
                       const float *weights, ptrdiff_t taps);

/// A recursive Gaussian (FlipbookFilters' `RecursiveGaussian`): two second-order sections k,
/// each with a causal pass y[i] = n0·x[i] + n1·x[i−1] − d1·y[i−1] − d2·y[i−2] and an
/// anticausal one z[i] = m1·x[i+1] + m2·x[i+2] − d1·z[i+1] − d2·z[i+2]; the output is the
/// sum of all four.
typedef struct fb_gaussian {
    float n0[2], n1[2], m1[2], m2[2], d1[2], d2[2];
} fb_gaussian;

/// `rows` rows of RGBA float pixels at `src` (`src_columns` pixels, rows `src_stride` floats
/// apart) blurred along each row by `gaussian`, source columns dx..<dx + columns written to
/// the rows at `dst` (`dst_stride` floats apart); pixels off the source are clear.
void fb_gaussian_rows(float *dst, ptrdiff_t dst_stride, const float *src, ptrdiff_t src_stride, ptrdiff_t src_columns,
                      ptrdiff_t dx, ptrdiff_t columns, ptrdiff_t rows, const fb_gaussian *gaussian);

/// The first `count` floats of the `src_rows` rows at `src` (`src_stride` floats apart)
/// blurred down each column by `gaussian`, source rows dy..<dy + rows written to the rows at
/// `dst` (`dst_stride` floats apart); rows off the source are clear. Each float is
/// computed on its own, so columns can be split between threads.
void fb_gaussian_columns(float *dst, ptrdiff_t dst_stride, ptrdiff_t rows, const float *src, ptrdiff_t src_stride,
                         ptrdiff_t src_rows, ptrdiff_t dy, ptrdiff_t count, const fb_gaussian *gaussian);

/// Writes the leading opaque pixels (alpha · 255 ≥ 254.5: stored as 255) of the `count`
/// premultiplied linear RGBA floats at `src` as 8-bit RGBA to `dst`, alpha 255 and each
/// colour channel, clamped to 0…1 (NaN as 0), `table[(int)(v · 65535 + 0.5)]`; stops at
/// the first pixel that is not opaque and returns how many it wrote.
ptrdiff_t fb_encode_opaque(uint8_t *dst, const float *src, ptrdiff_t count, const uint8_t *table);

/// Writes the leading translucent pixels (those `fb_encode_opaque` stops at) of the `count`
/// at `src` as `dst`'s 8-bit premultiplied sRGB: alpha a = round(alpha · 255) (clear when 0
/// or NaN), each channel unpremultiplied by a / 255, clamped to 0…1 (NaN as 0), encoded
/// by `curve` (the encoding at steps of 1/4096, interpolated linearly) and times a,
/// rounded, at most a. Stops at the first opaque pixel and at the first whose channel
/// lands within 0.02 of halfway between two codes (the curve is not that exact: the
/// caller's to encode by the formula), and returns how many it wrote.
ptrdiff_t fb_encode_translucent(uint8_t *dst, const float *src, ptrdiff_t count, const float *curve);

/// Bilinear samples, as premultiplied linear RGBA floats, of a `width` × `height` image of
/// premultiplied 8-bit sRGB (top row first) at `count` points (x, y pairs, y up from the
/// image's bottom edge): the four texels about each point weighed by its fractions, opaque
/// ones through `decode` (256 linear values), texels off the image clear, a point more
/// than a pixel off the image clear. Stops at the first point that needs a texel neither
/// clear nor opaque and returns how many it wrote.
ptrdiff_t fb_bilinear_linear(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points,
                             ptrdiff_t count, const float *decode);

/// `fb_bilinear_linear` for `count` points that all lie on one row of pixel centres (the
/// same y, a centre's) and read only opaque texels: that row's texels decoded once, each
/// point the two about it weighed by its fraction — the same floats. Returns `count`, or 0
/// (writing nothing) when the points are not like that or lie sparsely over their texels.
ptrdiff_t fb_bilinear_row_linear(float *out, const uint8_t *pixels, ptrdiff_t width, ptrdiff_t height, const double *points,
                                 ptrdiff_t count, const float *decode);

/// A picture of `width` × `height` premultiplied 8-bit sRGB pixels, top row first, covering
/// (0, 0)–(width, height) with y up.
typedef struct fb_picture {
    const uint8_t *pixels;
    ptrdiff_t width, height;
} fb_picture;

/// `fb_bilinear_linear` and `fb_encode_opaque` in one, the colours times `dim` between
/// them: for each of the `count` points whose weighed texels all lie on the image and are
/// opaque, the sample's colour times `dim`, encoded through `table`, alpha 255, 4 bytes at
/// `out` — the bytes of sampling, scaling and encoding one after the other. Stops at the
/// first other point and returns how many it wrote.
ptrdiff_t fb_bilinear_encode(uint8_t *out, fb_picture picture, const double *points, ptrdiff_t count, float dim, const float *decode,
                             const uint8_t *table);

/// `CIModTransition`'s holes along a row (FlipbookFilters' `ModPattern`): pixel i's squeeze
/// variable is v = start + i · step, its squeezed x is middle + spread · v / (knee + |v|),
/// its lattice point (row_a + x · along_a, row_b + x · along_b), and what shows of the
/// target there 17.5 − d · sharpness clamped to 0…1, d the point's distance to the nearest
/// whole point. Lattice values must stay below 2²² in size.
typedef struct fb_mod_holes {
    float start, step, middle, spread, knee, row_a, row_b, along_a, along_b, sharpness;
} fb_mod_holes;

/// `fb_mod_holes`' coverage of `count` pixels into `out`.
void fb_mod_holes_row(float *out, const fb_mod_holes *holes, ptrdiff_t count);

/// `CIRippleTransition`'s swell (FlipbookFilters' `RippleWave`): its centre, its crest's
/// distance from it and a quarter of its width, how far the slope pushes the picture, the
/// squared distances of its inner end, crest and outer end (−1 for those not past the
/// centre), the box bent points are kept in, and the shading image's centre and half size.
typedef struct fb_ripple {
    double center_x, center_y, crest, quarter, scale;
    double near2, crest2, far2;
    double low_x, low_y, high_x, high_y;
    double middle_x, middle_y, half_x, half_y;
} fb_ripple;

/// The swell at `count` points (x, y pairs): each point's place (0 flat ground outside the
/// crest, 1 flat ground inside it, 2 and 3 the swell outside and inside), the point the
/// picture is read at (the point itself on flat ground, else moved `scale` × the slope
/// outwards and kept in the box) and, unless `shades` is NULL, the point the shading image
/// is read at (its centre moved by the slope times its half size outwards).
void fb_ripple_bend(const fb_ripple *wave, const double *points, ptrdiff_t count, float *places, double *bent, double *shades);

/// The swell's slope at distance `r` from its centre, −1…1: positive inside the crest, 0
/// beyond the swell.
double fb_ripple_slope(const fb_ripple *wave, double r);

/// The ripple without a shading image as 8-bit bytes at `out`, over `outside` outside the
/// crest and `inside` inside it, at the centres of the `count` pixels of the row
/// from column `column` whose bottom edge is at `row`: each pixel placed as
/// `fb_ripple_bend` places it, flat ground its picture's own pixel, the swell that picture
/// read at the bent point as `fb_bilinear_encode` reads it (dim 1) — the bytes of bending,
/// sampling and encoding one after the other. Stops at the first pixel that lies off its
/// picture or whose texels are not all on it and opaque, and returns how many it wrote
/// (none for pictures of 2³⁰ pixels or more).
ptrdiff_t fb_ripple_encode(uint8_t *out, const fb_ripple *wave, ptrdiff_t column, ptrdiff_t row, ptrdiff_t count, fb_picture outside,
                           fb_picture inside, const float *decode, const uint8_t *table);

/// `CIPageCurlTransition`'s page (FlipbookFilters' `PageCurl`): the direction it turns
/// towards, the cylinder's radius, where the page leaves the ground measured along the
/// direction (`fold`), the page's rectangle, and the shadow: its opacity (0 for none), its
/// width, and whether it is bounded across the turn, between `across_lower` and
/// `across_upper` measured along (`across_x`, `across_y`).
typedef struct fb_page_curl {
    double direction_x, direction_y, radius, fold;
    double page_min_x, page_min_y, page_max_x, page_max_y;
    double shadow_amount, shadow_width;
    int64_t shadow_bounded;
    double across_x, across_y, across_lower, across_upper;
} fb_page_curl;

/// What shows at `count` points (x, y pairs), seen from above: each point's kind — 1 where
/// the page lies flat with its front up at the point itself, 2 where its front shows on the
/// cylinder (read at `fronts`), neither where the target shows, plus 4 where the page's back
/// lies on top (read at `backs`, its slope along the direction in `slopes`, 0 flat to −1
/// upright) — and the opacity of the shadow on the target.
void fb_page_curl_look(const fb_page_curl *curl, const double *points, ptrdiff_t count, float *kinds, double *fronts,
                       double *backs, float *slopes, float *shadows);

/// Where the page lying turned over flat on top comes from at the centres of `count` pixels
/// of a row from `x` at height `y` — (x + i + ½, y), as `Samples` gives them — where it
/// lies there: the `backs` (x, y pairs) `fb_page_curl_look` gives at those points.
void fb_page_curl_turned(const fb_page_curl *curl, double x, double y, ptrdiff_t count, double *backs);

/// `CIFlashTransition`'s light (FlipbookFilters' `FlashBurst`): the burst's centre, its
/// rays' reach, where the light ends (`outer`) and where it is full whatever the angle
/// (`inner`), and `steps` + 1 ray lengths from −π to π, `scale` steps a radian.
typedef struct fb_flash_light {
    double origin_x, origin_y, radius, outer, inner, scale;
    const double *rays;
    int64_t steps;
} fb_flash_light;

/// The light, in single precision, at the centres of `count` pixels from (x, y) rightwards,
/// (x + i + ½, y), into `out`: 0 from `outer` on, 1 up to `inner`, between those
/// (ray − d) / (0.35 · ray + 1) clamped to 0…1 for the ray at the pixel's angle, read
/// linearly between steps.
void fb_flash_light_row(float *out, const fb_flash_light *light, double x, double y, ptrdiff_t count);

/// The flash's picture before its fade (FlipbookFilters' `FlashRows`): `decode` gives each
/// sRGB code's linear value, `encode` the code of linear v at `(int)(v · 65535 + 0.5)`,
/// `flash` the colour's linear red, green and blue, `full` full light's RGBA8 pixel.
typedef struct fb_flash_lit {
    const float *decode;
    const uint8_t *encode;
    float flash[3];
    uint32_t full;
} fb_flash_lit;

/// `count` pixels of the source `a` (RGBA8) lit by `lights` into `out`, as FlashBurst.pixel
/// works them out in linear light and `LinearLight` encodes them: no light copies the
/// pixel, full light writes `full`, between those an opaque pixel is mixed towards the
/// colour exposed by 12 × the light (each channel clipped at 1) by min(1, 12 × the light).
/// Stops at the first translucent pixel with light between 0 and 1 and returns how many
/// it wrote. Products and sums stay separate on every processor.
ptrdiff_t fb_flash_lit_row(uint8_t *out, const uint8_t *a, const float *lights, ptrdiff_t count, const fb_flash_lit *lit);

/// Sets `count` pixels from `dst` to `value`, fastest for a large block.
void fb_fill_pixels(uint32_t *dst, ptrdiff_t count, uint32_t value);

/// Asks the processor to bring `bytes` bytes from `p` into the cache, for writing.
void fb_prefetch(const void *p, ptrdiff_t bytes);

/// Tells the processor the caller is spinning on a flag (x86 `pause`, Arm `yield`).
void fb_spin_pause(void);

#endif
