import Foundation
import FlipbookGraphics

extension CGContext {
    /// Runs `body` with `blendMode` and `alpha` set, restoring the graphics state after:
    /// how UIKit's fill, stroke and draw methods that take a blend mode paint.
    func painting(_ blendMode: CGBlendMode, alpha: CGFloat = 1, _ body: (CGContext) -> Void) {
        saveGState()
        defer { restoreGState() }
        setBlendMode(blendMode)
        setAlpha(alpha)
        body(self)
    }
}
