@testable import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Pictures the filter tests transition between.
enum FilterTestImages {
    /// A warm picture: an orange-to-purple gradient with a white disc and a dark bar.
    static func source(width: Int = 120, height: Int = 90) -> CGImage {
        CGContext.testImage(width: width, height: height) { context in
            let space = CGColorSpace(name: CGColorSpace.sRGB)!
            let gradient = CGGradient(colorsSpace: space, colors: [CGColor(srgbRed: 1, green: 0.55, blue: 0.1, alpha: 1),
                                                                   CGColor(srgbRed: 0.45, green: 0.1, blue: 0.6, alpha: 1)],
                                      locations: nil)!
            context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
            context.setFillColor(CGColor(gray: 1, alpha: 1))
            context.fillEllipse(in: CGRect(x: width / 4, y: height / 4, width: width / 3, height: width / 3))
            context.setFillColor(CGColor(gray: 0.1, alpha: 1))
            context.fill(CGRect(x: 0, y: height * 3 / 4, width: width, height: height / 8))
        }
    }

    /// A cool picture: teal with a checkerboard of light squares.
    static func target(width: Int = 120, height: Int = 90) -> CGImage {
        CGContext.testImage(width: width, height: height) { context in
            context.setFillColor(CGColor(srgbRed: 0.05, green: 0.45, blue: 0.5, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
            context.setFillColor(CGColor(srgbRed: 0.8, green: 0.95, blue: 0.9, alpha: 1))
            for row in 0..<(height / 15 + 1) {
                for column in 0..<(width / 15 + 1) where (row + column) % 2 == 0 {
                    context.fill(CGRect(x: column * 15, y: row * 15, width: 15, height: 15))
                }
            }
        }
    }
}

extension FilterTestImages {
    /// A mask for CIDisintegrateWithMaskTransition: dark on the left brightening to the
    /// right, with a white disc at the top left.
    static func mask(width: Int = 120, height: Int = 90) -> CGImage {
        CGContext.testImage(width: width, height: height) { context in
            let space = CGColorSpace(name: CGColorSpace.sRGB)!
            let gradient = CGGradient(colorsSpace: space, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 0.8, alpha: 1)], locations: nil)!
            context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: 0), options: [])
            context.setFillColor(CGColor(gray: 1, alpha: 1))
            context.fillEllipse(in: CGRect(x: 10, y: 10, width: 30, height: 30))
        }
    }
}

extension CGContext {
    static func testImage(width: Int, height: Int, _ draw: (CGContext) -> Void) -> CGImage {
        try! CGContext.image(width: width, height: height, actions: draw)
    }
}

extension CIImage {
    /// The image rendered over its own extent.
    func rendered(threads: Int = 2) throws -> CGImage {
        let context = CIContext()
        context.maximumThreadCount = threads
        return try #require(context.createCGImage(self, from: extent))
    }
}

extension CIImage {
    /// The image rendered into floating-point pixels over `rect` (its extent by default): a
    /// full-frame intermediate, as an unfused renderer makes after every step, and a
    /// recipe that can only be rendered in floating point.
    func materialized(over rect: CGRect? = nil) -> CIImage {
        let rect = rect ?? extent
        let node = node.prepared(for: rect, threads: 1)
        return CIImage(node: RasterNode(raster: Raster(rendering: node, over: rect, threads: 1)))
    }
}

/// The filter diagnostics reported while `body` runs.
func collectingFilterDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    try collectingDiagnostics(from: FilterDiagnostics.channel, body)
}
