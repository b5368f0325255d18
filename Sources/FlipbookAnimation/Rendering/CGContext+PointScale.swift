extension CGContext {
    /// Device pixels per user-space unit: the square root of the CTM's area scale.
    var pointScale: CGFloat {
        let m = ctm
        return abs(m.a * m.d - m.b * m.c).squareRoot()
    }
}
