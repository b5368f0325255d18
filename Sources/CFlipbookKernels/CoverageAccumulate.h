// The coverage rasterizer's first loop, accumulating edges into cells (the second, summing
// rows, is CoverageSweep.h). Included by kernels.c once per instruction set: K(name) gives
// each copy its own names, and K_ROUNDS says whether the set rounds floats to integers in
// one instruction. Every copy gives the same bits: each sum and product is rounded on its
// own (no fused multiply-add), and both ways of rounding give the exact floor and ceiling.
// See CoverageRasterizer.swift for the method.
#pragma clang fp contract(off)

/// The largest integer at or below `value`, for |value| < 2²² (every coordinate of a
/// region is). Without a rounding instruction, adding 1.5·2²³ leaves the nearest integer in
/// the low mantissa bits: no range checks and no library call.
static inline __attribute__((always_inline)) int32_t K(floor_int)(float value) {
#if K_ROUNDS
    return (int32_t)__builtin_floorf(value);
#else
    const float t = value + 12582912.0f;
    int32_t i;
    __builtin_memcpy(&i, &t, 4);
    i -= 0x4B400000;
    return (float)i > value ? i - 1 : i;
#endif
}

/// The smallest integer at or above `value` (|value| < 2²²).
static inline __attribute__((always_inline)) int32_t K(ceiling_int)(float value) {
#if K_ROUNDS
    return (int32_t)__builtin_ceilf(value);
#else
    return -K(floor_int)(-value);
#endif
}

static inline __attribute__((always_inline)) float K(min_f)(float a, float b) { return b < a ? b : a; }
static inline __attribute__((always_inline)) float K(max_f)(float a, float b) { return b > a ? b : a; }

/// One line's walk down the rows it crosses: the cells and marks of its current row.
typedef struct K(line_walk) {
    float *line;           // the row's cells, indexed by device column
    uint8_t *marks;        // the row's chunk marks
    uint64_t *summary;     // the row's summary word
    // Copies of the grid's, kept here because the compiler must assume the cell stores may
    // change the grid: read through it, they would be loaded again for every row.
    int32_t x0;            // the region's left column
    int chunk_to_bit;      // a chunk's summary bit is its index shifted right this far
} K(line_walk);

/// The summary bits of chunks first...last.
static inline __attribute__((always_inline)) uint64_t K(summary_bits)(int32_t first, int32_t last, int chunk_to_bit) {
    return ((uint64_t)2 << (last >> chunk_to_bit)) - ((uint64_t)1 << (first >> chunk_to_bit));
}

static inline __attribute__((always_inline)) void K(next_row)(K(line_walk) *walk, const fb_coverage_grid *grid) {
    walk->line += grid->stride;
    walk->marks += grid->mark_stride;
    walk->summary++;
}

/// Adds the area a line crossing the row from x `xt` (top) to `xb` (bottom) carries, `d` its
/// signed height in the row, to the row's cells, and marks the chunks it touched.
static inline __attribute__((always_inline)) void K(cross_row)(K(line_walk) *walk, float d, float xt, float xb) {
    float *line = walk->line;
    const float xl = xt < xb ? xt : xb, xr = xt < xb ? xb : xt;
    const int32_t xli = K(floor_int)(xl);
    int32_t xri = K(ceiling_int)(xr);
    if (xri < xli + 1) xri = xli + 1;
    const float xl_floor = (float)xli;
    if (xri == xli + 1) {
        const float xm = 0.5f * (xt + xb) - xl_floor;
        line[xli] += d - d * xm;
        line[xli + 1] += d * xm;
    } else {
        const float s = 1 / (xr - xl);
        const float xlf = xl - xl_floor;
        const float a0 = 0.5f * s * (1 - xlf) * (1 - xlf);
        const float xrf = xr - (float)xri + 1;
        const float am = 0.5f * s * xrf * xrf;
        line[xli] += d * a0;
        if (xri == xli + 2) {
            line[xli + 1] += d * (1 - a0 - am);
        } else {
            const float a1 = s * (1.5f - xlf);
            line[xli + 1] += d * (a1 - a0);
            for (int32_t xi = xli + 2; xi < xri - 1; xi++) line[xi] += d * s;
            const float a2 = a1 + (float)(xri - xli - 3) * s;
            line[xri - 1] += d * (1 - a2 - am);
        }
        line[xri] += d * am;
    }
    const int32_t first = (xli - walk->x0) >> fb_chunk_shift, last = (xri - walk->x0) >> fb_chunk_shift;
    walk->marks[first] = 1;
    walk->marks[last] = 1;
    for (int32_t k = first + 1; k < last; k++) walk->marks[k] = 1;
    *walk->summary |= K(summary_bits)(first, last, walk->chunk_to_bit);
}

