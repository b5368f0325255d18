import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook transition`'s frames: a transition filter between two pictures, inputs from
/// text. (`Recorder.record(_:duration:…)` records them; see FlipbookTests.)
@Suite struct TransitionFramesTests {
    @Test func framesRunFromSourceToResizedTarget() throws {
        let source = FilterTestImages.source(), target = FilterTestImages.target(width: 60, height: 45)
        let transition = try TransitionFrames(from: source, to: target, filter: "CIPageCurlTransition", inputs: ["inputRadius": "15"])
        #expect(transition.width == 120 && transition.height == 90)
        #expect(try transition.frame(at: 0).premultipliedBytes == source.premultipliedBytes)
        let last = try transition.frame(at: 1)
        // The target, doubled: its 15-pixel squares are 30 pixels now.
        #expect(last.pixel(5, 5) == last.pixel(25, 25) && last.pixel(5, 5) != last.pixel(35, 5))
        // The recipe renders the same picture in any context.
        let recipe = try transition.image(at: 0.4)
        #expect(recipe.extent == CGRect(x: 0, y: 0, width: 120, height: 90))
        let rendered = try CIContext().render(recipe, from: recipe.extent)
        #expect(rendered.premultipliedBytes == (try transition.frame(at: 0.4)).premultipliedBytes)
    }

    @Test func badInputsAreTypedErrors() throws {
        let image = FilterTestImages.source()
        #expect(throws: FilterError.unknownFilter("CINope")) { try TransitionFrames(from: image, to: image, filter: "CINope") }
        #expect(throws: FilterError.notATransition("CIGaussianBlur")) { try TransitionFrames(from: image, to: image, filter: "CIGaussianBlur") }
        #expect(throws: FilterError.unknownInput(filter: "CIModTransition", key: "inputNope")) {
            try TransitionFrames(from: image, to: image, filter: "CIModTransition", inputs: ["inputNope": "1"])
        }
        #expect(throws: FilterError.badValue(key: "inputCenter", value: "1", expected: "2 comma-separated numbers")) {
            try TransitionFrames(from: image, to: image, filter: "CIModTransition", inputs: ["inputCenter": "1"])
        }
        #expect(throws: FilterError.self) {
            try TransitionFrames(from: image, to: image, filter: "CIDisintegrateWithMaskTransition", inputs: ["inputMaskImage": "/no/such.png"])
        }
    }

    @Test func summaryListsInputsWithDefaultsAndRanges() throws {
        let summary = try #require(CIFilter(name: "CIModTransition")).summary
        #expect(summary.contains("inputRadius: number = 150.0, range 1.0…∞, slider 1.0…200.0"))
        #expect(summary.contains("inputCenter: vector = 150.0,150.0"))
        #expect(summary.hasPrefix("CIModTransition — Mod"))
    }
}
