import Foundation

/// The sRGB transfer function, extended to values outside 0…1 by keeping the sign (as
/// the extended sRGB colour spaces do). Flipbook's addition: Core Graphics converts
/// colours with it, Core Image its linear-light working format.
public enum SRGBTransfer {
    /// Encoded (what 8-bit sRGB stores) to linear light.
    public static func linear(_ encoded: Double) -> Double {
        let m = abs(encoded)
        let r = m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -r : r
    }

    /// Linear light to encoded.
    public static func encoded(_ linear: Double) -> Double {
        let m = abs(linear)
        let r = m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055
        return linear < 0 ? -r : r
    }
}
