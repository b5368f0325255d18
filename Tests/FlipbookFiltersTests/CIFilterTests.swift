import FlipbookFilters
import FlipbookGraphics
import Foundation
import Synchronization
import Testing

/// CIFilter by name: the registry, Apple's attribute dictionaries, defaults, bad input.
@Suite(.serialized) struct CIFilterTests {
    @Test func unknownNamesGiveNil() {
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
        #expect(CIFilter(name: "cimodtransition") == nil)
    }

    @Test func categories() {
        let transitions = CIFilter.filterNames(inCategory: kCICategoryTransition)
        #expect(transitions.contains("CIModTransition") && transitions.contains("CIFlashTransition")
                && transitions.contains("CIDissolveTransition"))
        #expect(!transitions.contains("CISourceOverCompositing"))
        #expect(transitions == ["CIAccordionFoldTransition", "CIBarsSwipeTransition", "CICopyMachineTransition",
                                "CIDisintegrateWithMaskTransition", "CIDissolveTransition", "CIFlashTransition", "CIModTransition",
                                "CIPageCurlTransition", "CIPageCurlWithShadowTransition", "CIRippleTransition", "CISwipeTransition"])
        #expect(CIFilter.filterNames(inCategory: nil).count >= transitions.count + 4)
        #expect(CIFilter.filterNames(inCategories: [kCICategoryTransition, kCICategoryInterlaced]) == ["CIDissolveTransition"])
    }

    /// Apple's attribute values for the inputs (defaults, hard and slider ranges, types).
    @Test(arguments: [
        ("CIModTransition", "inputAngle", 2.0, nil, nil, -2 * Double.pi, 2 * Double.pi, kCIAttributeTypeAngle),
        ("CIModTransition", "inputRadius", 150, 1, nil, 1, 200, kCIAttributeTypeDistance),
        ("CIModTransition", "inputCompression", 300, 1, nil, 100, 800, kCIAttributeTypeDistance),
        ("CIModTransition", "inputTime", 0, 0, 1, 0, 1, kCIAttributeTypeTime),
        ("CIFlashTransition", "inputMaxStriationRadius", 2.58, 0, nil, 0, 10, kCIAttributeTypeScalar),
        ("CIFlashTransition", "inputStriationStrength", 0.5, 0, nil, 0, 3, kCIAttributeTypeScalar),
        ("CIFlashTransition", "inputStriationContrast", 1.375, 0, nil, 0, 5, kCIAttributeTypeScalar),
        ("CIFlashTransition", "inputFadeThreshold", 0.85, 0, 1, 0, 1, kCIAttributeTypeScalar),
        ("CIDissolveTransition", "inputTime", 0, 0, 1, 0, 1, kCIAttributeTypeTime),
        ("CIAccordionFoldTransition", "inputNumberOfFolds", 3, 1, 50, 1, 10, kCIAttributeTypeScalar),
        ("CIAccordionFoldTransition", "inputFoldShadowAmount", 0.1, 0, 1, 0, 1, kCIAttributeTypeScalar),
        ("CIBarsSwipeTransition", "inputAngle", Double.pi, nil, nil, 0, 2 * Double.pi, kCIAttributeTypeAngle),
        ("CIBarsSwipeTransition", "inputWidth", 30, 2, nil, 2, 300, kCIAttributeTypeDistance),
        ("CIBarsSwipeTransition", "inputBarOffset", 10, 1, nil, 1, 100, kCIAttributeTypeScalar),
        ("CICopyMachineTransition", "inputWidth", 200, 0.1, nil, 0.1, 500, kCIAttributeTypeDistance),
        ("CICopyMachineTransition", "inputOpacity", 1.3, 0, nil, 0, 3, kCIAttributeTypeScalar),
        ("CIDisintegrateWithMaskTransition", "inputShadowRadius", 8, 0, nil, 0, 50, kCIAttributeTypeDistance),
        ("CIDisintegrateWithMaskTransition", "inputShadowDensity", 0.65, 0, 1, 0, 1, kCIAttributeTypeScalar),
        ("CIPageCurlTransition", "inputRadius", 100, 0.01, nil, 0.01, 400, kCIAttributeTypeDistance),
        ("CIPageCurlTransition", "inputAngle", 0, nil, nil, -Double.pi, Double.pi, kCIAttributeTypeAngle),
        ("CIPageCurlWithShadowTransition", "inputShadowSize", 0.5, 0, 1, 0, 1, kCIAttributeTypeDistance),
        ("CIPageCurlWithShadowTransition", "inputShadowAmount", 0.7, 0, 1, 0, 1, kCIAttributeTypeDistance),
        ("CIRippleTransition", "inputWidth", 100, 1, nil, 10, 300, kCIAttributeTypeDistance),
        ("CIRippleTransition", "inputScale", 50, -50, nil, -50, 50, kCIAttributeTypeScalar),
        ("CISwipeTransition", "inputWidth", 300, 0.1, nil, 0.1, 800, kCIAttributeTypeDistance),
        ("CISwipeTransition", "inputOpacity", 0, 0, nil, 0, 1, kCIAttributeTypeScalar),
    ] as [(String, String, Double, Double?, Double?, Double, Double, String)])
    func numberAttributes(filter name: String, key: String, defaultValue: Double, min: Double?, max: Double?,
                          sliderMin: Double, sliderMax: Double, type: String) throws {
        let filter = try #require(CIFilter(name: name))
        let attributes = try #require(filter.attributes[key] as? [String: Any])
        #expect(attributes[kCIAttributeDefault] as? Double == defaultValue)
        #expect(attributes[kCIAttributeMin] as? Double == min)
        #expect(attributes[kCIAttributeMax] as? Double == max)
        #expect(attributes[kCIAttributeSliderMin] as? Double == sliderMin)
        #expect(attributes[kCIAttributeSliderMax] as? Double == sliderMax)
        #expect(attributes[kCIAttributeType] as? String == type)
        #expect(attributes[kCIAttributeClass] as? String == "NSNumber")
        // As on iOS, a new filter holds its defaults.
        #expect(filter.value(forKey: key) as? Double == defaultValue)
    }

    @Test func vectorAndColorAttributes() throws {
        let flash = try #require(CIFilter(name: "CIFlashTransition"))
        #expect(flash.attributes[kCIAttributeFilterDisplayName] as? String == "Flash")
        #expect(flash.attributes[kCIAttributeFilterCategories] as? [String]
                == [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        let center = try #require(flash.attributes[kCIInputCenterKey] as? [String: Any])
        #expect(center[kCIAttributeDefault] as? CIVector == CIVector(x: 150, y: 150))
        #expect(center[kCIAttributeType] as? String == kCIAttributeTypePosition)
        let extent = try #require(flash.attributes[kCIInputExtentKey] as? [String: Any])
        #expect(extent[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 300, w: 300))
        #expect(flash.value(forKey: kCIInputColorKey) as? CIColor == CIColor(red: 1, green: 0.8, blue: 0.6))
        #expect(flash.inputKeys.first == kCIInputImageKey && flash.outputKeys == [kCIOutputImageKey])
    }

    /// A wrong type or a missing image: no output, and a diagnostic that names the key.
    @Test func badInputNamesTheKey() throws {
        let said = try collectingFilterDiagnostics {
            let filter = try #require(CIFilter(name: "CIModTransition"))
            filter.setValue(CIImage(color: .red), forKey: kCIInputImageKey)
            #expect(filter.outputImage == nil)  // no target
            filter.setValue(CIImage(color: .blue), forKey: kCIInputTargetImageKey)
            filter.setValue("soon", forKey: kCIInputTimeKey)
            #expect(filter.outputImage == nil)
            filter.setValue(0.5, forKey: kCIInputTimeKey)
            filter.setValue(CIColor.red, forKey: kCIInputCenterKey)
            #expect(filter.outputImage == nil)
            filter.setValue(CIVector(x: .nan, y: 2), forKey: kCIInputCenterKey)
            #expect(filter.outputImage == nil)
            filter.setValue(CIVector(x: 1, y: 2), forKey: kCIInputCenterKey)
            #expect(filter.outputImage != nil)
        }
        #expect(said.count == 4)
        #expect(said[0].contains("inputTargetImage") && said[0].contains("missing"))
        #expect(said[1].contains("inputTime") && said[2].contains("inputCenter") && said[3].contains("finite"))
    }

    /// Absurd extents are refused with an error rather than allocated.
    @Test func absurdExtentsAreRefused() throws {
        let huge = CIImage(cgImage: FilterTestImages.source()).transformed(by: CGAffineTransform(scaleX: 1e6, y: 1e6))
        #expect(throws: GraphicsError.self) { try CIContext().render(huge, from: huge.extent) }
        #expect(throws: GraphicsError.self) { try CIContext().render(CIImage(color: .red), from: .infinite) }
        #expect(throws: GraphicsError.self) { try CIContext().render(CIImage(color: .red), from: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4)) }
        #expect(CIContext().createCGImage(huge, from: huge.extent) == nil)
    }

    /// Images of different sizes combine over the union of their extents, as in Core
    /// Image; each is clear outside its own.
    @Test func differentSizesCombineOverTheUnion() throws {
        let big = CIImage(cgImage: FilterTestImages.source()), small = CIImage(cgImage: FilterTestImages.target(width: 60, height: 45))
        let filter = try #require(CIFilter(name: "CIDissolveTransition"))
        filter.setValue(big, forKey: kCIInputImageKey)
        filter.setValue(small, forKey: kCIInputTargetImageKey)
        filter.setValue(1.0, forKey: kCIInputTimeKey)
        let output = try #require(filter.outputImage)
        #expect(output.extent == CGRect(x: 0, y: 0, width: 120, height: 90))
        let frame = try output.rendered()
        // The small target sits at the bottom left (y up); above and right of it, clear.
        #expect(frame.pixel(10, 80) == FilterTestImages.target(width: 60, height: 45).pixel(10, 35))
        #expect(frame.pixel(100, 10) == [0, 0, 0, 0])
    }

    @Test func applyingFilterAndGenerators() throws {
        let image = CIImage(cgImage: FilterTestImages.source())
        let moved = image.applyingFilter("CIAffineTransform", parameters: [kCIInputTransformKey: CGAffineTransform(scaleX: 2, y: 2)])
        #expect(moved.extent == CGRect(x: 0, y: 0, width: 240, height: 180))
        let cropped = image.applyingFilter("CICrop", parameters: ["inputRectangle": CIVector(x: 0, y: 0, z: 10, w: 20)])
        #expect(cropped.extent == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(image.applyingFilter("CINoSuchFilter").extent.isEmpty)
        let red = try #require(CIFilter(name: "CIConstantColorGenerator")?.outputImage)
        #expect(red.extent.isInfinite)
        let over = try #require(CIFilter(name: "CISourceOverCompositing"))
        over.setValue(CIImage(color: .clear), forKey: kCIInputImageKey)
        over.setValue(image, forKey: kCIInputBackgroundImageKey)
        let composite = try #require(over.outputImage)
        let out = try #require(CIContext().createCGImage(composite, from: image.extent))
        #expect(out.premultipliedBytes == FilterTestImages.source().premultipliedBytes)
    }
}
