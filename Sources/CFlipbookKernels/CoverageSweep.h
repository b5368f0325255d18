// The coverage rasterizer's row pass, included by kernels.c once per instruction set after
// PixelKernels.h (whose compositing it calls): K(name) gives each copy
// its own names. Every sum is rounded on its own (no fused multiply-add), so every copy
// gives the same bytes.
#pragma clang fp contract(off)

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the row pass reads eight chunk marks as one little-endian word"
#endif

typedef float K(f32x8) __attribute__((vector_size(32)));
typedef uint8_t K(u8x8) __attribute__((vector_size(8)));

/// The coverage byte of a winding sum under `rule`: `min(|w|, 1)` for non-zero, the distance
/// to the nearest even number for even-odd; rounded to 0…255, or to 0 or 255 when aliased.
static inline __attribute__((always_inline)) uint8_t K(coverage_of)(float sum, int rule) {
    float a = __builtin_fabsf(sum);
    if (rule & fb_fill_even_odd) {
        a -= 2 * __builtin_floorf(a * 0.5f);
        if (a > 1) a = 2 - a;
    } else if (a > 1) {
        a = 1;
    }
    if (rule & fb_fill_aliased) return a >= 0.5f ? 255 : 0;
    // Adding 1.5·2²³ leaves a·255 rounded to the nearest integer in the low mantissa bits.
    const float t = a * 255 + 12582912.0f;
    uint32_t bits;
    __builtin_memcpy(&bits, &t, 4);
    return (uint8_t)bits;
}

/// Where the row pass sends a row: `touched` for the columns x..<end of a marked chunk and
/// the chunk after it (end is x + 8 but at the row's end), their coverage in the lanes of
/// `c`; `constant` for the columns x..<end between and after them, all of coverage `c`.
/// Both are called left to right, and together they cover the row's columns from the
/// first touched chunk to the end once each; the columns before it have no coverage.
typedef void (*K(touched_fn))(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x8) c);
typedef void (*K(constant_fn))(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c);

/// One row of a grid as the row pass reads it: its cells, marks and summary word, and the
/// grid's sizes, copied out (read through the grid, every store to cells or marks would make
/// the compiler load them again).
typedef struct K(grid_row) {
    float *cells;
    uint8_t *marks;
    uint64_t *summary;
    ptrdiff_t width, mark_stride;
} K(grid_row);

static inline __attribute__((always_inline)) K(grid_row) K(grid_row_at)(const fb_coverage_grid *grid, ptrdiff_t row) {
    return (K(grid_row)){grid->cells + row * grid->stride, grid->marks + row * grid->mark_stride, grid->summary + row,
                         grid->x1 - grid->x0, grid->mark_stride};
}

/// Sums one row into coverage, zeroing the cells, marks and summary it reads. Only the
/// marked chunks are summed, each with the chunk after it as one vector of eight prefix sums
/// (an edge crossing a row often marks two chunks side by side); between them the running
/// sum, and so the coverage, is constant. `summary_shift` is the grid's, passed apart so that
/// a caller may pass it as a constant.
static inline __attribute__((always_inline)) void K(sweep)(K(grid_row) grid, int summary_shift, int rule,
                                                           K(touched_fn) touched,
                                                           K(constant_fn) constant, void *context) {
    float *cells = grid.cells;
    uint8_t *marks = grid.marks;
    const ptrdiff_t width = grid.width, mark_stride = grid.mark_stride;
    K(f32x8) sum = {0, 0, 0, 0, 0, 0, 0, 0};  // the running sum, in every lane
    // The first column not yet sent: none before the first touched chunk, whose columns
    // to the left have a sum of zero and so no coverage.
    ptrdiff_t next = PTRDIFF_MAX;
    // Each summary bit stands for a group of words of eight marks; w is a word's offset.
    uint64_t groups = *grid.summary;
    *grid.summary = 0;
    while (groups != 0) {
        const ptrdiff_t start = ((ptrdiff_t)__builtin_ctzll(groups) << summary_shift) * 8;
        const ptrdiff_t end = start + ((ptrdiff_t)8 << summary_shift);
        groups &= groups - 1;
        for (ptrdiff_t w = start; w < end && w < mark_stride; w += 8) {
            uint64_t word;
            __builtin_memcpy(&word, marks + w, 8);
            if (word == 0) continue;
            __builtin_memset(marks + w, 0, 8);
            // Each mark is 0 or 1, so the product's top byte holds mark i in bit i: the
            // products gathered there are distinct bits and the ones below cannot carry.
            unsigned pending = (unsigned)((word * 0x0102040810204080u) >> 56);
            while (pending != 0) {
                const int bit = __builtin_ctz(pending);
                const ptrdiff_t x = (w + bit) << fb_chunk_shift;
                // The chunk goes with the next one, whose mark may open the next word.
                pending &= ~(3u << bit);
                marks[w + bit + 1] = 0;
                K(f32x8) v;
                __builtin_memcpy(&v, cells + x, 32);
                __builtin_memset(cells + x, 0, 32);
                // Cells past the last pixel only carry area out of the row.
                if (x >= width) continue;
                if (x > next) constant(context, next, x, K(coverage_of)(sum[0], rule));
                // Each chunk's prefix sums: two shifted adds within it, then the running
                // sum carried into the first chunk and from its last lane into the second,
                // so every lane gets the sums in the order four-pixel chunks would.
                const K(f32x8) zero = {0, 0, 0, 0, 0, 0, 0, 0};
                v += __builtin_shufflevector(zero, v, 0, 8, 9, 10, 0, 12, 13, 14);
                v += __builtin_shufflevector(zero, v, 0, 1, 8, 9, 0, 1, 12, 13);
                const K(f32x8) first = v + sum;
                v = __builtin_shufflevector(first, v + __builtin_shufflevector(first, first, 3, 3, 3, 3, 3, 3, 3, 3),
                                            0, 1, 2, 3, 12, 13, 14, 15);
                sum = __builtin_shufflevector(v, v, 7, 7, 7, 7, 7, 7, 7, 7);
                K(u32x8) c;
                if (rule == fb_fill_nonzero) {
                    // |sum| clamped to 1, compared as bit patterns (non-negative floats
                    // order as integers): coverage_of's bytes, eight at once.
                    K(u32x8) bits = (K(u32x8))v & 0x7FFFFFFF;
                    const K(u32x8) over = (K(u32x8))(bits > 0x3F800000);
                    bits = (bits & ~over) | (0x3F800000 & over);
                    c = (K(u32x8))((K(f32x8))bits * 255 + 12582912.0f) & 0xFF;
                } else {
                    for (int k = 0; k < 8; k++) c[k] = K(coverage_of)(v[k], rule);
                }
                next = x + 2 * fb_chunk_size < width ? x + 2 * fb_chunk_size : width;
                touched(context, x, next, c);
            }
        }
    }
    if (width > next) constant(context, next, width, K(coverage_of)(sum[0], rule));
}

