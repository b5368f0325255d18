import Foundation

/// How a Lottie animation repeats, as lottie-ios's `LottieLoopMode`.
public enum LottieLoopMode: Sendable, Equatable {
    /// Once, then it holds its last frame.
    case playOnce
    /// Forever, from the start again each time.
    case loop
    /// Forever, forwards then backwards.
    case autoReverse
    /// The given number of times, then it holds its last frame.
    case `repeat`(Float)
    /// The given number of times forwards and backwards, then it holds its first frame.
    case repeatBackwards(Float)
}

/// A share of an animation's frames, 0 at its start frame and 1 at its end frame.
public typealias AnimationProgressTime = CGFloat
/// A frame number of an animation, as its file counts them.
public typealias AnimationFrameTime = CGFloat
/// Called once when a play ends: `true` when it ran to its end, `false` when it was
/// stopped, paused or replaced by another play.
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void
