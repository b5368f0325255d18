/// Receives the start and stop of an animation, as Core Animation's `CAAnimationDelegate`.
/// Core Animation calls it on the main thread; here it is bound to the main actor, so a
/// view controller that conforms compiles under Swift 6 as it is.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    /// Called when the animation begins its active duration.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation ends (`flag` true) or is removed before it ends (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
