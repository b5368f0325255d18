import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Each transition's parameters move the effect the way Apple documents.
@Suite struct TransitionParameterTests {
    private let source = FilterTestImages.source(), target = FilterTestImages.target()

    private func frame(_ name: String, time: Double, _ settings: [String: Any] = [:]) throws -> CGImage {
        let filter = try #require(CIFilter(name: name))
        filter.setValue(CIImage(cgImage: source), forKey: kCIInputImageKey)
        filter.setValue(CIImage(cgImage: target), forKey: kCIInputTargetImageKey)
        filter.setValue(time, forKey: kCIInputTimeKey)
        if filter.inputKeys.contains(kCIInputExtentKey) { filter.setValue(CIVector(x: 0, y: 0, z: 120, w: 90), forKey: kCIInputExtentKey) }
        if filter.inputKeys.contains(kCIInputCenterKey) { filter.setValue(CIVector(x: 60, y: 45), forKey: kCIInputCenterKey) }
        for (key, value) in settings { filter.setValue(value, forKey: key) }
        let output = try #require(filter.outputImage)
        // A page curl's turned page lies beyond the pictures: look at the pictures' frame.
        return try (name.hasPrefix("CIPageCurl") ? output.cropped(to: CGRect(x: 0, y: 0, width: 120, height: 90)) : output).rendered()
    }

    /// Whether pixel (x, y) (top-left origin) is the source's or the target's, exactly.
    private func isSource(_ image: CGImage, _ x: Int, _ y: Int) -> Bool { image.pixel(x, y) == source.pixel(x, y) }
    private func isTarget(_ image: CGImage, _ x: Int, _ y: Int) -> Bool { image.pixel(x, y) == target.pixel(x, y) }
    private func brightness(_ image: CGImage) -> Int { image.premultipliedBytes.enumerated().reduce(0) { $1.offset % 4 == 3 ? $0 : $0 + Int($1.element) } }

    @Test func swipeRunsAlongTheAngleAndTintsItsEdge() throws {
        let right = try frame("CISwipeTransition", time: 0.5, [kCIInputWidthKey: 20])
        #expect(isTarget(right, 2, 45) && isSource(right, 117, 45))
        let left = try frame("CISwipeTransition", time: 0.5, [kCIInputWidthKey: 20, kCIInputAngleKey: Double.pi])
        #expect(isSource(left, 2, 45) && isTarget(left, 117, 45))
        // Opacity tints the edge with the colour.
        let tinted = try frame("CISwipeTransition", time: 0.5, [kCIInputWidthKey: 20, "inputOpacity": 1.0,
                                                                   kCIInputColorKey: CIColor(red: 1, green: 0, blue: 0)])
        let edge = try #require((0..<120).first { !isTarget(right, $0, 45) })
        let (plainPixel, tintedPixel) = (right.pixel(edge + 5, 45).map(Int.init), tinted.pixel(edge + 5, 45).map(Int.init))
        #expect(tintedPixel[1] + tintedPixel[2] + 40 < plainPixel[1] + plainPixel[2], "\(plainPixel) → \(tintedPixel)")
    }

    @Test func copyMachineLightBrightensAndColours() throws {
        let plain = try frame("CICopyMachineTransition", time: 0.5, [kCIInputWidthKey: 30, "inputOpacity": 0.0])
        let lit = try frame("CICopyMachineTransition", time: 0.5, [kCIInputWidthKey: 30])
        #expect(brightness(lit) > brightness(plain))
        #expect(isTarget(plain, 5, 45) && isSource(plain, 115, 45))
        let red = try frame("CICopyMachineTransition", time: 0.5, [kCIInputWidthKey: 30, kCIInputColorKey: CIColor(red: 1, green: 0, blue: 0)])
        #expect(red.premultipliedBytes != lit.premultipliedBytes)
    }

    @Test func barsRunAcrossTheAngleAndSlideAlongTheirLength() throws {
        // Angle π: the bars are columns 30 px wide, counted from the right edge (the corner
        // farthest against the angle); each slides its source up. With barOffset 1 the pace
        // is √90 + 3 (the fourth bar's whole height clears at time 1), so at t 0.6 bar j has
        // slid (7.4921 − j)² px: 56.13, 42.15, 30.16, 20.18, and the target starts below
        // row 89.5 − slide in each column.
        let bars = try frame("CIBarsSwipeTransition", time: 0.6, [kCIInputWidthKey: 30, "inputBarOffset": 1])
        let firstTargetRow = { (image: CGImage, x: Int) in (0..<90).first { self.isTarget(image, x, $0) } ?? 90 }
        #expect([110, 80, 50, 20].map { firstTargetRow(bars, $0) } == [34, 48, 60, 70])
        // Every column of a bar ends at the same row.
        #expect([91, 100, 119].allSatisfy { firstTargetRow(bars, $0) == 34 })
        // The source comes with the bar: what shows at row 10 came from 56 rows below.
        let moved = bars.pixel(110, 10).map(Int.init), from = source.pixel(110, 66).map(Int.init)
        #expect(zip(moved, from).allSatisfy { abs($0 - $1) <= 24 }, "\(moved) vs \(from)")
        // Angle 0: columns counted from the left edge, sliding down: the target starts at the top.
        let turned = try frame("CIBarsSwipeTransition", time: 0.6, [kCIInputWidthKey: 30, "inputBarOffset": 1, kCIInputAngleKey: 0.0])
        #expect(isTarget(turned, 10, 0) && !isTarget(turned, 10, 89) && isTarget(turned, 100, 50) == false)
        let lastTargetRow = { (image: CGImage, x: Int) in (0..<90).last { self.isTarget(image, x, $0) } ?? -1 }
        #expect([10, 40, 70, 100].map { lastTargetRow(turned, $0) } == [55, 41, 29, 19])
    }

