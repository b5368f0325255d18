import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

/// Animations of a shape's path through the render tree, which blends each frame's path into
/// the path it made the frame before. The values are Core Animation's: a keyframe animation
/// between rectangles (a path blends point by point, Apple's `CAShapeLayer.path`
/// documentation), the committed path before and after an animation without fill
/// (`CAMediaTimingFillMode.removed`), the later of two animations on top.
@MainActor
@Suite(.serialized) struct PathAnimationTests {
    static let committed = CGRect(x: 0, y: 0, width: 100, height: 100)
    static func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: width, height: height), transform: nil)
    }

    /// A shape layer whose path is `committed`, with `animations` added at media time 0.
    func shape(_ animations: [CAAnimation], keyPath: String = "path") -> CAShapeLayer {
        AnimationHost.shared.reset(time: 0)
        let layer = CAShapeLayer()
        layer.path = CGPath(rect: Self.committed, transform: nil)
        layer.shadowPath = CGPath(rect: Self.committed, transform: nil)
        tick(at: 0)
        for (index, animation) in animations.enumerated() { layer.add(animation, forKey: "\(keyPath)\(index)") }
        tick(at: 0)
        return layer
    }

    /// Keyframes (0, 0, 10, 10) → (0, 0, 30, 50) → (10, 10, 20, 20) at key times 0, ½, 1,
    /// starting at 1 s and lasting 2 s, linear, not filled.
    static func keyframes(_ keyPath: String = "path") -> CAKeyframeAnimation {
        let morph = CAKeyframeAnimation(keyPath: keyPath)
        morph.values = [rect(0, 0, 10, 10), rect(0, 0, 30, 50), rect(10, 10, 20, 20)]
        morph.keyTimes = [0, 0.5, 1]
        morph.beginTime = 1
        morph.duration = 2
        return morph
    }

    /// Time → the path's box: a quarter of the way (half the first segment), a keyframe,
    /// half the second segment, and the committed path outside the animation.
    static let keyframeTable: [(time: Double, box: CGRect)] = [
        (1.5, CGRect(x: 0, y: 0, width: 20, height: 30)),
        (2.0, CGRect(x: 0, y: 0, width: 30, height: 50)),
        (2.5, CGRect(x: 5, y: 5, width: 25, height: 35)),
        (0.5, committed),
        (3.5, committed),
    ]

    func box(_ frame: PresentationTree, _ keyPath: String = "path") -> CGRect? {
        (frame.value(forKeyPath: keyPath, ofLayerAt: 0) as? CGPath)?.boundingBox
    }

    /// Evaluated in any order into one reused frame, each time as a fresh frame and as the
    /// table says: the committed path comes back wherever the animation is not running.
    @Test(arguments: ["path", "shadowPath"])
    func aReusedFrameShowsEachTimesPath(keyPath: String) {
        let layer = shape([Self.keyframes(keyPath)], keyPath: keyPath)
        let tree = RenderTree(root: layer)
        var frame = PresentationTree()
        for (time, box) in Self.keyframeTable + Self.keyframeTable.reversed() {
            tree.evaluate(at: time, into: &frame)
            #expect(self.box(frame, keyPath) == box, "\(keyPath) at \(time)")
            #expect(self.box(tree.evaluate(at: time), keyPath) == box, "\(keyPath) at \(time), fresh")
        }
    }

    /// The path a frame showed stays as it was when the frame is evaluated again at another
    /// time: the next path is written over the old one only when nothing else holds it.
    @Test func aPathTakenFromAFrameNeverChanges() throws {
        let tree = RenderTree(root: shape([Self.keyframes()]))
        var frame = PresentationTree()
        tree.evaluate(at: 1.5, into: &frame)
        let held = try #require(frame.value(forKeyPath: "path", ofLayerAt: 0) as? CGPath)
        tree.evaluate(at: 2.5, into: &frame)
        #expect(held.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(box(frame) == CGRect(x: 5, y: 5, width: 25, height: 35))
        // Nothing holds the frame's path now: the next blend is written over it.
        let made = ObjectIdentifier(try #require(frame.value(forKeyPath: "path", ofLayerAt: 0) as? CGPath))
        tree.evaluate(at: 1.75, into: &frame)
        let next = try #require(frame.value(forKeyPath: "path", ofLayerAt: 0) as? CGPath)
        #expect(ObjectIdentifier(next) == made)
        #expect(next.boundingBox == CGRect(x: 0, y: 0, width: 25, height: 40))
    }

    /// Two animations of the path, in either order of adding: the one added later shows
    /// while it runs, the other otherwise, the committed path when neither does.
    @Test(arguments: [false, true])
    func theLaterOfTwoAnimationsShows(basicFirst: Bool) {
        let keyframes = Self.keyframes()
        let basic = CABasicAnimation(keyPath: "path")
        basic.fromValue = Self.rect(50, 50, 10, 10)
        basic.toValue = Self.rect(50, 50, 30, 30)
        basic.beginTime = 2
        basic.duration = 2
        let layer = shape(basicFirst ? [basic, keyframes] : [keyframes, basic])
        let tree = RenderTree(root: layer)
        var frame = PresentationTree()
        let table: [(Double, CGRect)] = [
            (1.5, CGRect(x: 0, y: 0, width: 20, height: 30)),  // keyframes only
            (2.5, basicFirst ? CGRect(x: 5, y: 5, width: 25, height: 35) : CGRect(x: 50, y: 50, width: 15, height: 15)),
            (3.5, CGRect(x: 50, y: 50, width: 25, height: 25)),  // the basic animation only
            (4.5, Self.committed),
            (0.5, Self.committed),
        ]
        for (time, expected) in table + table.reversed() {
            tree.evaluate(at: time, into: &frame)
            #expect(box(frame) == expected, "at \(time)")
        }
    }

    /// Filled both ways, a basic animation from a path to the committed one (no to value):
    /// its first path before it starts, the committed path after, halfway between in the middle.
    @Test func aBasicAnimationToTheCommittedPath() {
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = Self.rect(20, 20, 10, 10)
        grow.beginTime = 1
        grow.duration = 2
        grow.fillMode = .both
        let tree = RenderTree(root: shape([grow]))
        var frame = PresentationTree()
        for (time, expected) in [(0.0, CGRect(x: 20, y: 20, width: 10, height: 10)), (2, CGRect(x: 10, y: 10, width: 55, height: 55)),
                                 (5, Self.committed), (2, CGRect(x: 10, y: 10, width: 55, height: 55))] {
            tree.evaluate(at: time, into: &frame)
            #expect(box(frame) == expected, "at \(time)")
        }
    }

    /// Paths with other elements have no blend: the shape switches at the midpoint, and
    /// blends again where the next pair matches.
    @Test func pathsOfOtherElementsSwitchAtTheMidpoint() {
        let morph = CAKeyframeAnimation(keyPath: "path")
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        morph.values = [Self.rect(0, 0, 10, 10), ellipse, CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)]
        morph.keyTimes = [0, 0.5, 1]
        morph.duration = 2
        let tree = RenderTree(root: shape([morph]))
        var frame = PresentationTree()
        for (time, expected) in [(0.4, CGRect(x: 0, y: 0, width: 10, height: 10)), (0.6, CGRect(x: 0, y: 0, width: 40, height: 40)),
                                 (1.5, CGRect(x: 0, y: 0, width: 60, height: 60)), (0.4, CGRect(x: 0, y: 0, width: 10, height: 10))] {
            tree.evaluate(at: time, into: &frame)
            let box = box(frame)
            #expect(box.map { [$0.minX - expected.minX, $0.minY - expected.minY, $0.maxX - expected.maxX, $0.maxY - expected.maxY]
                .allSatisfy { abs($0) < 1e-9 } } == true,
                    "at \(time): \(String(describing: box))")
        }
    }
}
