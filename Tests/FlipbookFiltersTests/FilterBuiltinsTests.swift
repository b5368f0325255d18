import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// The typed builders (CIFilterBuiltins): properties read and write Apple's inputs.
@Suite struct FilterBuiltinsTests {
    @Test func modTransitionAsSeed000WouldWriteIt() throws {
        let filter = CIFilter.modTransition()
        #expect(filter.name == "CIModTransition")
        // Defaults are there from the start.
        #expect(filter.angle == 2 && filter.radius == 150 && filter.compression == 300 && filter.center == CGPoint(x: 150, y: 150))
        filter.inputImage = CIImage(cgImage: FilterTestImages.source())
        filter.targetImage = CIImage(cgImage: FilterTestImages.target())
        filter.center = CGPoint(x: 60, y: 45)
        filter.radius = 12
        filter.time = 0.4
        #expect(filter.value(forKey: kCIInputCenterKey) as? CIVector == CIVector(x: 60, y: 45))
        #expect(filter.value(forKey: kCIInputRadiusKey) as? Double == 12)
        // The same output as setting the keys by name.
        let named = try #require(CIFilter(name: "CIModTransition"))
        for key in filter.inputKeys { named.setValue(filter.value(forKey: key), forKey: key) }
        #expect(try #require(filter.outputImage).rendered().premultipliedBytes
                == (try #require(named.outputImage).rendered().premultipliedBytes))
    }

    @Test func everyBuilderMakesItsFilter() {
        let transitions: [any CITransitionFilter & CIFilter] = [
            CIFilter.accordionFoldTransition(), CIFilter.barsSwipeTransition(), CIFilter.copyMachineTransition(),
            CIFilter.disintegrateWithMaskTransition(), CIFilter.dissolveTransition(), CIFilter.flashTransition(), CIFilter.modTransition(),
            CIFilter.pageCurlTransition(), CIFilter.pageCurlWithShadowTransition(), CIFilter.rippleTransition(), CIFilter.swipeTransition(),
        ]
        #expect(transitions.map(\.name) == CIFilter.filterNames(inCategory: kCICategoryTransition))
        #expect(transitions.allSatisfy { $0.time == 0 })
        let flash = CIFilter.flashTransition()
        flash.color = .red
        flash.extent = CGRect(x: 0, y: 0, width: 120, height: 90)
        flash.fadeThreshold = 0.5
        #expect(flash.value(forKey: kCIInputColorKey) as? CIColor == .red && flash.extent.width == 120 && flash.fadeThreshold == 0.5)
        let curl = CIFilter.pageCurlWithShadowTransition()
        curl.shadowExtent = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(curl.value(forKey: "inputShadowExtent") as? CIVector == CIVector(x: 1, y: 2, z: 3, w: 4) && curl.shadowAmount == 0.7)
        let exposure = CIFilter.exposureAdjust()
        exposure.ev = 1.5
        #expect(exposure.value(forKey: kCIInputEVKey) as? Double == 1.5)
        let gradient = CIFilter.linearGradient()
        gradient.point1 = CGPoint(x: 10, y: 0)
        #expect(gradient.point1.x == 10 && gradient.color0 == .white && gradient.outputImage?.extent.isInfinite == true)
        let blur = CIFilter.gaussianBlur()
        #expect(blur.radius == 10 && blur.outputImage == nil)
        #expect(CIFilter.screenBlendMode().name == "CIScreenBlendMode" && CIFilter.stripesGenerator().width == 80)
    }
}
