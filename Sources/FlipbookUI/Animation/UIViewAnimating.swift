import Foundation

/// An object that animates and can be started, paused, scrubbed and stopped, as UIKit's
/// `UIViewAnimating`; `UIViewPropertyAnimator` is the one the framework provides.
@MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

extension UIViewPropertyAnimator: UIViewImplicitlyAnimating {}
