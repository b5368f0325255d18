import FlipbookGraphics
import Foundation
import Testing

/// `ImageDifference` against scikit-image 0.22's `rgb2lab` and `deltaE_ciede94` (graphic
/// arts weights, the first colour the reference): the values below were printed by it.
@Suite struct ImageDifferenceTests {
    static let skimage: [(reference: [Int], sample: [Int], deltaE: Double)] = [
        ([255, 0, 0], [254, 0, 0], 0.2131),
        ([128, 128, 128], [129, 128, 128], 0.4056),
        ([0, 0, 0], [255, 255, 255], 100.0),
        ([255, 0, 0], [0, 0, 255], 70.5799),
        ([30, 144, 255], [30, 150, 250], 3.1745),
        ([200, 180, 40], [190, 185, 60], 3.7724),
        ([10, 10, 10], [12, 9, 11], 1.1972),
    ]

    static func image(_ pixels: [[Int]], width: Int) throws -> CGImage {
        try CGImage(width: width, height: pixels.count / width, pixels: Data(pixels.flatMap { $0.map(UInt8.init) }),
                    layout: .rgba(premultiplied: true))
    }

    @Test(arguments: skimage)
    func deltaE1994MatchesScikitImage(reference: [Int], sample: [Int], deltaE: Double) throws {
        let a = try Self.image([reference + [255]], width: 1), b = try Self.image([sample + [255]], width: 1)
        let difference = try #require(ImageDifference(b, from: a, tolerance: 0))
        #expect(abs(difference.largestDeltaE - deltaE) < 0.002, "\(reference) → \(sample): \(difference.largestDeltaE)")
    }

    @Test func pixelsBeyondTheToleranceDiffer() throws {
        let reference = try Self.image([[255, 0, 0, 255], [30, 144, 255, 255], [10, 10, 10, 255], [0, 0, 0, 0]], width: 2)
        let actual = try Self.image([[254, 0, 0, 255], [30, 150, 250, 255], [10, 10, 10, 255], [0, 0, 0, 0]], width: 2)
        let exact = try #require(ImageDifference(actual, from: reference))
        #expect(exact.differingPixels == 2 && exact.changedPixels == 2 && exact.largestChannelDifference == 6)
        #expect(exact.matchingFraction == 0.5)
        // ΔE 0.21 passes a tolerance of 2, ΔE 3.17 does not.
        let perceptual = try #require(ImageDifference(actual, from: reference, tolerance: 2))
        #expect(perceptual.differingPixels == 1 && perceptual.changedPixels == 2)
        #expect(abs(perceptual.largestDeltaE - 3.1745) < 0.002)
    }

    @Test func transparencyIsAChangeOfColour() throws {
        // Opaque white against clear: the same premultiplied colour over black would be
        // a different one; over white the clear pixel is white. Either way it differs.
        let reference = try Self.image([[0, 0, 0, 0]], width: 1), actual = try Self.image([[255, 255, 255, 255]], width: 1)
        let difference = try #require(ImageDifference(actual, from: reference, tolerance: 2))
        #expect(difference.differingPixels == 1 && difference.largestDeltaE > 99)
        let halfClear = try Self.image([[0, 0, 0, 128]], width: 1), black = try Self.image([[0, 0, 0, 255]], width: 1)
        #expect(try #require(ImageDifference(halfClear, from: black, tolerance: 2)).differingPixels == 1)
    }

    @Test func differentSizesHaveNoDifference() throws {
        #expect(ImageDifference(try Self.image([[0, 0, 0, 255]], width: 1), from: try Self.image([[0, 0, 0, 255], [0, 0, 0, 255]], width: 2)) == nil)
    }

    @Test func theDifferenceImageShowsDifferingPixelsInRed() throws {
        let reference = try Self.image([[0, 0, 0, 255], [255, 255, 255, 255], [0, 0, 0, 0]], width: 3)
        let actual = try Self.image([[0, 0, 0, 255], [0, 0, 0, 255], [0, 0, 0, 0]], width: 3)
        let picture = try #require(ImageDifference(actual, from: reference)).makeImage()
        let bytes = picture.withUnsafePremultipliedBytes { Array($0) }
        // Black stays the palest grey's darkest, 192; the changed pixel is red; clear reads as white.
        #expect(Array(bytes[0..<4]) == [192, 192, 192, 255])
        #expect(Array(bytes[4..<8]) == [255, 0, 0, 255])
        #expect(Array(bytes[8..<12]) == [255, 255, 255, 255])
    }
}
