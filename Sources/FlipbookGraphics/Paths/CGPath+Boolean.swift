/// Boolean operations on the regions paths fill, as Core Graphics has them (iOS 16,
/// macOS 13). Each takes both paths as filled under `rule` and returns a path filling the
/// result under either rule: closed subpaths, outer boundaries and holes winding opposite
/// ways, no two crossing. Unlike Apple's, the result is made of lines: curves are flattened
/// to within a ten-thousandth of their own path's size; and paths of more than 20 000 edges
/// together, once flattened, are not combined: the result is the first path, and a
/// diagnostic says so.
extension CGPath {
    /// The region either path fills.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.path(.union, self, other, rule: rule)
    }

    /// The region both paths fill.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.path(.intersection, self, other, rule: rule)
    }

    /// The region this path fills and `other` does not.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.path(.subtraction, self, other, rule: rule)
    }

    /// The region exactly one of the paths fills.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.path(.symmetricDifference, self, other, rule: rule)
    }

    /// The region this path fills, as a path whose subpaths do not cross or overlap.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        PathBoolean.path(.union, self, CGMutablePath(), rule: rule)
    }
}
