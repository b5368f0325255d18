import Foundation
import FlipbookGraphics
import FlipbookAnimation
import FlipbookUI

/// A navigation delegate that animates with `ZoomFadeTransition` the changes `uses`
/// accepts (all by default) and leaves the others to the navigation controller's slide, as
/// seed 002's `NavigationController` chooses by destination.
@MainActor
public final class ZoomFadeNavigationDelegate: NSObject, UINavigationControllerDelegate {
    /// Whether a change from one controller to another uses the zoom and fade.
    public var uses: (UINavigationController.Operation, UIViewController, UIViewController) -> Bool
    /// Seconds each transition takes.
    public var duration: TimeInterval

    public init(duration: TimeInterval = 0.3,
                uses: @escaping (UINavigationController.Operation, UIViewController, UIViewController) -> Bool = { _, _, _ in true }) {
        self.duration = duration
        self.uses = uses
    }

    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        uses(operation, fromVC, toVC) ? ZoomFadeTransition(operation: operation, duration: duration) : nil
    }
}
