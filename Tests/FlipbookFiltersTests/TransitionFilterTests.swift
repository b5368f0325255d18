import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// The transition filters, driven as seed 000 drives them: by name, with setValue(_:forKey:).
@Suite(.serialized) struct TransitionFilterTests {
    static let names = ["CIAccordionFoldTransition", "CIBarsSwipeTransition", "CICopyMachineTransition",
                        "CIDisintegrateWithMaskTransition", "CIDissolveTransition", "CIFlashTransition", "CIModTransition",
                        "CIPageCurlTransition", "CIPageCurlWithShadowTransition", "CIRippleTransition", "CISwipeTransition"]

    private func transition(_ name: String, time: Double, _ settings: [String: Any] = [:]) throws -> CGImage {
        let filter = try #require(CIFilter(name: name))
        filter.setValue(CIImage(cgImage: FilterTestImages.source()), forKey: kCIInputImageKey)
        filter.setValue(CIImage(cgImage: FilterTestImages.target()), forKey: kCIInputTargetImageKey)
        filter.setValue(time, forKey: kCIInputTimeKey)
        if filter.inputKeys.contains(kCIInputCenterKey) { filter.setValue(CIVector(x: 60, y: 45), forKey: kCIInputCenterKey) }
        if filter.inputKeys.contains(kCIInputExtentKey) { filter.setValue(CIVector(x: 0, y: 0, z: 120, w: 90), forKey: kCIInputExtentKey) }
        if name == "CIModTransition" { filter.setValue(12, forKey: kCIInputRadiusKey) }
        if name.hasPrefix("CIPageCurl") { filter.setValue(20, forKey: kCIInputRadiusKey) }
        if name == "CIDisintegrateWithMaskTransition" { filter.setValue(CIImage(cgImage: FilterTestImages.mask()), forKey: kCIInputMaskImageKey) }
        if name == "CISwipeTransition" || name == "CICopyMachineTransition" { filter.setValue(40, forKey: kCIInputWidthKey) }
        if name == "CIRippleTransition" { filter.setValue(30, forKey: kCIInputWidthKey) }
        for (key, value) in settings { filter.setValue(value, forKey: key) }
        let output = try #require(filter.outputImage)
        // A page curl's turned page lies beyond the pictures: look at the pictures' frame.
        return try (name.hasPrefix("CIPageCurl") ? output.cropped(to: CGRect(x: 0, y: 0, width: 120, height: 90)) : output).rendered()
    }

    /// How many pixels are nearer the target than the source.
    private func targetShare(_ image: CGImage) -> Int {
        let source = FilterTestImages.source().premultipliedBytes, target = FilterTestImages.target().premultipliedBytes
        let bytes = image.premultipliedBytes
        var count = 0
        for i in stride(from: 0, to: bytes.count, by: 4) {
            var toSource = 0, toTarget = 0
            for c in 0..<3 {
                toSource += abs(Int(bytes[i + c]) - Int(source[i + c]))
                toTarget += abs(Int(bytes[i + c]) - Int(target[i + c]))
            }
            if toTarget < toSource { count += 1 }
        }
        return count
    }

    @Test(arguments: names)
    func endsAreExact(name: String) throws {
        #expect(try transition(name, time: 0).premultipliedBytes == FilterTestImages.source().premultipliedBytes)
        #expect(try transition(name, time: 1).premultipliedBytes == FilterTestImages.target().premultipliedBytes)
        // Out of range and NaN times are clamped (NaN counts as the default, 0).
        #expect(try transition(name, time: 7).premultipliedBytes == FilterTestImages.target().premultipliedBytes)
        #expect(try transition(name, time: .nan).premultipliedBytes == FilterTestImages.source().premultipliedBytes)
    }

    /// Golden frames at ¼, ½ and ¾ side by side (looked at before committing).
    @Test(arguments: names)
    func goldenFrames(name: String) throws {
        // The accordion unfolds a 120 × 30 strip of the source into the target (images of
        // one size have no pleat to fold).
        let settings: [String: Any] = name != "CIAccordionFoldTransition" ? [:] : [
            kCIInputImageKey: CIImage(cgImage: FilterTestImages.source()).cropped(to: CGRect(x: 0, y: 0, width: 120, height: 30)),
            "inputBottomHeight": 8.0, "inputFoldShadowAmount": 0.5,
        ]
        let frames = try [0.25, 0.5, 0.75].map { try transition(name, time: $0, settings) }
        let strip = try CGContext.image(width: 360, height: 90) { context in
            for (i, frame) in frames.enumerated() {
                context.draw(frame, in: CGRect(x: 120 * i, y: 90 - frame.height, width: frame.width, height: frame.height))
            }
        }
        #expect(Golden.compare(strip, name) == nil)
    }

