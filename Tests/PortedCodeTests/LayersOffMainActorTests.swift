import Foundation
import Testing
import UIKit

/// A loading indicator's layer as iOS libraries build it: a nonisolated function, no actor
/// in sight, making layers, a path, colours, a transform and animations.
func makeSpinnerLayer(size: CGFloat, color: UIColor) -> CAShapeLayer {
    let ring = CAShapeLayer()
    ring.frame = CGRect(x: 0, y: 0, width: size, height: size)
    ring.path = UIBezierPath(arcCenter: CGPoint(x: size / 2, y: size / 2), radius: size / 2 - 2,
                             startAngle: 0, endAngle: 1.5 * .pi, clockwise: true).cgPath
    ring.strokeColor = color.cgColor
    ring.fillColor = nil
    ring.lineWidth = 4
    ring.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)

    let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
    spin.values = [0, Double.pi, 2 * Double.pi]
    spin.keyTimes = [0, 0.5, 1]
    spin.duration = 1
    spin.repeatCount = .infinity
    spin.timingFunction = CAMediaTimingFunction(name: .linear)

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.5
    fade.duration = 2
    fade.fillMode = .forwards
    fade.isRemovedOnCompletion = false

    let group = CAAnimationGroup()
    group.animations = [fade]
    group.duration = 2
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false

    let dots = CAReplicatorLayer()
    dots.instanceCount = 3
    dots.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
    let gradient = CAGradientLayer()
    gradient.colors = [UIColor.white.cgColor, color.cgColor]
    let label = CATextLayer()
    label.string = "Loading"
    dots.addSublayer(gradient)
    ring.addSublayer(dots)
    ring.addSublayer(label)

    ring.add(spin, forKey: "spin")
    ring.add(group, forKey: "fade")
    return ring
}

/// Layers, animations and transactions used off the main actor, as Core Animation allows.
@MainActor
@Suite(.serialized) struct LayersOffMainActorTests {
    /// Runs `body` on a new thread and waits for the thread to end (its thread-specific
    /// data released).
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(UncheckedBox(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<UncheckedBox<@Sendable () -> Void>>.fromOpaque(context!).takeRetainedValue().value()
            return nil
        }, context)
        #expect(created == 0)
        pthread_join(thread, nil)
    }

    /// What a nonisolated function built animates as on iOS once it is in a tree.
    @Test func nonisolatedCodeBuildsLayersAndAnimations() {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        AnimationHost.shared.rootLayers = [root]
        let spinner = makeSpinnerLayer(size: 40, color: .red)
        root.addSublayer(spinner)
        AnimationHost.shared.tick()
        AnimationHost.shared.advance(by: 0.25)
        let shown = spinner.presentation()!
        #expect(abs((shown.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0) - .pi / 2) < 1e-9)
        #expect(abs(shown.opacity - 0.9375) < 1e-6)  // an eighth of the way from 1 to 0.5
        #expect(spinner.sublayers?.count == 2)
    }

    /// A thread's changes wait in its own implicit transaction: the host's tick does not
    /// commit them; `CATransaction.flush()` on that thread does.
    @Test func anotherThreadsChangesCommitWhenItFlushes() {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        AnimationHost.shared.tick()
        let box = UncheckedBox(layer)
        onAnotherThread {
            CATransaction.setDisableActions(true)
            box.value.opacity = 0.25
            box.value.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            box.value.opacity = 0.5  // never flushed: dropped when the thread ends
        }
        AnimationHost.shared.tick()
        #expect(layer.presentation()!.opacity == 0.25)
        #expect(layer.presentation()!.backgroundColor?.components == [1, 0, 0, 1])
        #expect(layer.opacity == 0.5)
    }

    /// An explicit transaction committed on another thread animates implicitly from the
    /// media time of its commit, and its completion block runs in the host's next tick on
    /// the main actor.
    @Test func anotherThreadsExplicitTransactionAnimates() {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        AnimationHost.shared.tick()
        let completed = CompletionFlag()
        let box = UncheckedBox(layer)
        onAnotherThread {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setCompletionBlock { completed.set() }
            box.value.opacity = 0
            CATransaction.commit()
        }
        AnimationHost.shared.advance(by: 0.5)
        #expect(abs(layer.presentation()!.opacity - 0.5) < 1e-6)
        #expect(!completed.isSet)
        AnimationHost.shared.advance(by: 0.5)
        #expect(completed.isSet)
        #expect(layer.presentation()!.opacity == 0)
    }

    /// Each thread has its own transactions: what one opens and sets, another does not see.
    @Test func transactionsBelongToTheirThread() {
        AnimationHost.shared.reset(time: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setDisableActions(true)
        let seen = UncheckedBox((duration: 0.0, disabled: true))
        onAnotherThread {
            seen.value = (CATransaction.animationDuration(), CATransaction.disableActions())
            CATransaction.begin()
            CATransaction.setAnimationDuration(7)
            CATransaction.commit()
        }
        #expect(seen.value.duration == 0.25 && !seen.value.disabled)
        #expect(CATransaction.animationDuration() == 3 && CATransaction.disableActions())
        CATransaction.commit()
    }

    /// A thread that ends with changes it never committed is reported, as Core Animation
    /// warns of it, and its layers can change again elsewhere.
    @Test func uncommittedChangesOfAnEndedThreadAreReported() {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        AnimationHost.shared.tick()
        let box = UncheckedBox(layer)
        let messages = heardDiagnostics {
            onAnotherThread { box.value.opacity = 0.5 }
        }
        #expect(messages.contains { $0.contains("uncommitted CATransaction") })
        CATransaction.setDisableActions(true)
        layer.opacity = 0.75
        AnimationHost.shared.tick()
        #expect(layer.presentation()!.opacity == 0.75)
    }
}

/// Hands a value to another thread in a test that waits for it.
private final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Whether a completion block ran.
private final class CompletionFlag: @unchecked Sendable {
    private(set) var isSet = false
    func set() { isSet = true }
}
