// The coverage rasterizer's first loop: accumulating edges into cells (the second, summing
// rows, is in CoverageSweep.h). See CoverageRasterizer.swift for the method.
#include "CFlipbookKernels.h"
#include <math.h>
#include <string.h>

// Every sum and product is rounded on its own, on every processor: a fused multiply-add
// would change bits between machines.
#pragma clang fp contract(off)

enum { chunk_shift = 2 };

/// `value` rounded to the nearest integer, for |value| < 2²²: adding 1.5·2²³ leaves the
/// integer in the low mantissa bits, with no range checks and no library call.
static inline int32_t nearest(float value) {
    float t = value + 12582912.0f;
    int32_t bits;
    memcpy(&bits, &t, 4);
    return bits - 0x4B400000;
}

static inline int32_t floor_int(float value) {
    int32_t i = nearest(value);
    return (float)i > value ? i - 1 : i;
}

static inline int32_t ceiling_int(float value) {
    int32_t i = nearest(value);
    return (float)i < value ? i + 1 : i;
}

static inline float min_f(float a, float b) { return b < a ? b : a; }
static inline float max_f(float a, float b) { return b > a ? b : a; }

/// Marks chunks first...last (columns from the region's left, shifted) of one row, and
/// their words in the row's summary.
static inline void mark(const fb_coverage_grid *grid, uint8_t *marks, uint64_t *summary, int32_t first, int32_t last) {
    marks[first] = 1;
    marks[last] = 1;
    for (int32_t k = first + 1; k < last; k++) marks[k] = 1;
    const int shift = 3 + grid->summary_shift;
    *summary |= ((uint64_t)2 << (last >> shift)) - ((uint64_t)1 << (first >> shift));
}

/// Accumulates one line lying within the region's columns.
static void accumulate_line(const fb_coverage_grid *grid, float ax, float ay, float bx, float by) {
    if (ay == by) return;
    const float direction = ay < by ? 1.0f : -1.0f;
    const float x0 = ay < by ? ax : bx, y0 = ay < by ? ay : by;
    const float x1 = ay < by ? bx : ax, y1 = ay < by ? by : ay;
    const float top = (float)grid->y0, bottom = (float)grid->y1;
    if (y1 <= top || y0 >= bottom) return;
    // A line too flat for its slope to be finite carries no area worth a bit.
    const float slope = (x1 - x0) / (y1 - y0), dxdy = isfinite(slope) ? slope : 0.0f;
    const float left = (float)grid->x0, right = (float)grid->x1;
#define X_AT(y) min_f(max_f(x0 + ((y) - y0) * dxdy, left), right)
    const int32_t row_start = floor_int(max_f(y0, top)), row_end = ceiling_int(min_f(y1, bottom));
    if (row_start >= row_end) return;
    float *line = grid->cells + (ptrdiff_t)(row_start - grid->y0) * grid->stride - grid->x0;
    uint8_t *marks = grid->marks + (ptrdiff_t)(row_start - grid->y0) * grid->mark_stride;
    uint64_t *summary = grid->summary + (row_start - grid->y0);
    if (dxdy == 0) {
        // A vertical line (the sides of rectangles and strokes) splits each row's area
        // between the same two cells in the same shares: the general case's values.
        const float x = X_AT(y0);
        const int32_t xli = floor_int(x);
        const float xm = 0.5f * (x + x) - (float)xli;
        const int32_t first = (xli - grid->x0) >> chunk_shift, last = (xli + 1 - grid->x0) >> chunk_shift;
        const int shift = 3 + grid->summary_shift;
        const uint64_t words = ((uint64_t)2 << (last >> shift)) - ((uint64_t)1 << (first >> shift));
        for (int32_t row = row_start; row < row_end; row++) {
            const float d = (min_f((float)(row + 1), y1) - max_f((float)row, y0)) * direction;
            line[xli] += d - d * xm;
            line[xli + 1] += d * xm;
            marks[first] = 1;
            marks[last] = 1;
            *summary++ |= words;
            line += grid->stride;
            marks += grid->mark_stride;
        }
        return;
    }
    // Each row starts where the one above ended.
    float row_top = max_f((float)row_start, y0), x_top = X_AT(row_top);
    for (int32_t row = row_start; row < row_end; row++, line += grid->stride, marks += grid->mark_stride, summary++) {
        const float row_bottom = min_f((float)(row + 1), y1), x_bottom = X_AT(row_bottom);
        const float dy = row_bottom - row_top;
        const float xt = x_top;
        row_top = row_bottom;
        x_top = x_bottom;
        if (dy <= 0) continue;
        const float d = dy * direction;
        const float xl = xt < x_bottom ? xt : x_bottom, xr = xt < x_bottom ? x_bottom : xt;
        const int32_t xli = floor_int(xl);
        int32_t xri = ceiling_int(xr);
        if (xri < xli + 1) xri = xli + 1;
        const float xl_floor = (float)xli;
        if (xri == xli + 1) {
            const float xm = 0.5f * (xt + x_bottom) - xl_floor;
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
        mark(grid, marks, summary, (xli - grid->x0) >> chunk_shift, (xri - grid->x0) >> chunk_shift);
    }
#undef X_AT
}

/// Splits a line where it leaves the region's columns: parts outside are replaced by
/// vertical lines on the border, which carry the same winding to the pixels inside.
static void accumulate_clipped(const fb_coverage_grid *grid, float x0, float y0, float x1, float y1) {
    if (y0 == y1 || !isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1)) return;
    const float left = (float)grid->x0, right = (float)grid->x1;
    if (x0 >= left && x1 >= left && x0 <= right && x1 <= right) return accumulate_line(grid, x0, y0, x1, y1);
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
            accumulate_line(grid, left, ya, left, yb);
        } else if (mid >= right) {
            accumulate_line(grid, right, ya, right, yb);
        } else {
            accumulate_line(grid, min_f(max_f(x0 + (x1 - x0) * t0, left), right), ya,
                            min_f(max_f(x0 + (x1 - x0) * t1, left), right), yb);
        }
        t0 = t1;
    }
}

void fb_accumulate_edges(const fb_coverage_grid *grid, const fb_edge *edges, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) accumulate_clipped(grid, edges[i].x0, edges[i].y0, edges[i].x1, edges[i].y1);
}