/// Accumulates one line lying within the region's columns. Each row's crossing comes from
/// the line's own endpoints, never from the rows above it: the rows a region holds get the
/// same values whatever rows it starts at.
/// The region's borders as floats, converted once for all the edges.
typedef struct K(borders) {
    float left, top, right, bottom;
} K(borders);

static inline __attribute__((always_inline)) K(borders) K(borders_of)(const fb_coverage_grid *grid) {
    return (K(borders)){(float)grid->x0, (float)grid->y0, (float)grid->x1, (float)grid->y1};
}

static inline __attribute__((always_inline)) void K(accumulate_line)(const fb_coverage_grid *grid, K(borders) borders,
                                                                     float ax, float ay, float bx, float by) {
    if (ay == by) return;
    const float direction = ay < by ? 1.0f : -1.0f;
    const float x0 = ay < by ? ax : bx, y0 = ay < by ? ay : by;
    const float x1 = ay < by ? bx : ax, y1 = ay < by ? by : ay;
    const float top = borders.top, bottom = borders.bottom;
    if (y1 <= top || y0 >= bottom) return;
    // A line too flat for its slope to be finite carries no area worth a bit.
    const float slope = (x1 - x0) / (y1 - y0), dxdy = __builtin_isfinite(slope) ? slope : 0.0f;
    const float left = borders.left, right = borders.right;
#define X_AT(y) K(min_f)(K(max_f)(x0 + ((y) - y0) * dxdy, left), right)
    const int32_t row_start = K(floor_int)(K(max_f)(y0, top)), row_end = K(ceiling_int)(K(min_f)(y1, bottom));
    if (row_start >= row_end) return;
    const int32_t last_row = row_end - 1;
    const float first_top = K(max_f)((float)row_start, y0), last_bottom = K(min_f)((float)row_end, y1);
    const float x_first = X_AT(first_top), x_last = X_AT(last_bottom);
    K(line_walk) walk = {
        grid->cells + (ptrdiff_t)(row_start - grid->y0) * grid->stride - grid->x0,
        grid->marks + (ptrdiff_t)(row_start - grid->y0) * grid->mark_stride,
        grid->summary + (row_start - grid->y0),
        grid->x0,
        3 + grid->summary_shift,
    };
    if (dxdy == 0) {
        // A vertical line (the sides of rectangles and strokes) splits each row's area
        // between the same two cells in the same shares: the general case's values. Rows
        // between the first and last are crossed whole, each adding the same two values.
        const float x = x_first;
        const int32_t xli = K(floor_int)(x);
        const float xm = 0.5f * (x + x) - (float)xli;
        const int32_t first = (xli - grid->x0) >> fb_chunk_shift, last = (xli + 1 - grid->x0) >> fb_chunk_shift;
        const uint64_t bits = K(summary_bits)(first, last, walk.chunk_to_bit);
        const float whole_left = direction - direction * xm, whole_right = direction * xm;
        for (int32_t row = row_start; row < row_end; row++) {
            if (row == row_start || row == last_row) {
                const float d = (K(min_f)((float)(row + 1), y1) - K(max_f)((float)row, y0)) * direction;
                walk.line[xli] += d - d * xm;
                walk.line[xli + 1] += d * xm;
            } else {
                walk.line[xli] += whole_left;
                walk.line[xli + 1] += whole_right;
            }
            walk.marks[first] = 1;
            walk.marks[last] = 1;
            *walk.summary |= bits;
            K(next_row)(&walk, grid);
        }
        return;
    }
    // The first row, from where the line enters it.
    const float first_bottom = row_start == last_row ? last_bottom : (float)(row_start + 1);
    const float x_first_bottom = row_start == last_row ? x_last : X_AT(first_bottom);
    const float first_dy = first_bottom - first_top;
    if (first_dy > 0) K(cross_row)(&walk, first_dy * direction, x_first, x_first_bottom);
    if (row_start == last_row) return;
    K(next_row)(&walk, grid);
    // Rows crossed whole: a height of one, the line's direction.
    float x_top = x_first_bottom;
    for (int32_t row = row_start + 1; row < last_row; row++) {
        const float x_bottom = X_AT((float)(row + 1));
        K(cross_row)(&walk, direction, x_top, x_bottom);
        x_top = x_bottom;
        K(next_row)(&walk, grid);
    }
    // The last row, to where the line leaves it.
    const float last_dy = last_bottom - (float)last_row;
    if (last_dy > 0) K(cross_row)(&walk, last_dy * direction, x_top, x_last);
#undef X_AT
}

