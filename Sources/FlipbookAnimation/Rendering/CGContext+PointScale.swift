extension CGAffineTransform {
    /// Device pixels per user-space unit under this transform: the square root of its area scale.
    var pointScale: CGFloat { abs(a * d - b * c).squareRoot() }
}

extension CGContext {
    /// Device pixels per user-space unit under the CTM (`FrameCanvas` measures its own the same way).
    var pointScale: CGFloat { ctm.pointScale }
}
