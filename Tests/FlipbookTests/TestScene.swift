import Flipbook
@testable import FlipbookAnimation
import FlipbookTestSupport

/// What the render tests share: a fresh scene and a way to hear diagnostics.
@MainActor
enum TestScene {
    /// Resets the shared host to a manual clock at 0 and returns a root layer of
    /// `width`×`height` at the origin, filled with `gray` (nil: transparent).
    static func root(width: CGFloat, height: CGFloat, gray: CGFloat? = 1) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = gray.map { CGColor(gray: $0, alpha: 1) }
        return root
    }

    /// Commits what `body` changes in one transaction, without implicit animations.
    static func changing(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    /// Runs `body` and returns the diagnostics it reported.
    static func diagnostics(during body: () throws -> Void) rethrows -> [String] {
        try collectingDiagnostics(from: AnimationDiagnostics.channel, body)
    }
}
