import FlipbookAnimation
import Foundation

/// The colour properties of a built animation, by keypath: each fill's and stroke's
/// `CAShapeLayer` with the names that lead to it, for value providers to set.
final class LottieColorTargets {
    struct Target {
        /// Layer, group and item names, then "Color".
        let path: [String]
        let layer: CAShapeLayer
        /// `fillColor` or `strokeColor`.
        let keyPath: String
    }

    private(set) var targets: [Target] = []

    func add(_ path: [String], layer: CAShapeLayer, keyPath: String) {
        targets.append(Target(path: path + ["Color"], layer: layer, keyPath: keyPath))
    }

    /// Gives every colour `keypath` names `color`, in place of its keyframes; how many it set.
    @discardableResult
    func set(_ color: LottieColor, at keypath: AnimationKeypath) -> Int {
        let matched = targets.filter { keypath.matches($0.path) }
        // A new value, not a change to animate.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for target in matched {
            target.layer.removeAnimation(forKey: target.keyPath)
            target.layer.setValue(color.cgColorValue, forKey: target.keyPath)
        }
        CATransaction.commit()
        return matched.count
    }
}