    @Test func pageCurlTurnsTheNearSideOverShowingTheBackside() throws {
        // Angle 0: the page is lifted from its left side and turned over to the right. At
        // t 0.3 the fold is 0.3 × (120 + 15) = 40.5 px in; the 40.5 px lifted wrap round
        // the cylinder (less than its half turn, 15π), which covers 25.5…40.5 seen from
        // above, its back on top up to 34.1: the target shows left of 25.5, the flat page
        // right of 40.5.
        let curl = try frame("CIPageCurlTransition", time: 0.3, [kCIInputRadiusKey: 15])
        #expect(isTarget(curl, 2, 45) && isTarget(curl, 24, 45) && !isTarget(curl, 27, 45))
        #expect(isSource(curl, 118, 45) && isSource(curl, 41, 45) && !isSource(curl, 30, 45))
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 120, height: 90))
        let backed = try frame("CIPageCurlTransition", time: 0.3, [kCIInputRadiusKey: 15, "inputBacksideImage": red])
        #expect(backed.pixel(30, 45) == [255, 0, 0, 255] && backed.pixel(36, 45) != [255, 0, 0, 255])
        #expect(try frame("CIPageCurlTransition", time: 0.3, [kCIInputRadiusKey: 40]).premultipliedBytes != curl.premultipliedBytes)
        // At angle π the page is lifted from the right instead.
        let turned = try frame("CIPageCurlTransition", time: 0.3, [kCIInputRadiusKey: 15, kCIInputAngleKey: Double.pi])
        #expect(isTarget(turned, 117, 45) && isSource(turned, 1, 45))
    }

    @Test func pageCurlShadowDarkensTheTarget() throws {
        let settings: [String: Any] = [kCIInputRadiusKey: 15, "inputShadowSize": 1.0, "inputShadowAmount": 1.0]
        let shadowed = try frame("CIPageCurlWithShadowTransition", time: 0.4, settings)
        let plain = try frame("CIPageCurlWithShadowTransition", time: 0.4, settings.merging(["inputShadowAmount": 0.0]) { $1 })
        #expect(brightness(shadowed) < brightness(plain))
        #expect(plain.premultipliedBytes == (try frame("CIPageCurlTransition", time: 0.4, [kCIInputRadiusKey: 15]).premultipliedBytes))
    }

    @Test func rippleSpreadsFromTheCentre() throws {
        let ripple = try frame("CIRippleTransition", time: 0.3, [kCIInputWidthKey: 20])
        #expect(isTarget(ripple, 60, 45) && isSource(ripple, 1, 1))
        let moved = try frame("CIRippleTransition", time: 0.3, [kCIInputWidthKey: 20, kCIInputCenterKey: CIVector(x: 0, y: 90)])
        #expect(isTarget(moved, 1, 1) && isSource(moved, 118, 88))
        let dimple = try frame("CIRippleTransition", time: 0.3, [kCIInputWidthKey: 20, kCIInputScaleKey: -50.0])
        #expect(dimple.premultipliedBytes != ripple.premultipliedBytes)
        // Scale 0 bends nothing: each side of the crest is its own picture exactly.
        let flat = try frame("CIRippleTransition", time: 0.3, [kCIInputWidthKey: 20, kCIInputScaleKey: 0.0])
        #expect((0..<120).allSatisfy { isTarget(flat, $0, 45) || isSource(flat, $0, 45) })
    }

    @Test func disintegrateFollowsTheMaskAndCastsAShadow() throws {
        let mask = CIImage(cgImage: FilterTestImages.mask())
        let frame = try self.frame("CIDisintegrateWithMaskTransition", time: 0.3, [kCIInputMaskImageKey: mask, "inputShadowDensity": 0.0])
        // The dark left edge of the mask goes first; the white disc (top left, 10…40) last.
        #expect(frame.pixel(2, 80) == target.pixel(2, 80))
        #expect(frame.pixel(25, 25) != target.pixel(25, 25) && frame.pixel(100, 45) != target.pixel(100, 45))
        let shadowed = try self.frame("CIDisintegrateWithMaskTransition", time: 0.3, [kCIInputMaskImageKey: mask])
        #expect(brightness(shadowed) < brightness(frame))
    }

    @Test func accordionUnfoldsAShortSourceIntoTheTarget() throws {
        // A 120 × 30 strip of the source unfolding into the 120 × 90 target: at half time
        // the output is 60 tall; its top 20 rows and bottom 10 lie flat, the 30 between fold.
        let strip = CIImage(cgImage: source).cropped(to: CGRect(x: 0, y: 60, width: 120, height: 30))
            .transformed(by: CGAffineTransform(translationX: 0, y: -60))
        let settings: [String: Any] = [kCIInputImageKey: strip, "inputBottomHeight": 10.0, "inputFoldShadowAmount": 0.0]
        let folded = try frame("CIAccordionFoldTransition", time: 0.5, settings)
        #expect(folded.width == 120 && folded.height == 60)
        let insets: [Int] = (0..<60).map { row in (0..<120).first { folded.pixel($0, row)[3] > 0 } ?? 120 }
        #expect(insets[..<20].allSatisfy { $0 == 0 } && insets[50...].allSatisfy { $0 == 0 })
        #expect(insets[20..<50].contains { $0 > 0 })
        var shaded = settings
        shaded["inputFoldShadowAmount"] = 1.0
        #expect(brightness(try frame("CIAccordionFoldTransition", time: 0.5, shaded)) < brightness(folded))
        shaded["inputNumberOfFolds"] = 8.0
        #expect(try frame("CIAccordionFoldTransition", time: 0.5, shaded).premultipliedBytes != folded.premultipliedBytes)
    }
}
