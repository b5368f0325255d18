/// How colours outside a destination space's gamut are mapped. Flipbook clips in every case.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}
