import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Blend results for one opaque source pixel over one opaque destination pixel, computed by
/// hand from the W3C Compositing and Blending formulas and Porter-Duff's table.
struct BlendModeTests {
    struct Case: Sendable, CustomStringConvertible {
        let mode: CGBlendMode
        let source: [CGFloat]  // straight RGBA
        let destination: [CGFloat]
        let expected: [UInt8]  // premultiplied RGBA8
        var description: String { "\(mode)" }
    }

    static let gray50: [CGFloat] = [0.5, 0.5, 0.5, 1]
    static let cases: [Case] = [
        Case(mode: .normal, source: [1, 0, 0, 0.5], destination: [0, 0, 1, 1], expected: [128, 0, 127, 255]),
        Case(mode: .multiply, source: gray50, destination: gray50, expected: [64, 64, 64, 255]),
        Case(mode: .screen, source: gray50, destination: gray50, expected: [191, 191, 191, 255]),
        Case(mode: .darken, source: [0.2, 0.8, 0.5, 1], destination: [0.6, 0.4, 0.5, 1], expected: [51, 102, 128, 255]),
        Case(mode: .lighten, source: [0.2, 0.8, 0.5, 1], destination: [0.6, 0.4, 0.5, 1], expected: [153, 204, 128, 255]),
        Case(mode: .difference, source: [0.2, 0.8, 0.5, 1], destination: [0.6, 0.4, 0.5, 1], expected: [102, 102, 0, 255]),
        // exclusion: b + s − 2bs = 0.6 + 0.2 − 0.24 = 0.56.
        Case(mode: .exclusion, source: [0.2, 0.2, 0.2, 1], destination: [0.6, 0.6, 0.6, 1], expected: [143, 143, 143, 255]),
        // overlay with backdrop 0.25 (≤ ½): 2·s·b = 2·0.5·0.25 = 0.25.
        Case(mode: .overlay, source: gray50, destination: [0.25, 0.25, 0.25, 1], expected: [64, 64, 64, 255]),
        // hard light with source 0.75: screen(b, 2s − 1) = 0.5 + 0.5 − 0.25 = 0.75.
        Case(mode: .hardLight, source: [0.75, 0.75, 0.75, 1], destination: gray50, expected: [191, 191, 191, 255]),
        // colour dodge: b / (1 − s) = 0.25 / 0.5.
        Case(mode: .colorDodge, source: gray50, destination: [0.25, 0.25, 0.25, 1], expected: [128, 128, 128, 255]),
        // colour burn: 1 − (1 − b) / s = 1 − 0.25 / 0.5.
        Case(mode: .colorBurn, source: gray50, destination: [0.75, 0.75, 0.75, 1], expected: [128, 128, 128, 255]),
        // luminosity of a gray source over red keeps red's hue at the gray's luminance: red
        // has lum 0.3; SetLum(red, 0.5) adds 0.2 to each channel → (1.2, 0.2, 0.2), then
        // ClipColor pulls the max back to 1: l + (c − l)·(1 − l)/(x − l) = (1, 0.2857, 0.2857).
        Case(mode: .luminosity, source: gray50, destination: [1, 0, 0, 1], expected: [255, 73, 73, 255]),
        Case(mode: .copy, source: [1, 0, 0, 0.5], destination: [0, 0, 1, 1], expected: [128, 0, 0, 128]),
        Case(mode: .sourceIn, source: [1, 0, 0, 1], destination: [0, 0, 1, 0.5], expected: [128, 0, 0, 128]),
        Case(mode: .sourceOut, source: [1, 0, 0, 1], destination: [0, 0, 1, 1], expected: [0, 0, 0, 0]),
        Case(mode: .sourceAtop, source: [1, 0, 0, 1], destination: [0, 0, 1, 1], expected: [255, 0, 0, 255]),
        Case(mode: .destinationOver, source: [1, 0, 0, 1], destination: [0, 0, 1, 0.5], expected: [128, 0, 128, 255]),
        Case(mode: .destinationIn, source: [1, 0, 0, 0.5], destination: [0, 0, 1, 1], expected: [0, 0, 128, 128]),
        Case(mode: .destinationOut, source: [1, 0, 0, 0.5], destination: [0, 0, 1, 1], expected: [0, 0, 128, 128]),
        Case(mode: .destinationAtop, source: [1, 0, 0, 1], destination: [0, 0, 1, 0.5], expected: [128, 0, 128, 255]),
        Case(mode: .xor, source: [1, 0, 0, 1], destination: [0, 0, 1, 1], expected: [0, 0, 0, 0]),
        Case(mode: .clear, source: [1, 0, 0, 1], destination: [0, 0, 1, 1], expected: [0, 0, 0, 0]),
        Case(mode: .plusLighter, source: [0.5, 0.25, 0, 1], destination: [0.25, 0.25, 1, 1], expected: [191, 128, 255, 255]),
        // plus darker: max(0, s + d − 1) for opaque pixels.
        Case(mode: .plusDarker, source: [0.75, 0.5, 0.25, 1], destination: [0.5, 0.75, 0.5, 1], expected: [64, 64, 0, 255]),
    ]

    @Test(arguments: cases)
    func blendsOnePixel(_ c: Case) throws {
        let context = try CGContext(width: 4, height: 1)
        context.setFillColor(CGColor(red: c.destination[0], green: c.destination[1], blue: c.destination[2], alpha: c.destination[3]))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        context.setBlendMode(c.mode)
        context.setFillColor(CGColor(red: c.source[0], green: c.source[1], blue: c.source[2], alpha: c.source[3]))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = context.makeImage()!
        let got = image.pixel(0, 0)
        #expect(zip(got, c.expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(c.mode): got \(got), expected \(c.expected)")
        // Every mode is bounded by the shape: the pixel outside keeps the destination.
        let a = c.destination[3]
        let destination = [c.destination[0] * a, c.destination[1] * a, c.destination[2] * a, a].map { UInt8(($0 * 255).rounded()) }
        #expect(image.pixel(3, 0) == destination)
    }

    /// `.clear` under partial coverage keeps the destination scaled by what is uncovered:
    /// a rectangle from x = 0.25 covers three quarters of pixel 0 and all of pixel 1.
    @Test func clearKeepsWhatIsUncovered() throws {
        let context = try CGContext(width: 3, height: 1)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        context.clear(CGRect(x: 0.25, y: 0, width: 1.75, height: 1))
        let image = try #require(context.makeImage())
        #expect(image.pixel(0, 0) == [0, 0, 64, 64])
        #expect(image.pixel(1, 0) == [0, 0, 0, 0])
        #expect(image.pixel(2, 0) == [0, 0, 255, 255])
    }

    @Test func everyModeIsCovered() {
        #expect(Set(Self.cases.map(\.mode)).count >= 24)
        #expect(CGBlendMode.allCases.count == 28)
    }
}
