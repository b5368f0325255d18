extension CGMutablePath {
    /// Adds an arc of a circle. The angles are measured from the positive x axis towards
    /// positive y; `clockwise: false` sweeps towards increasing angles. Because Flipbook's
    /// space is y-down like UIKit's, a `clockwise: true` arc appears counter-clockwise on
    /// screen — exactly what Apple documents for flipped contexts.
    ///
    /// If the path has a current point, a line joins it to the arc's start; otherwise the
    /// arc starts a subpath. The arc goes the chosen way round from `startAngle` to
    /// `endAngle`, less than a turn — so it ends at `endAngle`, where Apple's documentation
    /// puts the current point — and an angle difference of a whole number of turns either
    /// way (but not none) is a full circle, as on iOS: `UIBezierPath`'s 0 to 2π with
    /// `clockwise: false` is the whole ring of a progress view. (The HTML canvas differs
    /// beyond a turn: it draws a full circle where this takes the remainder.) A negative or
    /// non-finite radius adds nothing.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard radius >= 0, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
        // The way round asked for, less than a turn, so the arc ends at `endAngle`; a whole
        // number of turns either way (but not none) is one turn.
        let full = 2 * CGFloat.pi, delta = clockwise ? startAngle - endAngle : endAngle - startAngle
        var turn = delta.truncatingRemainder(dividingBy: full)
        if turn < 0 { turn += full }
        if turn == 0, delta != 0 { turn = full }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: clockwise ? -turn : turn,
                       transform: transform)
    }

    /// Adds an arc that starts at `startAngle` and sweeps `delta` radians (positive towards
    /// increasing angles). The sweep is clamped to ±2π.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard radius >= 0, radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        let sweep = min(max(delta, -2 * .pi), 2 * .pi)
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if currentPointIfAny == nil || elements.last == .close {
            move(to: start, transform: transform)
        } else {
            addLine(to: start, transform: transform)
        }
        guard radius > 0 else { return }
        appendArcCurves(center: center, radius: radius, start: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds a line towards `tangent1End` and an arc of `radius` tangent to the lines
    /// current point → `tangent1End` and `tangent1End` → `tangent2End` (the canvas `arcTo`
    /// rule). Collinear points or a zero radius give a line to `tangent1End`.
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard radius >= 0, radius.isFinite, p1.isFinite, p2.isFinite else { return }
        guard let current = currentPointIfAny else { return }
        // The current point is stored transformed; work in the untransformed space.
        let inverse = transform.inverted()
        let p0 = current.applying(inverse)
        let u = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y)
        let v = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            return addLine(to: p1, transform: transform)
        }
        let (ux, uy, vx, vy) = (u.x / lu, u.y / lu, v.x / lv, v.y / lv)
        let cosTheta = min(max(ux * vx + uy * vy, -1), 1)
        let theta = acos(cosTheta)
        let distance = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + ux * distance, y: p1.y + uy * distance)
        let t2 = CGPoint(x: p1.x + vx * distance, y: p1.y + vy * distance)
        let bx = ux + vx, by = uy + vy
        let lb = hypot(bx, by)
        let centerDistance = radius / sin(theta / 2)
        let center = CGPoint(x: p1.x + bx / lb * centerDistance, y: p1.y + by / lb * centerDistance)
        let a1 = atan2(t1.y - center.y, t1.x - center.x)
        let a2 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a2 - a1
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addLine(to: t1, transform: transform)
        appendArcCurves(center: center, radius: radius, start: a1, sweep: sweep, transform: transform)
    }

    /// Appends cubic curves for an arc whose start point is already the current point.
    /// Each curve spans at most a quarter turn; the control distance is 4/3·tan(φ/4).
    func appendArcCurves(center: CGPoint, radius: CGFloat, start: CGFloat, sweep: CGFloat,
                         transform: CGAffineTransform) {
        guard sweep != 0 else { return }
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        var angle = start
        for _ in 0..<count {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            let control1 = CGPoint(x: center.x + radius * (c0 - k * s0), y: center.y + radius * (s0 + k * c0))
            let control2 = CGPoint(x: center.x + radius * (c1 + k * s1), y: center.y + radius * (s1 - k * c1))
            let end = CGPoint(x: center.x + radius * c1, y: center.y + radius * s1)
            addCurve(to: end, control1: control1, control2: control2, transform: transform)
            angle = next
        }
    }
}
