import Foundation

/// A value given to the properties an `AnimationKeypath` names, as lottie-ios's value
/// providers are; `ColorValueProvider` is the one Flipbook draws.
public protocol AnyValueProvider: AnyObject {}
