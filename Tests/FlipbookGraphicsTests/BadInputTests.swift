import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Input a user can get wrong gives a defined result or a thrown error, never a crash or hang.
struct BadInputTests {
    @Test func contextSizesAreChecked() {
        #expect(throws: GraphicsError.invalidSize(width: 0, height: 10)) { try CGContext(width: 0, height: 10) }
        #expect(throws: GraphicsError.invalidSize(width: -5, height: 10)) { try CGContext(width: -5, height: 10) }
        #expect(throws: GraphicsError.tooLarge(width: 100_000, height: 100_000)) { try CGContext(width: 100_000, height: 100_000) }
        #expect(throws: GraphicsError.tooLarge(width: 40_000, height: 1)) { try CGContext(width: 40_000, height: 1) }
        #expect(CGContext(data: nil, width: 0, height: 0, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) != nil)
        #expect(GraphicsError.tooLarge(width: 1, height: 1).description.contains("limit"))
    }

    @Test func nonFiniteCoordinatesAreIgnored() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        path.addLine(to: CGPoint(x: 1, y: 1))
        #expect(path.isEmpty, "a NaN move is dropped, and a line without a current point too")
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: CGFloat.infinity, y: 5))
        path.addCurve(to: CGPoint(x: 5, y: 5), control1: CGPoint(x: CGFloat.nan, y: 0), control2: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 0))
        let context = try CGContext(width: 20, height: 20)
        context.move(to: CGPoint(x: CGFloat.nan, y: CGFloat.nan))
        context.addLine(to: CGPoint(x: 10, y: 10))
        context.fillPath()
        context.fill(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        context.fill(CGRect.infinite)
        context.translateBy(x: .nan, y: 0)
        #expect(context.ctm == .identity)
        context.strokeEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
        context.draw(try CGImage(width: 1, height: 1, pixels: Data([255, 0, 0, 255]), layout: .rgba(premultiplied: true)),
                     in: CGRect(x: 0, y: 0, width: 0, height: 0))
        #expect(context.makeImage()!.totalCoverage == 0)
    }

    @Test func hugeCoordinatesFinishQuickly() throws {
        let context = try CGContext(width: 50, height: 50)
        context.move(to: CGPoint(x: -1e30, y: -1e30))
        context.addLine(to: CGPoint(x: 1e30, y: 10))
        context.addLine(to: CGPoint(x: 10, y: 1e30))
        context.fillPath()
        context.setLineWidth(1e9)
        context.move(to: .zero)
        context.addCurve(to: CGPoint(x: 1e12, y: 1), control1: CGPoint(x: -1e12, y: 5), control2: CGPoint(x: 3, y: 1e12))
        context.strokePath()
        #expect(context.makeImage() != nil)
    }

    @Test func degeneratePathsHaveDefinedResults() throws {
        let context = try CGContext(width: 40, height: 40)
        context.setLineWidth(10)
        // A zero-length segment draws a dot with round caps ...
        context.setLineCap(.round)
        context.move(to: CGPoint(x: 10, y: 10))
        context.addLine(to: CGPoint(x: 10, y: 10))
        context.strokePath()
        // ... and nothing with butt caps.
        context.setLineCap(.butt)
        context.move(to: CGPoint(x: 30, y: 30))
        context.addLine(to: CGPoint(x: 30, y: 30))
        context.strokePath()
        // A zero-radius arc adds only its (coincident) points.
        context.addArc(center: CGPoint(x: 30, y: 10), radius: 0, startAngle: 0, endAngle: 3, clockwise: false)
        context.strokePath()
        // A negative radius adds nothing.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: -5, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(path.isEmpty)
        let image = context.makeImage()!
        #expect(image.pixel(10, 10)[3] == 255)
        #expect(image.pixel(30, 30)[3] == 0)
        #expect(image.pixel(30, 10)[3] == 0)
        #expect(abs(image.totalCoverage - .pi * 25) < 0.05 * .pi * 25)
    }

    @Test func negativeWidthsAndEmptyDashesStrokeDefinedly() throws {
        func stroke(_ configure: (CGContext) -> Void) throws -> [UInt8] {
            let context = try CGContext(width: 60, height: 20)
            context.setLineWidth(4)
            configure(context)
            context.move(to: CGPoint(x: 5, y: 10))
            context.addLine(to: CGPoint(x: 55, y: 10))
            context.strokePath()
            return context.makeImage()!.withUnsafePremultipliedBytes { Array($0) }
        }
        let solid = try stroke { _ in }
        #expect(try stroke { $0.setLineWidth(-3) } == solid, "a negative width is ignored")
        #expect(try stroke { $0.setLineWidth(.nan) } == solid)
        #expect(try stroke { $0.setLineDash(phase: 0, lengths: [0, 0]) } == solid, "a zero-sum pattern strokes solid")
        #expect(try stroke { $0.setLineDash(phase: 0, lengths: [4, -4]) } == solid)
        #expect(try stroke { $0.setLineDash(phase: .nan, lengths: [4, 4]) } == solid)
        #expect(try stroke { $0.setLineDash(phase: 0, lengths: [4, 4]) } != solid)
        // An absurdly fine pattern is capped, not a hang.
        let fine = CGMutablePath()
        fine.move(to: .zero)
        fine.addLine(to: CGPoint(x: 1e6, y: 0))
        #expect(!fine.copy(dashingWithPhase: 0, lengths: [1e-6, 1e-6]).isEmpty)
    }

    @Test func imagesRejectShortOrOversizedData() {
        #expect(throws: GraphicsError.pixelDataTooShort(needed: 16, got: 3)) {
            try CGImage(width: 2, height: 2, pixels: Data([1, 2, 3]), layout: .rgba(premultiplied: false))
        }
        #expect(throws: GraphicsError.tooLarge(width: 1 << 20, height: 1 << 20)) {
            try CGImage(width: 1 << 20, height: 1 << 20, pixels: Data(), layout: .gray)
        }
        #expect(CGImage(width: 2, height: 2, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 16,
                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .last),
                        provider: CGDataProvider(data: Data(count: 64))!, decode: nil,
                        shouldInterpolate: true, intent: .defaultIntent) == nil)
    }
}
