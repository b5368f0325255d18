@testable import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// The filters around the transitions: blurs, colour, generators, compositing.
@Suite struct FilterLibraryTests {
    private let context = CIContext()

    private func filter(_ name: String, _ settings: [String: Any]) throws -> CIImage {
        let filter = try #require(CIFilter(name: name))
        for (key, value) in settings { filter.setValue(value, forKey: key) }
        return try #require(filter.outputImage)
    }

    private func render(_ image: CIImage, _ rect: CGRect) throws -> CGImage { try #require(context.createCGImage(image, from: rect)) }

    /// A linear-light value of an sRGB byte.
    private func linear(_ byte: UInt8) -> Double { SRGBTransfer.linear(Double(byte) / 255) }

    /// Black on the left of x = 50, white from it: an edge to blur.
    private let edge = CIImage(color: .white).cropped(to: CGRect(x: 50, y: 0, width: 1000, height: 20))
        .composited(over: CIImage(color: .black)).cropped(to: CGRect(x: 0, y: 0, width: 100, height: 20))

    /// The variance of the blur's spread across the edge, from the blurred profile's slope.
    private func spread(_ image: CIImage) throws -> Double {
        let out = try render(image, CGRect(x: 0, y: 0, width: 100, height: 20))
        let profile = (0..<100).map { linear(out.pixel($0, 10)[0]) }
        let slope = zip(profile.dropFirst(), profile).map { $0 - $1 }
        let total = slope.reduce(0, +)
        let mean = slope.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element } / total
        return slope.enumerated().reduce(0) { $0 + pow(Double($1.offset) - mean, 2) * $1.element } / total
    }

