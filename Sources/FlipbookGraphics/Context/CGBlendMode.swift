/// How drawn colour combines with what is already in the context, as in Core Graphics.
///
/// The separable and non-separable modes follow the W3C Compositing and Blending formulas
/// (which are Apple's PDF blend modes); the Porter-Duff modes use premultiplied colour.
/// Every mode is bounded by the drawn shape: pixels outside it keep their colour.
public enum CGBlendMode: Int32, CaseIterable, Sendable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn
    case destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

extension CGBlendMode {
    /// Whether drawing a transparent pixel leaves the destination as it was; when it does
    /// not (clear, copy, sourceIn, sourceOut, destinationIn, destinationAtop), an image must
    /// be composited over its whole area, not only where it has content.
    package var transparentSourceKeepsDestination: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }
}