/// Splits a line where it leaves the region's columns: parts outside are replaced by
/// vertical lines on the border, which carry the same winding to the pixels inside.
static __attribute__((noinline)) void K(accumulate_clipped)(const fb_coverage_grid *grid, K(borders) borders,
                                                             float x0, float y0, float x1, float y1) {
    const float left = borders.left, right = borders.right;
    // Parameters where the line crosses the borders, in order along the line.
    float ta = 2, tb = 2;
    if ((x0 < left) != (x1 < left)) ta = (left - x0) / (x1 - x0);
    if ((x0 < right) != (x1 < right)) tb = (right - x0) / (x1 - x0);
    if (ta > tb) {
        const float t = ta;
        ta = tb;
        tb = t;
    }
    const float ends[3] = {ta, tb, 1};
    float t0 = 0;
    for (int k = 0; k < 3; k++) {
        const float t1 = ends[k];
        if (!(t1 <= 1 && t1 > t0)) continue;
        const float ya = y0 + (y1 - y0) * t0, yb = y0 + (y1 - y0) * t1;
        const float mid = x0 + (x1 - x0) * (t0 + t1) / 2;
        if (mid <= left) {
            K(accumulate_line)(grid, borders, left, ya, left, yb);
        } else if (mid >= right) {
            K(accumulate_line)(grid, borders, right, ya, right, yb);
        } else {
            K(accumulate_line)(grid, borders, K(min_f)(K(max_f)(x0 + (x1 - x0) * t0, left), right), ya,
                               K(min_f)(K(max_f)(x0 + (x1 - x0) * t1, left), right), yb);
        }
        t0 = t1;
    }
}

static void K(accumulate_edges)(const fb_coverage_grid *grid, const fb_edge *edges, ptrdiff_t count) {
    const K(borders) borders = K(borders_of)(grid);
    const float left = borders.left, right = borders.right;
    for (ptrdiff_t i = 0; i < count; i++) {
        const float x0 = edges[i].x0, y0 = edges[i].y0, x1 = edges[i].x1, y1 = edges[i].y1;
        if (y0 == y1 || !__builtin_isfinite(x0) || !__builtin_isfinite(y0) || !__builtin_isfinite(x1) ||
            !__builtin_isfinite(y1)) continue;
        if (x0 >= left && x1 >= left && x0 <= right && x1 <= right) {
            K(accumulate_line)(grid, borders, x0, y0, x1, y1);
        } else {
            K(accumulate_clipped)(grid, borders, x0, y0, x1, y1);
        }
    }
}
