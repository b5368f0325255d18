import Flipbook
import Foundation

/// A picture for the eye: Apple's output, Flipbook's and their difference side by side,
/// each at most 600 pixels high.
enum ComparisonSheet {
    /// The three panels; the difference is each channel's absolute difference times four,
    /// opaque on black.
    static func make(apple: CGImage, flipbook: CGImage) throws -> CGImage {
        let scale = min(1, 600 / CGFloat(apple.height))
        let panel = CGSize(width: (CGFloat(apple.width) * scale).rounded(), height: (CGFloat(apple.height) * scale).rounded())
        let gap: CGFloat = 8
        let context = try CGContext(width: Int(panel.width * 3 + gap * 2), height: Int(panel.height))
        context.setFillColor(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: CGFloat(context.width), height: panel.height))
        for (k, image) in [apple, flipbook, try difference(apple, flipbook)].enumerated() {
            context.draw(image, in: CGRect(x: CGFloat(k) * (panel.width + gap), y: 0, width: panel.width, height: panel.height))
        }
        guard let sheet = context.makeImage() else { throw ReferenceError.noOutput("the comparison sheet") }
        return sheet
    }

    private static func difference(_ a: CGImage, _ b: CGImage) throws -> CGImage {
        let pa = a.withUnsafePremultipliedBytes { Array($0) }, pb = b.withUnsafePremultipliedBytes { Array($0) }
        var out = [UInt8](repeating: 255, count: pa.count)
        for i in 0..<min(pa.count, pb.count) where i % 4 != 3 {
            out[i] = UInt8(min(255, abs(Int(pa[i]) - Int(pb[i])) * 4))
        }
        return try CGImage(width: a.width, height: a.height, pixels: Data(out), layout: .rgba(premultiplied: true))
    }
}
