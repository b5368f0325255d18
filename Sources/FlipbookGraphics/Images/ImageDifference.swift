import Foundation

/// How an image differs from a reference of the same size, pixel by pixel (Flipbook's
/// addition, for tests that compare pictures).
///
/// A pixel differs when its colour is further from the reference's than `tolerance`,
/// measured as CIE ΔE 1994 in L\*a\*b\* (D65): the measure Core Image's `CILabDeltaE`
/// gives, from 0 to about 100, where 1 to 2 is a just-noticeable difference. Each pixel is
/// seen over black and over white and the larger ΔE counts, so that a change of
/// transparency alone is a change of colour. With a tolerance of 0 a pixel differs when
/// any of its bytes does.
///
/// ```swift
/// let difference = ImageDifference(actual, from: reference, tolerance: 2)!
/// if difference.differingPixels > 0 { try difference.makeImage().write(to: url) }
/// ```
public struct ImageDifference: Sendable {
    /// The images' width and height in pixels.
    public let width: Int
    public let height: Int
    /// The largest ΔE tolerated.
    public let tolerance: Double
    /// Pixels further than `tolerance` from the reference's.
    public let differingPixels: Int
    /// Pixels whose premultiplied bytes are not identical, whether or not they are within
    /// the tolerance.
    public let changedPixels: Int
    /// The largest ΔE 1994 of any pixel; 0 when the images are identical.
    public let largestDeltaE: Double
    /// The largest difference of any premultiplied channel, in 0…255.
    public let largestChannelDifference: Int
    /// For each pixel in rows from the top, whether it differs.
    private let differs: [Bool]
    /// The reference's pixels, premultiplied RGBA, for the difference image.
    private let reference: [UInt8]

    /// Compares `actual` with `reference`; nil when their sizes differ.
    public init?(_ actual: CGImage, from reference: CGImage, tolerance: Double = 0) {
        guard actual.width == reference.width, actual.height == reference.height else { return nil }
        let expected = reference.withUnsafePremultipliedBytes { Array($0) }
        var differs = [Bool](repeating: false, count: actual.width * actual.height)
        var differing = 0, changed = 0, largestChannel = 0
        var largestDeltaE = 0.0
        actual.withUnsafePremultipliedBytes { bytes in
            for pixel in differs.indices {
                let p = pixel * 4
                var channel = 0
                for c in 0..<4 { channel = max(channel, abs(Int(bytes[p + c]) - Int(expected[p + c]))) }
                guard channel > 0 else { continue }
                changed += 1
                largestChannel = max(largestChannel, channel)
                let deltaE = Self.deltaE(from: (expected[p], expected[p + 1], expected[p + 2], expected[p + 3]),
                                         to: (bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]))
                largestDeltaE = max(largestDeltaE, deltaE)
                if tolerance <= 0 || deltaE > tolerance {
                    differs[pixel] = true
                    differing += 1
                }
            }
        }
        width = actual.width
        height = actual.height
        self.tolerance = max(tolerance, 0)
        differingPixels = differing
        changedPixels = changed
        self.largestDeltaE = largestDeltaE
        largestChannelDifference = largestChannel
        self.differs = differs
        self.reference = expected
    }

    /// The share of pixels within the tolerance, 0…1.
    public var matchingFraction: Double {
        let count = width * height
        return count == 0 ? 1 : 1 - Double(differingPixels) / Double(count)
    }

    /// A picture of the difference: the pixels that differ in opaque red, the others the
    /// reference's lightness faded to a pale grey, so that the shapes around a change show.
    public func makeImage() throws(GraphicsError) -> CGImage {
        var pixels = [UInt8](repeating: 255, count: differs.count * 4)
        for pixel in differs.indices {
            let p = pixel * 4
            if differs[pixel] {
                pixels[p + 1] = 0
                pixels[p + 2] = 0
            } else {
                // The reference over white, its luma (Rec. 601) in 192…255.
                let white = 255 - Int(reference[p + 3])
                let luma = (299 * (Int(reference[p]) + white) + 587 * (Int(reference[p + 1]) + white)
                            + 114 * (Int(reference[p + 2]) + white)) / 1000
                let grey = UInt8(192 + luma / 4)
                (pixels[p], pixels[p + 1], pixels[p + 2]) = (grey, grey, grey)
            }
        }
        return try CGImage(width: width, height: height, pixels: Data(pixels), layout: .rgba(premultiplied: true))
    }

    /// ΔE 1994 between two premultiplied sRGB pixels, the larger of the two seen over black
    /// and over white; `reference` is the standard whose chroma weights the terms.
    static func deltaE(from reference: (UInt8, UInt8, UInt8, UInt8), to sample: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        func lab(_ pixel: (UInt8, UInt8, UInt8, UInt8), over background: Int) -> SIMD3<Double> {
            let under = background * (255 - Int(pixel.3)) / 255
            return Self.lab(red: Int(pixel.0) + under, green: Int(pixel.1) + under, blue: Int(pixel.2) + under)
        }
        return max(deltaE94(lab(reference, over: 0), lab(sample, over: 0)),
                   deltaE94(lab(reference, over: 255), lab(sample, over: 255)))
    }

    /// CIE L\*a\*b\* (D65 white) of an sRGB colour in 0…255 a channel.
    static func lab(red: Int, green: Int, blue: Int) -> SIMD3<Double> {
        func linear(_ value: Int) -> Double {
            let v = Double(min(max(value, 0), 255)) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        // sRGB's primaries to XYZ, over the D65 white point's X and Z.
        let x = (0.412453 * r + 0.357580 * g + 0.180423 * b) / 0.95047
        let y = 0.212671 * r + 0.715160 * g + 0.072169 * b
        let z = (0.019334 * r + 0.119193 * g + 0.950227 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIE ΔE 1994 for graphic arts (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015) of `sample`
    /// from `reference`.
    static func deltaE94(_ reference: SIMD3<Double>, _ sample: SIMD3<Double>) -> Double {
        let dL = reference.x - sample.x
        let c1 = (reference.y * reference.y + reference.z * reference.z).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dC = c1 - c2
        let da = reference.y - sample.y, db = reference.z - sample.z
        let dH2 = max(da * da + db * db - dC * dC, 0)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
}
