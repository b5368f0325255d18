import FlipbookAnimation
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Keyframes played by Core Animation land on lottie-spec's formulas: between keyframes
/// k and k + 1 the value is `s_k + (s_{k+1} − s_k) · y(u)`, where u is the frame's share of
/// the segment and y(u) the cubic Bézier from (0, 0) through `o_k` and `i_k` to (1, 1),
/// solved for its x; a hold keeps `s_k` until frame `t_{k+1}`.
@MainActor
@Suite(.serialized) struct LottieKeyframeTests {
    /// lottie-spec's easing, computed independently: bisection on x(t), then y(t).
    static func eased(_ u: Double, out o: (Double, Double), in i: (Double, Double)) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if bezier(mid, o.0, i.0) < u { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, o.1, i.1)
    }

    /// The opacity property of `json` (keyframes in percent) played at 30 frames a second:
    /// the layer's presentation opacity at each of `frames`, in percent.
    static func played(_ json: String, at frames: [Double]) throws -> [Double] {
        AnimationHost.shared.reset(time: 0)
        let property = try JSONDecoder().decode(LottieProperty<LottieScalar>.self, from: Data(json.utf8))
        let timeline = LottieTimeline(framerate: 30)
        let animation = try #require(property.keyframeAnimation(keyPath: "opacity", timeline: timeline) { $0.value / 100 })
        let layer = CALayer()
        layer.add(animation, forKey: "opacity")
        AnimationHost.shared.tick()
        return frames.map { frame in
            MediaClock.shared.setManual(timeline.time(ofFrame: frame))
            return Double(layer.presentation()?.opacity ?? -1) * 100
        }
    }

    static let frames: [Double] = [-5, 0, 3, 7.5, 10, 12, 15, 19.9, 20, 25, 30, 40]

    @Test func linearSegmentsLieOnStraightLines() throws {
        let values = try Self.played(#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[100]}]}"#,
                                     at: Self.frames)
        let expected = Self.frames.map { min(max($0 / 20, 0), 1) * 100 }
        for (value, wanted) in zip(values, expected) { #expect(abs(value - wanted) < 1e-3, "\(value) for \(wanted)") }
    }

    @Test(arguments: [
        ((0.33, 0.0), (0.67, 1.0)),     // After Effects' easy ease
        ((0.167, 0.167), (0.833, 0.833)), // Bodymovin's default, nearly linear
        ((0.5, -0.5), (0.5, 1.5)),      // overshooting both ways
        ((0.9, 0.1), (0.1, 0.9)),
    ])
    func easedSegmentsFollowTheirBezier(out o: (Double, Double), in i: (Double, Double)) throws {
        let json = #"{"a":1,"k":[{"t":0,"s":[20],"o":{"x":[\#(o.0)],"y":[\#(o.1)]},"i":{"x":[\#(i.0)],"y":[\#(i.1)]}},{"t":20,"s":[80]}]}"#
        let values = try Self.played(json, at: Self.frames)
        for (frame, value) in zip(Self.frames, values) {
            let u = min(max(frame / 20, 0), 1)
            let wanted = 20 + 60 * Self.eased(u, out: o, in: i)
            #expect(abs(value - wanted) < 2e-3, "frame \(frame): \(value), the formula \(wanted)")
        }
    }

    @Test func aHoldKeepsItsValueUntilTheNextKeyframe() throws {
        let json = #"{"a":1,"k":[{"t":0,"s":[10],"h":1},{"t":10,"s":[60],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20,"s":[90],"h":1},{"t":30,"s":[5]}]}"#
        let values = try Self.played(json, at: [0, 5, 9.99, 10, 15, 20, 25, 29.99, 30, 40])
        let expected: [Double] = [10, 10, 10, 60, 75, 90, 90, 90, 5, 5]
        for (value, wanted) in zip(values, expected) { #expect(abs(value - wanted) < 1e-3, "\(values)") }
    }

    @Test func bodymovin4EndValuesAndATimeOnlyLastKeyframe() throws {
        // Each keyframe gives its segment's end; the next keyframe starts elsewhere (a jump).
        let json = #"{"a":1,"k":[{"t":0,"s":[0],"e":[50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[70],"e":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":20}]}"#
        let values = try Self.played(json, at: [0, 5, 9.99, 10, 15, 20, 30])
        let expected: [Double] = [0, 25, 49.95, 70, 85, 100, 100]
        for (value, wanted) in zip(values, expected) { #expect(abs(value - wanted) < 1e-2, "\(values)") }
    }

    /// Values a composition samples (a remap, a path of moving pieces) are taken at the
    /// frames the root composition shows: a precomposition starting at frame 219.219 sees
    /// them at .781 past each of its own frames (community bm_complex: its fluid's
    /// precomposition, time-remapped, showed a shape a frame late); a stretched one sees
    /// them unevenly, and samples its own whole frames.
    @Test func samplesFallOnTheFramesTheRootShows() {
        let root = LottieTimeline(framerate: 30)
        let table: [(start: Double, stretch: Double, phase: Double?)] = [
            (0, 1, 0), (40, 1, 0), (219.25, 1, 0.75), (-0.25, 1, 0.25), (10, 2, nil),
        ]
        for (start, stretch, phase) in table {
            #expect(root.precomposition(startingAt: start, stretch: stretch).phase == phase, "\(start), \(stretch)")
        }
        let inner = root.precomposition(startingAt: 0.25, stretch: 1).precomposition(startingAt: 0.5, stretch: 1)
        #expect(inner.phase == 0.25)
        let sampled = inner.sampled(keyPath: "opacity", over: 2...5) { $0 }
        #expect(sampled.values as? [Double] == [2, 2.25, 3.25, 4.25, 5])
        let stretched = root.precomposition(startingAt: 0.25, stretch: 2).sampled(keyPath: "opacity", over: 2...4) { $0 }
        #expect(stretched.values as? [Double] == [2, 3, 4])
    }

    @Test func aConstantOrASingleKeyframeMakesNoAnimation() throws {
        let timeline = LottieTimeline(framerate: 30)
        let constant = try JSONDecoder().decode(LottieProperty<LottieScalar>.self, from: Data(#"{"a":0,"k":40}"#.utf8))
        #expect(constant.keyframeAnimation(keyPath: "opacity", timeline: timeline) { $0.value } == nil)
        let single = try JSONDecoder().decode(LottieProperty<LottieScalar>.self, from: Data(#"{"a":1,"k":[{"t":5,"s":[40]}]}"#.utf8))
        #expect(single.keyframeAnimation(keyPath: "opacity", timeline: timeline) { $0.value } == nil && single.initialValue.value == 40)
    }
}
