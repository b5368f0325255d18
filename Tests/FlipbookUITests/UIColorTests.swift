import FlipbookGraphics
import FlipbookUI
import FlipbookTestSupport
import Foundation
import Testing

/// UIColor's initializers, components and named colours, against UIKit's documented values.
@Suite struct UIColorTests {
    private func rgba(_ color: UIColor) -> [CGFloat] {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        return [r, g, b, a]
    }

    private func close(_ a: [CGFloat], _ b: [CGFloat], within tolerance: CGFloat = 1e-6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func componentsRoundTrip() {
        #expect(close(rgba(UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)), [0.2, 0.4, 0.6, 0.8]))
        #expect(close(rgba(UIColor(white: 0.25, alpha: 1)), [0.25, 0.25, 0.25, 1]))
        var (w, a): (CGFloat, CGFloat) = (0, 0)
        #expect(UIColor(white: 0.25, alpha: 0.5).getWhite(&w, alpha: &a) && w == 0.25 && a == 0.5)
        #expect(!UIColor.red.getWhite(&w, alpha: &a))
        // Clamped to 0…1.
        #expect(close(rgba(UIColor(red: 1.5, green: -1, blue: 0.5, alpha: 2)), [1, 0, 0.5, 1]))
    }

    /// Hue, saturation, brightness: the six primary and secondary hues and gray.
    static let hueTable: [(Double, [Double])] = [
        (0, [1, 0, 0]), (1.0 / 6, [1, 1, 0]), (1.0 / 3, [0, 1, 0]), (0.5, [0, 1, 1]),
        (2.0 / 3, [0, 0, 1]), (5.0 / 6, [1, 0, 1]), (1, [1, 0, 0]),
    ]

    @Test(arguments: 0..<7)
    func hues(row: Int) {
        let (hue, expected) = Self.hueTable[row]
        let color = UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 1)
        #expect(close(rgba(color), expected.map { CGFloat($0) } + [1]))
        var (h, s, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        color.getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(abs(h - hue.truncatingRemainder(dividingBy: 1)) < 1e-9 && s == 1 && b == 1 && a == 1)
    }

    @Test func grayHasNoSaturation() {
        #expect(close(rgba(UIColor(hue: 0.3, saturation: 0, brightness: 0.5, alpha: 1)), [0.5, 0.5, 0.5, 1]))
    }

    @Test func namedColours() {
        #expect(close(rgba(.red), [1, 0, 0, 1]))
        #expect(close(rgba(.orange), [1, 0.5, 0, 1]))
        #expect(close(rgba(.brown), [0.6, 0.4, 0.2, 1]))
        #expect(close(rgba(.darkGray), [1.0 / 3, 1.0 / 3, 1.0 / 3, 1]))
        #expect(close(rgba(.clear), [0, 0, 0, 0]))
        #expect(close(rgba(.systemBlue), [0, 122.0 / 255, 1, 1]))
        #expect(close(rgba(.systemRed), [1, 59.0 / 255, 48.0 / 255, 1]))
        #expect(close(rgba(.secondaryLabel), [60.0 / 255, 60.0 / 255, 67.0 / 255, 0.6]))
    }

    @Test func alphaAndEquality() {
        #expect(close(rgba(UIColor.blue.withAlphaComponent(0.3)), [0, 0, 1, 0.3]))
        #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == UIColor.red)
        #expect(UIColor.red != UIColor.blue)
        #expect(UIColor.red.cgColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
    }

    /// Seed 000's colour-to-image helper: an image of the size at the screen's scale.
    @Test func seedImageHelper() throws {
        let image = try #require(UIColor(white: 0.2, alpha: 1).uiImage(size: CGSize(width: 4, height: 2)))
        #expect(image.size == CGSize(width: 4, height: 2) && image.scale == 3)
        let bitmap = try #require(image.cgImage)
        #expect(bitmap.width == 12 && bitmap.height == 6)
        // 0.2 gray in gamma 2.2 is code 51 in sRGB's 8 bits, within a level.
        #expect(abs(Int(bitmap.pixel(11, 5)[0]) - 51) <= 2 && bitmap.pixel(11, 5)[3] == 255)
        let clear = try #require(UIColor.clear.uiImage(size: CGSize(width: 2, height: 2))?.cgImage)
        #expect(clear.premultipliedBytes.allSatisfy { $0 == 0 })
    }
}