    /// A blur must read beyond the edge's own pixels: the clamped image feeds it.
    @Test(arguments: [2.0, 5.0, 10.0])
    func gaussianSpreadMatchesItsVariance(radius: Double) throws {
        let blurred = try filter("CIGaussianBlur", [kCIInputImageKey: edge.clampedToExtent(), kCIInputRadiusKey: radius])
        let variance = try spread(blurred)
        #expect(abs(variance - radius * radius) < 0.05 * radius * radius + 0.1, "σ² = \(variance) for radius \(radius)")
        // Apple's extent grows by about 8σ in all: 4σ each side.
        #expect(try filter("CIGaussianBlur", [kCIInputImageKey: edge, kCIInputRadiusKey: radius]).extent
                == edge.extent.insetBy(dx: -CGFloat((4 * radius).rounded(.up)), dy: -CGFloat((4 * radius).rounded(.up))))
    }

    /// Past the recursion's largest σ the blur convolves (cut off at 3σ): a white square's
    /// light spread as the normalised Gaussian weights say, and the extent grown by 4σ each
    /// side as below it.
    @Test func aVeryWideGaussianConvolves() throws {
        let sigma = RecursiveGaussian.largestSigma + 50, half = Int((3 * sigma).rounded(.up))
        let square = CIImage(color: .white).cropped(to: CGRect(x: 0, y: 0, width: 400, height: 400))
        let blurred = try filter("CIGaussianBlur", [kCIInputImageKey: square, kCIInputRadiusKey: sigma])
        #expect(blurred.extent == square.extent.insetBy(dx: -1000, dy: -1000))
        let weights = (-half...half).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        // At the square's corner pixel: the square covers offsets 0…399 from it each way.
        let along = (0..<400).reduce(0.0) { $0 + weights[half + $1] } / total
        let out = try render(blurred, CGRect(x: 0, y: 399, width: 1, height: 1))
        #expect(abs(Double(out.pixel(0, 0)[3]) - along * along * 255) <= 1, "alpha \(out.pixel(0, 0)[3]), expected \(along * along * 255)")
    }

    /// A bounded image blurred over its grown extent: the margin, beyond the input's own
    /// pixels, fades out.
    @Test func blurSpillsIntoItsMargin() throws {
        let white = CIImage(color: .white).cropped(to: CGRect(x: 0, y: 0, width: 40, height: 40))
        let blurred = try filter("CIGaussianBlur", [kCIInputImageKey: white, kCIInputRadiusKey: 3.0])
        let out = try render(blurred, blurred.extent)
        #expect(out.width == 64 && out.height == 64)
        #expect(out.pixel(32, 32) == [255, 255, 255, 255] && out.pixel(0, 32)[3] == 0 && out.pixel(2, 32)[3] == 0)
        #expect(out.pixel(8, 32)[3] > 0 && out.pixel(8, 32)[3] < 255)
    }

    /// Blurs keep their intermediate memory for the next render; after
    /// `clearCaches()` frees it, the same blur renders the same bytes (and a render on a
    /// reused block matches one on fresh memory).
    @Test func blurRendersTheSameAfterClearingCaches() throws {
        let picture = CIImage(cgImage: FilterTestImages.target())
        let blurred = try filter("CIGaussianBlur", [kCIInputImageKey: picture, kCIInputRadiusKey: 4.0])
        let first = try render(blurred, blurred.extent).premultipliedBytes
        context.clearCaches()
        let fresh = try render(blurred, blurred.extent).premultipliedBytes
        let reused = try render(blurred, blurred.extent).premultipliedBytes
        #expect(first == fresh && fresh == reused && first.contains { $0 != 0 })
    }

    /// Apple's radius is the box's whole width: its radius 40 blurs as a box of half width
    /// 19–20 (39–41 px). A uniform spread over n pixels has variance (n² − 1) / 12.
    @Test func boxBlurIsARampAsWideAsItsRadius() throws {
        let narrow = try filter("CIBoxBlur", [kCIInputImageKey: edge.clampedToExtent(), kCIInputRadiusKey: 4.0])
        #expect(abs(try spread(narrow) - 24.0 / 12) < 0.2)
        let wide = try spread(try filter("CIBoxBlur", [kCIInputImageKey: edge.clampedToExtent(), kCIInputRadiusKey: 40.0]))
        #expect(wide >= (39.0 * 39 - 1) / 12 - 1 && wide <= (41.0 * 41 - 1) / 12 + 1, "variance \(wide)")
    }

    /// Apple's motion blur is Gaussian along its angle with σ ≈ the radius, and its extent
    /// grows about 6 radii along the angle only.
    @Test func motionBlurFollowsItsAngle() throws {
        let blurred = try filter("CIMotionBlur", [kCIInputImageKey: edge.clampedToExtent(), kCIInputRadiusKey: 6.0])
        let variance = try spread(blurred)
        #expect(abs(variance - 36) < 2, "σ² = \(variance)")
        let horizontal = try render(blurred, CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(horizontal.pixel(47, 10)[0] > 0 && horizontal.pixel(31, 10)[0] == 0 && horizontal.pixel(69, 10)[0] == 255)
        #expect(try filter("CIMotionBlur", [kCIInputImageKey: edge, kCIInputRadiusKey: 6.0]).extent == CGRect(x: -18, y: 0, width: 136, height: 20))
        let vertical = try render(try filter("CIMotionBlur", [kCIInputImageKey: edge.clampedToExtent(), kCIInputRadiusKey: 6.0,
                                                              kCIInputAngleKey: Double.pi / 2]), CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(vertical.pixel(49, 10)[0] == 0 && vertical.pixel(50, 10)[0] == 255)
    }

    @Test func zoomBlurStreaksAwayFromTheCentre() throws {
        let picture = CIImage(cgImage: FilterTestImages.target())
        let zoomed = try render(try filter("CIZoomBlur", [kCIInputImageKey: picture, kCIInputCenterKey: CIVector(x: 52.5, y: 37.5)]),
                                picture.extent)
        let original = FilterTestImages.target()
        // Apple's reach is 1.5 × the amount per cent: the default 20 reads 30 % of the way
        // in, and the extent is the picture's scaled by 1 / 0.7 about the centre.
        let extent = try filter("CIZoomBlur", [kCIInputImageKey: picture, kCIInputCenterKey: CIVector(x: 50, y: 40)]).extent
        #expect(abs(extent.minX - (50 - 50 / 0.7)) < 1e-9 && abs(extent.width - 120 / 0.7) < 1e-9 && abs(extent.height - 90 / 0.7) < 1e-9)
        #expect(zoomed.pixel(52, 52) == original.pixel(52, 52))
        #expect(zoomed.pixel(5, 5) != original.pixel(5, 5))
    }

    @Test func colorControls() throws {
        let picture = CIImage(cgImage: FilterTestImages.source())
        #expect(try render(try filter("CIColorControls", [kCIInputImageKey: picture]), picture.extent).premultipliedBytes
                == FilterTestImages.source().premultipliedBytes)
        let grey = try render(try filter("CIColorControls", [kCIInputImageKey: picture, kCIInputSaturationKey: 0.0]), picture.extent)
        #expect((0..<120).allSatisfy { grey.pixel($0, 20)[0] == grey.pixel($0, 20)[1] && grey.pixel($0, 20)[1] == grey.pixel($0, 20)[2] })
        let bright = try render(try filter("CIColorControls", [kCIInputImageKey: picture, kCIInputBrightnessKey: 0.2]), picture.extent)
        #expect(bright.pixel(100, 20)[2] > FilterTestImages.source().pixel(100, 20)[2])
        // Contrast 0 leaves mid-grey (0.5 linear) everywhere.
        let flat = try render(try filter("CIColorControls", [kCIInputImageKey: picture, kCIInputContrastKey: 0.0]), picture.extent)
        #expect(flat.pixel(3, 3) == [188, 188, 188, 255] && flat.pixel(90, 70) == [188, 188, 188, 255])
    }

    @Test func colorMatrixAndExposure() throws {
        let orange = CIImage(color: CIColor(red: 1, green: 0.5, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        let swapped = try filter("CIColorMatrix", [kCIInputImageKey: orange, "inputRVector": CIVector(x: 0, y: 0, z: 1, w: 0),
                                                   "inputBVector": CIVector(x: 1, y: 0, z: 0, w: 0),
                                                   "inputBiasVector": CIVector(x: 0, y: 0.1, z: 0, w: 0)])
        let pixel = try render(swapped, orange.extent).pixel(0, 0)
        #expect(pixel[0] == 0 && pixel[2] == 255 && pixel[3] == 255)
        #expect(abs(linear(pixel[1]) - (SRGBTransfer.linear(0.5) + 0.1)) < 0.004)
        let brighter = try render(try filter("CIExposureAdjust", [kCIInputImageKey: orange, kCIInputEVKey: 1.0]), orange.extent).pixel(0, 0)
        #expect(brighter[0] == 255 && abs(linear(brighter[1]) - 2 * SRGBTransfer.linear(0.5)) < 0.004)
    }

    @Test func vignetteDarkensTheCorners() throws {
        let picture = CIImage(cgImage: FilterTestImages.target())
        #expect(try render(try filter("CIVignette", [kCIInputImageKey: picture]), picture.extent).premultipliedBytes
                == FilterTestImages.target().premultipliedBytes)
        let dark = try render(try filter("CIVignette", [kCIInputImageKey: picture, kCIInputIntensityKey: 1.0]), picture.extent)
        let corner = FilterTestImages.target().pixel(0, 0)
        #expect((0..<3).allSatisfy { dark.pixel(0, 0)[$0] < corner[$0] / 3 }, "\(dark.pixel(0, 0)) from \(corner)")
        #expect(dark.pixel(60, 45) == FilterTestImages.target().pixel(60, 45))
    }

    @Test func pixellateMakesSquaresAroundTheCentre() throws {
        let picture = CIImage(cgImage: FilterTestImages.source())
        let blocks = try render(try filter("CIPixellate", [kCIInputImageKey: picture, kCIInputCenterKey: CIVector(x: 4, y: 86),
                                                           kCIInputScaleKey: 8.0]), picture.extent)
        // Squares run 0…8, 8…16, … from the top left (the centre is a square's centre).
        for y in 0..<8 { for x in 0..<8 { #expect(blocks.pixel(x, y) == blocks.pixel(0, 0)) } }
        #expect(blocks.pixel(8, 0) != blocks.pixel(7, 0) || blocks.pixel(16, 0) != blocks.pixel(8, 0))
    }

    @Test func maskToAlphaMakesWhiteMaskedByLuminance() throws {
        // SVG's luminanceToAlpha weights over the stored sRGB values: mid-grey (128) is half
        // transparent white, opaque red 0.2125 (54), black and transparent nothing.
        func masked(_ color: CIColor) throws -> [UInt8] {
            let picture = CIImage(color: color).cropped(to: CGRect(x: 0, y: 0, width: 2, height: 2))
            let filter = CIFilter.maskToAlpha()
            filter.inputImage = picture
            return try render(try #require(filter.outputImage), picture.extent).pixel(1, 1)
        }
        #expect(try masked(CIColor(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255)) == [128, 128, 128, 128])
        #expect(try masked(CIColor(red: 1, green: 0, blue: 0)) == [54, 54, 54, 54])
        #expect(try masked(CIColor(red: 1, green: 1, blue: 1)) == [255, 255, 255, 255])
        #expect(try masked(CIColor(red: 0, green: 0, blue: 0)) == [0, 0, 0, 0])
        #expect(try masked(CIColor(red: 1, green: 1, blue: 1, alpha: 0)) == [0, 0, 0, 0])
    }

    @Test func gradients() throws {
        let linearGradient = try filter("CILinearGradient", ["inputPoint0": CIVector(x: 0, y: 0), "inputPoint1": CIVector(x: 100, y: 0)])
        let row = try render(linearGradient, CGRect(x: -10, y: 0, width: 120, height: 1))
        #expect(row.pixel(0, 0) == [255, 255, 255, 255] && row.pixel(119, 0) == [0, 0, 0, 255])
        // Halfway, linear light is one half: sRGB 188.
        #expect(row.pixel(60, 0)[0] == 188 || row.pixel(59, 0)[0] == 188)
        let radial = try render(try filter("CIRadialGradient", [kCIInputCenterKey: CIVector(x: 50, y: 50)]), CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(radial.pixel(50, 50) == [255, 255, 255, 255] && radial.pixel(199, 50) == [0, 0, 0, 255])
        #expect(radial.pixel(100, 50)[0] > 0 && radial.pixel(100, 50)[0] < 255)
    }

    @Test func checkerboardAndStripes() throws {
        let settings: [String: Any] = [kCIInputCenterKey: CIVector(x: 0, y: 0), kCIInputWidthKey: 10.0]
        let board = try render(try filter("CICheckerboardGenerator", settings), CGRect(x: 0, y: 0, width: 40, height: 40))
        // Rows count from the top: y 30…40 up is rows 0…9.
        #expect(board.pixel(5, 35) == [255, 255, 255, 255] && board.pixel(15, 35) == [0, 0, 0, 255] && board.pixel(15, 25) == [255, 255, 255, 255])
        let stripes = try render(try filter("CIStripesGenerator", settings), CGRect(x: 0, y: 0, width: 40, height: 40))
        // As Apple's: inputColor1 (black) in the stripe right of the centre.
        #expect(stripes.pixel(5, 5) == stripes.pixel(5, 35) && stripes.pixel(5, 5) == [0, 0, 0, 255] && stripes.pixel(15, 5) == [255, 255, 255, 255])
        let soft = try render(try filter("CIStripesGenerator", settings.merging([kCIInputSharpnessKey: 0.0]) { $1 }),
                              CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(soft.pixel(10, 5)[0] > 20 && soft.pixel(10, 5)[0] < 235)
    }

    /// Blend modes as the W3C formulas give them, on linear light: blend(b, s).
    static let blends: [String: @Sendable (Double, Double) -> Double] = [
        "CIMultiplyBlendMode": { b, s in b * s },
        "CIScreenBlendMode": { b, s in b + s - b * s },
        "CIDarkenBlendMode": { b, s in min(b, s) },
        "CILightenBlendMode": { b, s in max(b, s) },
        "CIDifferenceBlendMode": { b, s in abs(b - s) },
        "CIExclusionBlendMode": { b, s in b + s - 2 * b * s },
        "CIOverlayBlendMode": { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) },
        "CIHardLightBlendMode": { b, s in s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) },
        "CISubtractBlendMode": { b, s in max(b - s, 0) },
        "CILinearDodgeBlendMode": { b, s in min(b + s, 1) },
    ]

    @Test(arguments: blends.keys.sorted())
    func blendModes(name: String) throws {
        let blend = try #require(Self.blends[name])
        let (s, b) = ([0.8, 0.3, 0.55], [0.4, 0.7, 0.2])
        let top = CIImage(color: CIColor(red: s[0], green: s[1], blue: s[2])), bottom = CIImage(color: CIColor(red: b[0], green: b[1], blue: b[2]))
        let out = try render(try filter(name, [kCIInputImageKey: top, kCIInputBackgroundImageKey: bottom]), CGRect(x: 0, y: 0, width: 1, height: 1))
        for c in 0..<3 {
            let expected = blend(SRGBTransfer.linear(b[c]), SRGBTransfer.linear(s[c]))
            #expect(abs(linear(out.pixel(0, 0)[c]) - expected) < 0.006, "\(name) channel \(c)")
        }
    }

    @Test func compositingAndMasks() throws {
        let red = CIImage(color: .red), clearBox = CIImage(color: .blue).cropped(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        let rect = CGRect(x: 0, y: 0, width: 4, height: 1)
        let inside = try render(try filter("CISourceInCompositing", [kCIInputImageKey: red, kCIInputBackgroundImageKey: clearBox]), rect)
        #expect(inside.pixel(0, 0) == [255, 0, 0, 255] && inside.pixel(3, 0) == [0, 0, 0, 0])
        let outside = try render(try filter("CISourceOutCompositing", [kCIInputImageKey: red, kCIInputBackgroundImageKey: clearBox]), rect)
        #expect(outside.pixel(0, 0) == [0, 0, 0, 0] && outside.pixel(3, 0) == [255, 0, 0, 255])
        let atop = try render(try filter("CISourceAtopCompositing", [kCIInputImageKey: red, kCIInputBackgroundImageKey: clearBox]), rect)
        #expect(atop.pixel(0, 0) == [255, 0, 0, 255] && atop.pixel(3, 0) == [0, 0, 0, 0])
        let mask = CIImage(color: .white).cropped(to: CGRect(x: 0, y: 0, width: 2, height: 2))
        let masked = try render(try filter("CIBlendWithMask", [kCIInputImageKey: red, kCIInputBackgroundImageKey: CIImage(color: .blue),
                                                               kCIInputMaskImageKey: mask]), rect)
        #expect(masked.pixel(0, 0) == [255, 0, 0, 255] && masked.pixel(3, 0) == [0, 0, 255, 255])
    }
}
