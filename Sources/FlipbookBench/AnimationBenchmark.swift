import CAllocationCounter
import Flipbook
import FlipbookTestSupport

/// `flipbook-bench animation`: a render-tree snapshot of N layers, each with a basic
/// (opacity), a keyframe (position, four points) and a spring (cornerRadius) animation,
/// evaluated at successive frame times. Reports ns per animation evaluated and heap
/// allocations per frame after a warm-up frame.
enum AnimationBenchmark {
    @MainActor
    static func run(layers count: Int, frames: Int) {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        var rng = SeededRandom(seed: 42)
        for _ in 0..<count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.position = CGPoint(x: rng.uniform(0, 1920), y: rng.uniform(0, 1080))
            root.addSublayer(layer)
        }
        AnimationHost.shared.tick()
        for layer in root.sublayers ?? [] {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = rng.uniform(0.5, 2)
            fade.autoreverses = true
            fade.repeatCount = .infinity
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(fade, forKey: "fade")
            let path = CAKeyframeAnimation(keyPath: "position")
            path.values = (0..<4).map { _ in CGPoint(x: rng.uniform(0, 1920), y: rng.uniform(0, 1080)) }
            path.keyTimes = [0, 0.2, 0.7, 1]
            path.duration = rng.uniform(2, 6)
            path.repeatCount = .infinity
            layer.add(path, forKey: "path")
            let spring = CASpringAnimation(keyPath: "cornerRadius")
            spring.fromValue = 0
            spring.toValue = 20
            spring.damping = rng.uniform(3, 15)
            spring.duration = spring.settlingDuration
            spring.fillMode = .forwards
            spring.isRemovedOnCompletion = false
            layer.add(spring, forKey: "spring")
        }
        AnimationHost.shared.tick()
        let snapshot = RenderTree(root: root)
        var frame = PresentationTree()
        snapshot.evaluate(at: 0, into: &frame)  // warm-up: sizes the frame's storage
        fb_allocation_counting(1)
        defer { fb_allocation_counting(0) }
        let allocationsBefore = fb_allocation_count()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<frames {
            snapshot.evaluate(at: Double(index) / 60, into: &frame)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        let allocations = fb_allocation_count() - allocationsBefore
        let animations = Double(count * 3 * frames)
        print("animation: \(count) layers × 3 animations, \(frames) frames evaluated")
        print(String(format: "  %.1f ns per animation evaluated (%.2f ms per frame)", elapsed / animations, elapsed / Double(frames) / 1e6))
        if fb_allocation_counting_available() != 0 {
            print(String(format: "  %.2f heap allocations per frame after warm-up", Double(allocations) / Double(frames)))
        } else {
            print("  allocation counting unavailable on this platform")
        }
        // Keep the result observable so the work cannot be optimised away.
        print("  check: layer 1 opacity at the last frame = \(frame.value(forKeyPath: "opacity", ofLayerAt: 1) ?? "nil")")
        flips(layers: count / 10, frames: frames / 10)
    }

    /// Seed 001's flip (a whole-transform animation with perspective) on `count` layers:
    /// ns per animation and allocations per frame.
    @MainActor
    static func flips(layers count: Int, frames: Int) {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        for _ in 0..<count {
            let layer = CALayer()
            root.addSublayer(layer)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            let flip = CABasicAnimation(keyPath: "transform")
            flip.fromValue = perspective
            flip.toValue = CATransform3DRotate(perspective, .pi, 0, 1, 0)
            flip.duration = 1
            flip.repeatCount = .infinity
            layer.add(flip, forKey: "flip")
        }
        AnimationHost.shared.tick()
        let snapshot = RenderTree(root: root)
        var frame = PresentationTree()
        snapshot.evaluate(at: 0, into: &frame)
        fb_allocation_counting(1)
        defer { fb_allocation_counting(0) }
        let allocationsBefore = fb_allocation_count()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<frames { snapshot.evaluate(at: Double(index) / 60, into: &frame) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        let allocations = Double(fb_allocation_count() - allocationsBefore) / Double(frames)
        print(String(format: "flip (transform with perspective): %d layers, %.1f ns per animation, %.2f allocations per frame",
                     count, elapsed / Double(count * frames), fb_allocation_counting_available() != 0 ? allocations : .nan))
    }
}
