import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// lottie-ios's playback semantics on the manual clock: progress, loop modes, backwards
/// plays, completions told once, pausing and stopping.
@MainActor
@Suite(.serialized) struct LottiePlaybackTests {
    static func play(_ mode: LottieLoopMode, speed: Double = 1, from: Double = 0, to: Double = 60) -> LottiePlay {
        LottiePlay(fromFrame: from, toFrame: to, loopMode: mode, speed: speed, framerate: 30, beganAt: 10)
    }

    @Test(arguments: [
        // mode, seconds after the start → frame (a 60-frame pass at 30 fps takes 2 s)
        (LottieLoopMode.playOnce, [0.0, 1, 2, 5], [0.0, 30, 60, 60]),
        (.loop, [0, 1, 2, 2.5, 5], [0, 30, 0, 15, 30]),
        (.autoReverse, [0, 1, 2, 3, 4, 5], [0, 30, 60, 30, 0, 30]),
        (.repeat(2), [0, 1, 2.5, 4, 9], [0, 30, 15, 60, 60]),
        (.repeat(1.5), [1, 3, 9], [30, 30, 30]),
        (.repeatBackwards(1), [0, 1, 3, 4, 9], [0, 30, 30, 0, 0]),
    ])
    func framesOfEachLoopMode(mode: LottieLoopMode, seconds: [Double], frames: [Double]) {
        let play = Self.play(mode)
        for (second, frame) in zip(seconds, frames) {
            #expect(abs(play.frame(at: 10 + second) - frame) < 1e-9, "\(mode) at \(second) s")
        }
    }

    @Test func speedAndDirection() {
        #expect(Self.play(.playOnce, speed: 2).frame(at: 10.5) == 30 && Self.play(.playOnce, speed: 2).endsAt == 11)
        let backwards = Self.play(.playOnce, speed: -1)
        #expect(backwards.frame(at: 10) == 60 && backwards.frame(at: 11) == 30 && backwards.frame(at: 20) == 0)
        #expect(Self.play(.loop).endsAt == .infinity && Self.play(.repeat(3)).endsAt == 16)
        #expect(Self.play(.playOnce, speed: 0).frame(at: 50) == 0 && Self.play(.playOnce, speed: 0).endsAt == .infinity)
    }

    static func view() throws -> LottieAnimationView {
        AnimationHost.shared.reset(time: 0)
        let view = LottieAnimationView(animation: try LottieFixture.animation("shapes"))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        window.addSubview(view)
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return view
    }

    @Test func playingRunsToTheEndAndTellsItsCompletionOnce() throws {
        let view = try Self.view()
        var completions: [Bool] = []
        view.play { completions.append($0) }
        #expect(view.isAnimationPlaying && view.currentProgress == 0)
        AnimationHost.shared.run(for: 1)
        #expect(abs(view.currentProgress - 0.5) < 1e-9 && view.currentFrame == 30 && view.currentTime == 1)
        AnimationHost.shared.run(for: 1.5)
        #expect(completions == [true] && !view.isAnimationPlaying && view.currentProgress == 1)
        AnimationHost.shared.run(for: 1)
        #expect(completions == [true])
    }

    @Test func theFrameOnScreenIsTheFrameOfTheMediaTime() throws {
        let view = try Self.view()
        view.play()
        AnimationHost.shared.run(for: 0.5)
        let shown = try CARenderer(layer: view.layer, bounds: view.bounds, scale: 2).render(at: CACurrentMediaTime())
        let alone = try LottieLayerTreeTests.render(try LottieLayerTreeTests.animation(), frame: 15, scale: 2)
        #expect(shown.premultipliedBytes == alone.premultipliedBytes)
    }

    @Test func aProgressBelowTheStartPlaysBackwards() throws {
        let view = try Self.view()
        view.play(fromProgress: 1, toProgress: 0, loopMode: .playOnce)
        AnimationHost.shared.run(for: 0.5)
        #expect(abs(view.currentProgress - 0.75) < 1e-9)
        AnimationHost.shared.run(for: 2)
        #expect(view.currentProgress == 0 && !view.isAnimationPlaying)
    }

    @Test func pausingHoldsTheFrameAndTellsTheCompletionFalse() throws {
        let view = try Self.view()
        var completions: [Bool] = []
        view.play(fromFrame: 0, toFrame: 60, loopMode: .loop) { completions.append($0) }
        AnimationHost.shared.run(for: 2.5)
        #expect(abs(view.currentFrame - 15) < 1e-9 && completions.isEmpty, "a loop never completes")
        view.pause()
        #expect(completions == [false] && !view.isAnimationPlaying)
        AnimationHost.shared.run(for: 3)
        #expect(abs(view.currentFrame - 15) < 1e-9 && abs(view.realtimeAnimationProgress - 0.25) < 1e-9)
        // Playing again goes on from there.
        view.play(toFrame: 45, loopMode: .playOnce) { completions.append($0) }
        AnimationHost.shared.run(for: 0.9)
        #expect(completions == [false] && abs(view.currentFrame - 42) < 1e-9)
        // The completion comes with the first display-link frame at or after the end.
        AnimationHost.shared.run(for: 0.2)
        #expect(completions == [false, true] && abs(view.currentFrame - 45) < 1e-9)
    }

    @Test func aNewPlayOrAStopEndsThePlayBefore() throws {
        let view = try Self.view()
        var completions: [String] = []
        view.play { completions.append("first \($0)") }
        AnimationHost.shared.run(for: 0.5)
        view.play(fromProgress: 0, toProgress: 0.5) { completions.append("second \($0)") }
        #expect(completions == ["first false"])
        AnimationHost.shared.run(for: 0.25)
        view.stop()
        #expect(completions == ["first false", "second false"] && view.currentProgress == 0)
        view.currentProgress = 0.75
        #expect(view.currentFrame == 45 && !view.isAnimationPlaying)
    }

    @Test func animationsAreFoundByName() throws {
        let saved = UIImage.resourceFolders
        defer { UIImage.resourceFolders = saved }
        UIImage.resourceFolders = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")]
        #expect(LottieAnimation.named("shapes")?.size == CGSize(width: 200, height: 120))
        #expect(LottieAnimation.named("shapes.json") != nil && LottieAnimation.named("missing") == nil)
        #expect(LottieAnimationView(name: "shapes").animation?.framerate == 30)
        #expect(throws: LottieError.fileNotFound("/nowhere.json")) { try LottieAnimation.from(contentsOf: URL(fileURLWithPath: "/nowhere.json")) }
    }
}
