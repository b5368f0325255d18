// The coverage rasterizer's row pass, included by kernels.c once per instruction set after
// PixelKernels.h (whose compositing it calls): K(name) gives each copy
// its own names. Every sum is rounded on its own (no fused multiply-add), so every copy
// gives the same bytes.
#pragma clang fp contract(off)

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the row pass reads eight chunk marks as one little-endian word"
#endif

typedef float K(f32x4) __attribute__((vector_size(16)));
typedef uint8_t K(u8x4) __attribute__((vector_size(4)));

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

/// Where the row pass sends a row: `touched` for the columns x..<end of one chunk (end is
/// x + 4 but in the last), their coverage in the lanes of `c`; `constant` for untouched
/// columns x..<end, all of coverage `c`. Both are called left to right, and together they
/// cover the row's columns 0..<width once each.
typedef void (*K(touched_fn))(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x4) c);
typedef void (*K(constant_fn))(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c);

/// Sums row `row` of `grid` into coverage, zeroing the cells, marks and summary it reads.
/// Only the marked chunks are summed, one vector of four prefix sums each; between them the running
/// sum, and so the coverage, is constant.
static inline __attribute__((always_inline)) void K(sweep)(const fb_coverage_grid *grid, ptrdiff_t row, int rule,
                                                           K(touched_fn) touched,
                                                           K(constant_fn) constant, void *context) {
    float *cells = grid->cells + row * grid->stride;
    uint8_t *marks = grid->marks + row * grid->mark_stride;
    const ptrdiff_t width = grid->x1 - grid->x0;
    K(f32x4) sum = {0, 0, 0, 0};  // the running sum, in every lane
    ptrdiff_t next = 0;           // the first column not yet sent
    // Copies of the grid's, read in the loops: through the grid, the stores to cells and
    // marks would make the compiler load them again and again.
    const int summary_shift = grid->summary_shift;
    const ptrdiff_t mark_stride = grid->mark_stride;
    // Each summary bit stands for a group of words of eight marks; w is a word's offset.
    uint64_t groups = grid->summary[row];
    grid->summary[row] = 0;
    while (groups != 0) {
        const ptrdiff_t start = ((ptrdiff_t)__builtin_ctzll(groups) << summary_shift) * 8;
        const ptrdiff_t end = start + ((ptrdiff_t)8 << summary_shift);
        groups &= groups - 1;
        for (ptrdiff_t w = start; w < end && w < mark_stride; w += 8) {
            uint64_t pending;
            __builtin_memcpy(&pending, marks + w, 8);
            if (pending == 0) continue;
            __builtin_memset(marks + w, 0, 8);
            while (pending != 0) {
                const int bit = __builtin_ctzll(pending);
                pending &= ~((uint64_t)0xFF << (bit & ~7));
                const ptrdiff_t x = (w + bit / 8) << fb_chunk_shift;
                K(f32x4) v;
                __builtin_memcpy(&v, cells + x, 16);
                __builtin_memset(cells + x, 0, 16);
                // Cells past the last pixel only carry area out of the row.
                if (x >= width) continue;
                if (x > next) constant(context, next, x, K(coverage_of)(sum[0], rule));
                // The chunk's prefix sums: two shifted adds and the carry, so the running
                // sum's add latency is paid once per four pixels.
                const K(f32x4) zero = {0, 0, 0, 0};
                v += __builtin_shufflevector(zero, v, 0, 4, 5, 6);
                v += __builtin_shufflevector(zero, v, 0, 1, 4, 5);
                v += sum;
                sum = __builtin_shufflevector(v, v, 3, 3, 3, 3);
                K(u32x4) c;
                if (rule == fb_fill_nonzero) {
                    // |sum| clamped to 1, compared as bit patterns (non-negative floats
                    // order as integers): coverage_of's bytes, four at once.
                    K(u32x4) bits = (K(u32x4))v & 0x7FFFFFFF;
                    const K(u32x4) over = (K(u32x4))(bits > 0x3F800000);
                    bits = (bits & ~over) | (0x3F800000 & over);
                    c = (K(u32x4))((K(f32x4))bits * 255 + 12582912.0f) & 0xFF;
                } else {
                    for (int k = 0; k < 4; k++) c[k] = K(coverage_of)(v[k], rule);
                }
                next = x + fb_chunk_size < width ? x + fb_chunk_size : width;
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

static inline __attribute__((always_inline)) void K(run_touched)(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x4) c) {
    (void)end;
    K(run_list) *list = context;
    const K(u8x4) bytes = __builtin_convertvector(c, K(u8x4));
    __builtin_memcpy(list->coverage + x, &bytes, 4);
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
    K(sweep)(grid, row, rule, K(run_touched), K(run_constant), &list);
    K(run_end)(&list, grid->x1 - grid->x0);
    return list.count;
}

/// `fb_fill_solid`'s state: the row's pixels, the colour, and the row after next (fills run
/// top to bottom), whose same columns are asked for while this row composites: rows lie a
/// stride apart, so the hardware prefetchers start afresh on each. The row itself stands in
/// for the row after next in a fill's last two rows.
typedef struct K(solid_row) {
    uint32_t *dst;
    uint32_t color;
    const uint32_t *ahead;
} K(solid_row);

static inline __attribute__((always_inline)) void K(solid_touched)(void *context, ptrdiff_t x, ptrdiff_t end, K(u32x4) c) {
    K(solid_row) *row = context;
    // A chunk is 16 bytes: its first line is the one to ask for.
    __builtin_prefetch(row->ahead + x, 1, 3);
    uint32_t *dst = row->dst + x;
    if (end - x < 4) {
        // The row's last chunk, cut short by its width.
        for (ptrdiff_t i = 0; i < end - x; i++) {
            if (c[i] != 0) dst[i] = K(over1)(K(covered1)(row->color, c[i]), dst[i]);
        }
        return;
    }
    K(source_over_covered4)(dst, c, row->color);
}

static inline __attribute__((always_inline)) void K(solid_constant)(void *context, ptrdiff_t x, ptrdiff_t end, uint8_t c) {
    K(solid_row) *row = context;
    if (c == 0) return;
    K(source_over_constant)(row->dst + x, end - x, K(covered1)(row->color, c), row->ahead + x);
}

static void K(fill_solid)(const fb_coverage_grid *grid, ptrdiff_t row_begin, ptrdiff_t row_end, int rule, uint32_t *dst,
                          ptrdiff_t dst_stride, uint32_t color) {
    // A copy of the grid's fields that no store can change, so the row loop keeps them in
    // registers instead of reading them again after every write to cells or marks.
    const fb_coverage_grid fields = *grid;
    grid = &fields;
    for (ptrdiff_t row = row_begin; row < row_end; row++) {
        K(solid_row) state = {dst + row * dst_stride, color, dst + (row + 2 < row_end ? row + 2 : row) * dst_stride};
        // The commonest rule as a constant, so its loop carries no test of the rule.
        if (rule == fb_fill_nonzero) {
            K(sweep)(grid, row, fb_fill_nonzero, K(solid_touched), K(solid_constant), &state);
        } else {
            K(sweep)(grid, row, rule, K(solid_touched), K(solid_constant), &state);
        }
    }
}
