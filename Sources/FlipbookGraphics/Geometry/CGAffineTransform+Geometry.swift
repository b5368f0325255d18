extension CGPoint {
    /// The point mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through the linear part of `t` (translation ignored), as Apple does;
    /// the result may be negative.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Whether every side lies at a finite coordinate (not so for the null rectangle).
    package var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }

    /// Whether this is `CGRect.infinite`, asked in line (Foundation's `isInfinite` is a
    /// call that compares whole rectangles; this runs for every layer of every frame).
    package var isInfiniteRect: Bool {
        size.width == .greatestFiniteMagnitude && size.height == .greatestFiniteMagnitude
            && origin.x == -.greatestFiniteMagnitude / 2 && origin.y == -.greatestFiniteMagnitude / 2
    }

    /// The smallest rectangle containing the four transformed corners. A null rect stays null;
    /// an infinite rect stays infinite.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfiniteRect { return self }
        // The four corners, without an array: this runs for every layer of every frame.
        let a = CGPoint(x: minX, y: minY).applying(t), b = CGPoint(x: maxX, y: minY).applying(t)
        let c = CGPoint(x: minX, y: maxY).applying(t), d = CGPoint(x: maxX, y: maxY).applying(t)
        let x0 = Swift.min(a.x, b.x, c.x, d.x), x1 = Swift.max(a.x, b.x, c.x, d.x)
        let y0 = Swift.min(a.y, b.y, c.y, d.y), y1 = Swift.max(a.y, b.y, c.y, d.y)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
