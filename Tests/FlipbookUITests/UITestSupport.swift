@testable import FlipbookUI
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import FlipbookAnimation
import Testing

/// The UI diagnostics reported while `body` runs.
func collectingUIDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    try collectingDiagnostics(from: UIDiagnostics.channel, body)
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

/// Adds `view` to `window` and commits it, so later changes may animate.
@MainActor
func commit(_ view: UIView, in window: UIWindow) {
    window.addSubview(view)
    AnimationHost.shared.tick()
}