    /// The target takes over more of the picture as time goes on.
    @Test(arguments: ["CIBarsSwipeTransition", "CICopyMachineTransition", "CIDisintegrateWithMaskTransition", "CIFlashTransition",
                      "CIModTransition", "CIPageCurlTransition", "CIPageCurlWithShadowTransition", "CIRippleTransition",
                      "CISwipeTransition"])
    func progressIsMonotone(name: String) throws {
        let times = name == "CIFlashTransition" ? [0.86, 0.9, 0.95, 0.99] : [0.1, 0.3, 0.5, 0.7, 0.9]
        let shares = try times.map { try targetShare(transition(name, time: $0)) }
        #expect(shares == shares.sorted(), "\(shares)")
        #expect(shares.first! < shares.last!)
    }

    /// Dissolve mixes in linear light: halfway from black to white is sRGB 188.
    @Test func dissolveMixesInLinearLight() throws {
        let filter = try #require(CIFilter(name: "CIDissolveTransition"))
        filter.setValue(CIImage(color: .black), forKey: kCIInputImageKey)
        filter.setValue(CIImage(color: .white), forKey: kCIInputTargetImageKey)
        filter.setValue(0.5, forKey: kCIInputTimeKey)
        let output = try #require(filter.outputImage)
        let out = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(out.pixel(0, 0) == [188, 188, 188, 255])
    }

    /// Mod: the angle turns the hole pattern and the radius sizes it; holes open around the centre.
    @Test func modParametersMoveThePattern() throws {
        let base = try transition("CIModTransition", time: 0.4)
        #expect(try transition("CIModTransition", time: 0.4, [kCIInputAngleKey: 0.3]).premultipliedBytes != base.premultipliedBytes)
        let small = targetShare(try transition("CIModTransition", time: 0.3, [kCIInputRadiusKey: 6]))
        let large = targetShare(try transition("CIModTransition", time: 0.3, [kCIInputRadiusKey: 40]))
        #expect(small > 0 && large > 0 && small != large)
        // Moving the centre moves the pattern.
        #expect(try transition("CIModTransition", time: 0.4, [kCIInputCenterKey: CIVector(x: 10, y: 10)]).premultipliedBytes
                != base.premultipliedBytes)
    }

    /// Flash: the burst starts at the centre, white where it is strong (its light is the
    /// colour exposed twelve times over, clipped), and has whited out the extent by the fade
    /// threshold; a later threshold keeps it growing longer.
    @Test func flashGrowsFromTheCentre() throws {
        let early = try transition("CIFlashTransition", time: 0.15)
        let white: [UInt8] = [255, 255, 255, 255]
        let centre = early.pixel(60, 45), corner = early.pixel(2, 2)
        #expect(centre == white, "\(centre)")
        #expect(corner == FilterTestImages.source().pixel(2, 2))
        let full = try transition("CIFlashTransition", time: 0.85)
        #expect([full.pixel(0, 0), full.pixel(119, 89), full.pixel(60, 45)].allSatisfy { $0 == white })
        func lit(_ image: CGImage) -> Int {
            (0..<90).reduce(0) { sum, y in sum + (0..<120).filter { x in image.pixel(x, y) == white }.count }
        }
        let sooner = try transition("CIFlashTransition", time: 0.3)
        let later = try transition("CIFlashTransition", time: 0.3, ["inputFadeThreshold": 1.0])
        #expect(lit(early) < lit(sooner) && lit(later) < lit(sooner), "\(lit(early)) \(lit(sooner)) \(lit(later))")
        // The rays' soft ends take the colour (1, 0.8, 0.6): some pixels are warm, not white.
        #expect((0..<120).contains { x in let p = sooner.pixel(x, 45); return p[0] > 200 && p[2] + 30 < p[0] })
    }

    /// Seed 000's use: a clear image to a coloured one with the centre at 1.5 × the size.
    @Test func seed000ModTransitionFromClear() throws {
        let size = CGSize(width: 80, height: 60)
        let clear = CIImage(color: .clear).cropped(to: CGRect(origin: .zero, size: size))
        let white = CIImage(color: .white).cropped(to: CGRect(origin: .zero, size: size))
        for name in ["CIModTransition", "CIFlashTransition"] {
            let filter = try #require(CIFilter(name: name))
            filter.setValue(clear, forKey: kCIInputImageKey)
            filter.setValue(white, forKey: kCIInputTargetImageKey)
            filter.setValue(CIVector(x: size.width * 1.5, y: size.height * 1.5), forKey: kCIInputCenterKey)
            var coverage: [Double] = []
            for time in [0.0, name == "CIModTransition" ? 0.5 : 0.1, 1.0] {
                filter.setValue(time, forKey: kCIInputTimeKey)
                let image = try #require(filter.outputImage)
                let frame = try #require(CIContext().createCGImage(image, from: image.extent))
                #expect(frame.width == 80 && frame.height == 60)
                coverage.append(frame.totalCoverage)
            }
            #expect(coverage[0] == 0 && coverage[2] == 80 * 60, "\(name): \(coverage)")
            #expect(coverage[1] > 0 && coverage[1] < 80 * 60, "\(name): \(coverage)")
        }
    }
}