/// `fb_sweep_row`'s state: the runs written so far and the one being extended.
typedef struct K(run_list) {
    uint8_t *coverage;
    int32_t *runs;
    ptrdiff_t count, start;
} K(run_list);

static inline __attribute__((always_inline)) void K(run_end)(K(run_list) *list, ptrdiff_t end) {
    if (list->start >= 0 && end > list->start) {
        list->runs[2 * list->count] = (int32_t)list->start;
        list->runs[2 * list->count + 1] = (int32_t)end;
        list->count++;
    }
    list->start = -1;
}

static inline __attribute__((always_inline)) void K(run_touched)(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x8) c) {
    (void)end;
    K(run_list) *list = context;
    const K(u8x8) bytes = __builtin_convertvector(c, K(u8x8));
    __builtin_memcpy(list->coverage + x, &bytes, 8);
    if (list->start < 0) list->start = x;
}

static inline __attribute__((always_inline)) void K(run_constant)(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c) {
    K(run_list) *list = context;
    if (c == 0) return K(run_end)(list, x);
    __builtin_memset(list->coverage + x, c, (size_t)(end - x));
    if (list->start < 0) list->start = x;
}

static ptrdiff_t K(sweep_row)(const fb_coverage_grid *grid, ptrdiff_t row, int rule, uint8_t *coverage, int32_t *runs) {
    K(run_list) list = {coverage, runs, 0, -1};
    K(sweep)(K(grid_row_at)(grid, row), grid->summary_shift, rule, K(run_touched), K(run_constant), &list);
    K(run_end)(&list, grid->x1 - grid->x0);
    return list.count;
}

/// How many rows ahead of the one compositing a fill asks for the destination's lines.
/// Rows lie a stride apart, so the hardware prefetchers start afresh on each; four rows
/// give the lines time to arrive from the last-level cache (with two, layers-100's median
/// over ten alternated rounds was 3 % slower).
enum { K(rows_ahead) = 4 };

/// `fb_fill_solid`'s state: the row's pixels, the colour, and the row `rows_ahead` below
/// (fills run top to bottom), whose same columns are asked for while this row composites.
/// The row itself stands in for it in a fill's last rows.
typedef struct K(solid_row) {
    uint32_t *dst;
    uint32_t color;
    const uint32_t *ahead;
} K(solid_row);

static inline __attribute__((always_inline)) void K(solid_touched)(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x8) c) {
    K(solid_row) *row = context;
    // Eight pixels are 32 bytes, on one cache line or two: ask for both ends.
    __builtin_prefetch(row->ahead + x, 1, 3);
    __builtin_prefetch(row->ahead + x + 7, 1, 3);
    uint32_t *dst = row->dst + x;
    if (end - x < 8) {
        // The row's last pixels, cut short by its width (where the clip leaves no room to
        // widen the region: see CoverageRasterizer's solid fill).
        for (ptrdiff_t i = 0; i < end - x; i++) {
            if (c[i] != 0) dst[i] = K(over1)(K(covered1)(row->color, c[i]), dst[i]);
        }
        return;
    }
    K(source_over_covered8)(dst, c, row->color);
}

