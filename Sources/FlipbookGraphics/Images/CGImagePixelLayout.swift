/// Pixel layouts `CGImage(width:height:pixels:layout:)` reads.
public enum CGImagePixelLayout: Sendable, Equatable {
    /// R, G, B, A bytes.
    case rgba(premultiplied: Bool)
    /// B, G, R, A bytes.
    case bgra(premultiplied: Bool)
    /// R, G, B bytes, opaque.
    case rgb
    /// One gray byte, opaque.
    case gray
    /// Gray then alpha bytes (straight alpha).
    case grayAlpha

    var pixelLayout: PixelLayout {
        switch self {
        case .rgba(let p): return PixelLayout(order: .rgba, alpha: p ? .premultiplied : .straight)
        case .bgra(let p): return PixelLayout(order: .bgra, alpha: p ? .premultiplied : .straight)
        case .rgb: return PixelLayout(order: .rgb, alpha: .none)
        case .gray: return PixelLayout(order: .gray, alpha: .none)
        case .grayAlpha: return PixelLayout(order: .grayAlpha, alpha: .straight)
        }
    }
}
