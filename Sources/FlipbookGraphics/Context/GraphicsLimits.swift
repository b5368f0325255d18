/// Size limits for bitmaps (contexts and images). Larger requests are refused with
/// `GraphicsError.tooLarge` rather than attempting a huge allocation.
public enum GraphicsLimits {
    /// The largest width or height, in pixels.
    public static let maximumDimension = 32_768
    /// The largest pixel count (1 GiB of RGBA8).
    public static let maximumPixelCount = 1 << 28

    /// Throws unless `width`×`height` is a drawable size within the limits.
    public static func check(width: Int, height: Int) throws(GraphicsError) {
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        guard width <= maximumDimension, height <= maximumDimension,
              width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
    }
}
