import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// `CIContext.render(_:toBitmap:rowBytes:bounds:format:colorSpace:)`: the caller's memory,
/// three byte orders, rows with padding left alone, and bad arguments refused; and a
/// rectangle with fractional edges laid out as Apple's `createCGImage` lays it.
@Suite struct CIContextTests {
    private let width = 120, height = 90, rowBytes = 120 * 4 + 12

    /// Renders into a buffer whose every byte starts as 0xAB.
    private func bitmap(_ image: CIImage, format: CIFormat, rowBytes: Int, bounds: CGRect? = nil) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xAB, count: rowBytes * height)
        bytes.withUnsafeMutableBytes { buffer in
            CIContext().render(image, toBitmap: buffer.baseAddress!, rowBytes: rowBytes,
                               bounds: bounds ?? CGRect(x: 0, y: 0, width: width, height: height), format: format, colorSpace: nil)
        }
        return bytes
    }

    /// A dissolve (rendered straight in 8-bit) and a blur (in floating point).
    private var images: [CIImage] {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        return [a.applyingFilter("CIDissolveTransition", parameters: [kCIInputTargetImageKey: b, kCIInputTimeKey: 0.4]),
                a.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 3])]
    }

    @Test(arguments: [(CIFormat.RGBA8, [0, 1, 2, 3]), (.BGRA8, [2, 1, 0, 3]), (.ARGB8, [3, 0, 1, 2])])
    func byteOrders(format: CIFormat, order: [Int]) throws {
        for image in images {
            let expected = try #require(CIContext().createCGImage(image, from: CGRect(x: 0, y: 0, width: width, height: height))).premultipliedBytes
            let bytes = bitmap(image, format: format, rowBytes: rowBytes)
            var wrong = 0
            for row in 0..<height {
                for column in 0..<width {
                    for (k, source) in order.enumerated() where bytes[row * rowBytes + 4 * column + k] != expected[(row * width + column) * 4 + source] {
                        wrong += 1
                    }
                }
                // The padding at the end of each row is not written.
                #expect(bytes[(row * rowBytes + width * 4)..<((row + 1) * rowBytes)].allSatisfy { $0 == 0xAB })
            }
            #expect(wrong == 0)
        }
    }

    /// Rows too short, bounds that are empty, infinite or not numbers, and formats Flipbook
    /// does not write: nothing is written, and a diagnostic says why.
    /// A rectangle between pixels: as many pixels as it covers rounded out, sampled on a
    /// grid from its own top-left corner, as Apple's accordion fold frame shows (its
    /// extent from x −125.75 came out 1501 pixels wide with its pictures on that grid:
    /// 42.7 dB against Apple's PNG so, 39.1 on the grid from −126 and 28.5 from the
    /// bottom-left corner).
    @Test func aFractionalRectangleIsSampledFromItsTopLeftCorner() throws {
        let red = CIImage(color: CIColor(red: 1, green: 0, blue: 0)).cropped(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        let image = try #require(CIContext().createCGImage(red, from: CGRect(x: -0.25, y: -0.5, width: 10, height: 10.5)))
        #expect(image.width == 11 && image.height == 11)
        // Columns' centres at x 0.25, 1.25, …: the first five red; rows' centres from y 9.5
        // down: rows 5…9 (y 4.5 … 0.5) red, row 10 (y −0.5) not.
        let redColumns = (0..<11).filter { image.pixel($0, 7)[0] == 255 }, redRows = (0..<11).filter { image.pixel(2, $0)[0] == 255 }
        #expect(redColumns == Array(0...4) && redRows == Array(5...9), "\(redColumns) \(redRows)")
        // Whole rectangles are as they were.
        let whole = try #require(CIContext().createCGImage(red, from: CGRect(x: -1, y: 0, width: 7, height: 5)))
        #expect(whole.width == 7 && (0..<7).filter { whole.pixel($0, 2)[0] == 255 } == Array(1...5))
    }

    @Test func badArgumentsWriteNothing() {
        let image = images[0]
        var untouched = true
        // Only this test's messages: another test's filter may report at the same time.
        let said = collectingFilterDiagnostics {
            untouched = bitmap(image, format: .RGBA8, rowBytes: width * 4 - 1).allSatisfy { $0 == 0xAB } && untouched
            for bounds in [CGRect.zero, .infinite, CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)] {
                untouched = bitmap(image, format: .RGBA8, rowBytes: rowBytes, bounds: bounds).allSatisfy { $0 == 0xAB } && untouched
            }
            untouched = bitmap(image, format: CIFormat(rawValue: 7), rowBytes: rowBytes).allSatisfy { $0 == 0xAB } && untouched
        }.filter { $0.hasPrefix("CIContext.render(_:toBitmap:)") }
        #expect(untouched)
        #expect(said.count == 5)
        #expect(said.first?.contains("rowBytes 479") == true)
        #expect(said.last?.contains("format 7") == true)
    }
}
