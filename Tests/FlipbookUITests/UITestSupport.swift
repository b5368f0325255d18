@testable import FlipbookUI
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// The UI diagnostics reported while `body` runs.
func collectingUIDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    try collectingDiagnostics(from: UIDiagnostics.channel, body)
}

extension CGImage {
    /// The premultiplied RGBA of the pixel at (x, y), top-left origin.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let bytes = premultipliedBytes, i = (y * width + x) * 4
        return Array(bytes[i..<(i + 4)])
    }
}

extension UIColor {
    /// Seed 000's helper: a one-colour image through an image context.
    func uiImage(size: CGSize = CGSize(width: 1, height: 1)) -> UIImage? {
        let rect = CGRect(origin: .zero, size: size)
        UIGraphicsBeginImageContextWithOptions(rect.size, false, 0.0)
        self.setFill()
        UIRectFill(rect)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        return image
    }
}
