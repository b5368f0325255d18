@testable import FlipbookFilters
import FlipbookTestSupport
import Foundation
import Testing

/// Inputs given as text (`flipbook transition --param key=value`) outside what a filter can
/// use: beyond a hard range they are clamped, as Core Image clamps them, and said so;
/// numbers that are not finite, or far beyond an input's useful range, are refused.
struct FilterTextInputTests {
    @Test func hardRangesClampAndSaySo() throws {
        let fold = try #require(CIFilter(name: "CIAccordionFoldTransition"))
        let messages = try collectingDiagnostics(from: FilterDiagnostics.channel) {
            try fold.setValue(parsing: "1e9", forKey: "inputNumberOfFolds")
        }
        #expect(fold.value(forKey: "inputNumberOfFolds") as? Double == 50)
        #expect(messages == ["CIAccordionFoldTransition: inputNumberOfFolds=1e9 is above its maximum 50.0; 50.0 is used"])
        // Heard here too, so that the message does not land in another test's list.
        let below = try collectingDiagnostics(from: FilterDiagnostics.channel) {
            try fold.setValue(parsing: "0", forKey: "inputNumberOfFolds")
        }
        #expect(fold.value(forKey: "inputNumberOfFolds") as? Double == 1)
        #expect(below == ["CIAccordionFoldTransition: inputNumberOfFolds=0 is below its minimum 1.0; 1.0 is used"])
    }

    @Test(arguments: [("CIBarsSwipeTransition", "inputWidth", "nan"), ("CIRippleTransition", "inputWidth", "inf"),
                      ("CIGaussianBlur", "inputRadius", "1e308"), ("CIGaussianBlur", "inputRadius", "1e6"),
                      ("CIRippleTransition", "inputCenter", "1e300,4")])
    func unusableNumbersAreRefused(filter: String, key: String, text: String) throws {
        let made = try #require(CIFilter(name: filter))
        #expect(throws: FilterError.self) { try made.setValue(parsing: text, forKey: key) }
    }

    @Test func usableNumbersAreKept() throws {
        let blur = try #require(CIFilter(name: "CIGaussianBlur"))
        try blur.setValue(parsing: "250", forKey: "inputRadius")  // beyond the slider, within reach
        #expect(blur.value(forKey: "inputRadius") as? Double == 250)
    }
}