static inline __attribute__((always_inline)) void K(solid_constant)(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c) {
    K(solid_row) *row = context;
    if (c == 0) return;
    K(source_over_constant)(row->dst + x, end - x, K(covered1)(row->color, c), row->ahead + x);
}

static void K(fill_solid)(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                          ptrdiff_t dst_stride, uint32_t color) {
    K(grid_row) line = K(grid_row_at)(grid, row_begin);
    const ptrdiff_t stride = grid->stride;
    // The commonest cases as constants, so that the row loop tests neither the rule nor the
    // summary's shift: non-zero winding, and a summary bit for each word of marks (regions
    // up to 2048 pixels wide).
    const int shift = grid->summary_shift, common = rule == fb_fill_nonzero && shift == 0;
    dst += row_begin * dst_stride;
    for (ptrdiff_t row = row_begin; row < row_end; row++) {
        K(solid_row) state = {dst, color, row + K(rows_ahead) < row_end ? dst + K(rows_ahead) * dst_stride : dst};
        if (common) {
            K(sweep)(line, 0, fb_fill_nonzero, K(solid_touched), K(solid_constant), &state);
        } else {
            K(sweep)(line, shift, rule, K(solid_touched), K(solid_constant), &state);
        }
        line.cells += stride;
        line.marks += line.mark_stride;
        line.summary++;
        dst += dst_stride;
    }
}

/// `fb_fill_table`'s state: the row's pixels, the gradient table and its last index, and
/// the row's table index at its column 0 with its change per column (32.32 fixed point).
typedef struct K(table_fill_row) {
    uint32_t *dst;
    const uint32_t *table;
    int64_t top, index, step;
} K(table_fill_row);

/// One table colour at `index`, scaled by coverage `c` and composited over `*dst`:
/// `source_over_row`'s bits for one pixel.
static inline __attribute__((always_inline)) void K(table_over1)(const K(table_fill_row) *row, uint32_t *dst, int64_t index,
                                                                 uint32_t c) {
    const uint32_t p = K(covered1)(K(table_entry)(row->table, row->top, index), c);
    *dst = p >> 24 == 255 ? p : K(over1)(p, *dst);
}

/// Eight table colours scaled by the lanes of `c` over eight pixels: `source_over_row`'s
/// bits (a lane of coverage 0 leaves its pixel as it is: scaling by 255 is exact).
static inline __attribute__((always_inline)) void K(table_over8)(const K(table_fill_row) *row, uint32_t *dst, int64_t index,
                                                                 K(u32x8) c, int full) {
    K(u32x8) p = K(table_entries8)(row->table, row->top, index, row->step);
    if (!full) p = K(scale8)(p, c);
    K(u32x8) d;
    __builtin_memcpy(&d, dst, 32);
    d = p + K(scale8)(d, 255 - (p >> 24));
    __builtin_memcpy(dst, &d, 32);
}

static inline __attribute__((always_inline)) void K(table_touched)(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x8) c) {
    K(table_fill_row) *row = context;
    const int64_t index = row->index + row->step * x;
    if (end - x < 8) {
        // The row's last pixels, cut short by its width.
        for (ptrdiff_t i = 0; i < end - x; i++) {
            if (c[i] != 0) K(table_over1)(row, row->dst + x + i, index + row->step * i, c[i]);
        }
        return;
    }
    K(table_over8)(row, row->dst + x, index, c, 0);
}

static inline __attribute__((always_inline)) void K(table_constant)(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c) {
    if (c == 0) return;
    K(table_fill_row) *row = context;
    const K(u32x8) cover = c - (K(u32x8)){};
    ptrdiff_t i = x;
    for (; i + 8 <= end; i += 8) K(table_over8)(row, row->dst + i, row->index + row->step * i, cover, c == 255);
    for (; i < end; i++) K(table_over1)(row, row->dst + i, row->index + row->step * i, c);
}

static void K(fill_table)(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                          ptrdiff_t dst_stride, const uint32_t *table, ptrdiff_t entries, const int64_t *row_index,
                          int64_t step) {
    K(grid_row) line = K(grid_row_at)(grid, row_begin);
    const ptrdiff_t stride = grid->stride;
    dst += row_begin * dst_stride;
    for (ptrdiff_t row = row_begin; row < row_end; row++) {
        // Columns are counted from the grid's left edge: the device column x0.
        K(table_fill_row) state = {dst, table, entries - 1, row_index[row] + step * grid->x0, step};
        K(sweep)(line, grid->summary_shift, rule, K(table_touched), K(table_constant), &state);
        line.cells += stride;
        line.marks += line.mark_stride;
        line.summary++;
        dst += dst_stride;
    }
}
