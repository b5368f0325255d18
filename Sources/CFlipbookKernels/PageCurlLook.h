// CIPageCurlTransition's page (FlipbookFilters' PageCurl) at a batch of points, in double
// precision, one point at a time: one copy for every instruction set, with its own arc
// sine and powers from square roots, so every processor gives the same numbers.

/// asin v for 0 ≤ v ≤ 1, within 10⁻¹¹: above ½ it is π/2 − 2 asin √((1 − v)/2); then
/// asin x = 2 asin y for y = x / √(2 + 2√(1 − x²)) ≤ sin(π/12), whose series is
/// short: eight terms, up to y¹⁵.
static double page_curl_asin(double v) {
    const int high = v > 0.5;
    const double x = high ? __builtin_sqrt((1 - v) * 0.5) : v;
    const double y = x / __builtin_sqrt(2 + 2 * __builtin_sqrt(1 - x * x)), z = y * y;
    // Two halves of the series side by side, so their multiplications overlap.
    const double z2 = z * z;
    const double even = 1 + z2 * (0.074999999999999997 + z2 * (0.030381944444444444 + z2 * 0.017352764423076924));
    const double odd = 0.16666666666666666 + z2 * (0.044642857142857144 + z2 * (0.022372159090909092 + z2 * 0.013964843750000001));
    const double half = y * (even + z * odd);
    return high ? 1.5707963267948966 - 4 * half : 2 * half;
}

/// v to the power 1.25 (v ≥ 0), the fall of the shadow's edges.
static double page_curl_soft(double v) { return v * __builtin_sqrt(__builtin_sqrt(v)); }

static int page_curl_on_page(const fb_page_curl *c, double x, double y) {
    return x >= c->page_min_x && x < c->page_max_x && y >= c->page_min_y && y < c->page_max_y;
}

void fb_page_curl_look(const fb_page_curl *curl, const double *points, ptrdiff_t count, float *kinds, double *fronts,
                       double *backs, float *slopes, float *shadows) {
    const fb_page_curl c = *curl;
    const double pi = 3.14159265358979323846, half_turn = pi * c.radius;
    for (ptrdiff_t i = 0; i < count; i++) {
        const double x = points[2 * i], y = points[2 * i + 1], u = x * c.direction_x + y * c.direction_y;
        int kind = 0;
        double fx = x, fy = y, bx = x, by = y, slope = 0, shadow = 0;
        if (u >= c.fold) {
            // Turned over and lying flat on top, if the page reaches this far.
            const double to = 2 * c.fold - u - half_turn;
            bx = x + c.direction_x * (to - u), by = y + c.direction_y * (to - u);
            if (page_curl_on_page(&c, bx, by)) kind |= 4;
            if (page_curl_on_page(&c, x, y)) kind |= 1;
        } else if (u >= c.fold - c.radius) {
            // On the cylinder: its top half turned over, its bottom half rising from the ground.
            const double v = (c.fold - u) / c.radius, sine = v < 1 ? v : 1, phi = page_curl_asin(sine);
            const double over = c.fold - c.radius * (pi - phi), under = c.fold - c.radius * phi;
            bx = x + c.direction_x * (over - u), by = y + c.direction_y * (over - u);
            if (page_curl_on_page(&c, bx, by)) kind |= 4, slope = -sine;
            fx = x + c.direction_x * (under - u), fy = y + c.direction_y * (under - u);
            if (page_curl_on_page(&c, fx, fy)) kind |= 2;
        }
        if (!(kind & 3) && c.shadow_amount > 0) {
            const double beyond = c.fold - c.radius - u;
            if (beyond >= 0 && beyond < c.shadow_width) {
                double across = 1;
                if (c.shadow_bounded) {
                    // Along the cylinder's axis: ½ at the shadow extent's sides, none a width beyond.
                    const double v = x * c.across_x + y * c.across_y;
                    double reach = (c.across_lower - v > v - c.across_upper ? c.across_lower - v : v - c.across_upper) / c.shadow_width;
                    reach = reach < -1 ? -1 : reach > 1 ? 1 : reach;
                    across = reach >= 0 ? 0.5 * page_curl_soft(1 - reach) : 1 - 0.5 * page_curl_soft(1 + reach);
                }
                shadow = c.shadow_amount * (0.5 * page_curl_soft(1 - beyond / c.shadow_width) * across);
            }
        }
        kinds[i] = (float)kind;
        fronts[2 * i] = fx, fronts[2 * i + 1] = fy;
        backs[2 * i] = bx, backs[2 * i + 1] = by;
        slopes[i] = (float)slope;
        shadows[i] = (float)shadow;
    }
}
