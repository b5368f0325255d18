import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// A Lottie file the project wrote (`Fixtures/shapes.json`) played by Core Animation:
/// a null parent carrying an eased, rotating, stroked square; a precomposition starting at
/// frame 10 whose dot holds its opacity in steps; a solid background that leaves at frame 45.
@MainActor
@Suite(.serialized) struct LottieLayerTreeTests {
    static func animation() throws -> LottieAnimation {
        try LottieFixture.animation("shapes")
    }

    /// The frame `frame` of the animation at `scale`.
    static func render(_ animation: LottieAnimation, frame: Double, scale: CGFloat = 1) throws -> CGImage {
        let player = player(animation, frame: frame)
        return try CARenderer(layer: player, bounds: player.bounds, scale: scale).render(at: 0)
    }

    /// A layer playing `animation`, stopped at `frame` and committed.
    static func player(_ animation: LottieAnimation, frame: Double) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let player = CALayer()
        player.anchorPoint = .zero
        player.bounds = CGRect(origin: .zero, size: animation.size)
        player.speed = 0
        player.timeOffset = LottieTimeline(framerate: animation.framerate).time(ofFrame: frame)
        player.addSublayer(LottieLayerBuilder(animation: animation).makeLayer())
        AnimationHost.shared.tick()
        return player
    }

    @Test func theParentCarriesTheSquareLinearly() throws {
        let animation = try Self.animation()
        // Frame 15: the mover is half-way, x = 40 + 120 · 0.5 = 100; the square is red there.
        let half = try Self.render(animation, frame: 15)
        #expect(half.pixel(100, 60) == [230, 51, 51, 255])
        #expect(half.pixel(70, 60) == [223, 239, 255, 255], "the sky where the square was")
        // Frame 30 and after: at x = 160.
        let end = try Self.render(animation, frame: 40)
        #expect(end.pixel(160, 60) == [230, 51, 51, 255] && end.pixel(100, 60) == [223, 239, 255, 255])
    }

    @Test func theSolidLeavesAtItsOutPoint() throws {
        let animation = try Self.animation()
        #expect(try Self.render(animation, frame: 44).pixel(5, 115) == [223, 239, 255, 255])
        #expect(try Self.render(animation, frame: 45).pixel(5, 115) == [0, 0, 0, 0])
    }

    @Test func thePrecompositionRunsInItsOwnTime() throws {
        let animation = try Self.animation()
        // The dot's composition starts at frame 10, so the dot (in at its frame 0) first
        // shows then; its opacity is 100 until its frame 10 (frame 20 here), then 0 until
        // its frame 20 (frame 30), then 100 again.
        let dot = { (frame: Double) in try Self.render(animation, frame: frame).pixel(170, 30) }
        #expect(try dot(9) == [223, 239, 255, 255])
        #expect(try dot(10) == [255, 204, 0, 255])
        #expect(try dot(19) == [255, 204, 0, 255])
        #expect(try dot(20) == [223, 239, 255, 255])
        #expect(try dot(29) == [223, 239, 255, 255])
        #expect(try dot(30) == [255, 204, 0, 255])
    }

    @Test func stillTransformsShareLayers() throws {
        // A layer whose transform holds still, around a group moved 40 to the right (still)
        // and a group turning (animated), each filling a 20-point square at the origin. The
        // still transforms take no layer of their own: the moved group's fill carries its
        // map; the turning group keeps its layer.
        func square(_ transform: String) -> String {
            #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}},{"ty":"tr",\#(transform)}]}"#
        }
        let moved = square(#""p":{"a":0,"k":[40,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#)
        let turning = square(#""p":{"a":0,"k":[0,0]},"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[90]}]}"#)
        let json = #"{"fr":30,"ip":0,"op":30,"w":100,"h":40,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[5,5]}},"shapes":[\#(moved),\#(turning)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        let root = LottieLayerBuilder(animation: animation).makeLayer()
        func count(_ layer: CALayer) -> Int { 1 + (layer.sublayers ?? []).map(count).reduce(0, +) }
        #expect(count(root) == 6, "the composition, the layer's transform, its content, the moved fill, the turning group and its fill")
        func shapes(_ layer: CALayer) -> [CAShapeLayer] { [layer as? CAShapeLayer].compactMap { $0 } + (layer.sublayers ?? []).flatMap(shapes) }
        #expect(shapes(root).map { $0.affineTransform() }.contains(CGAffineTransform(translationX: 40, y: 0)))
        let frame = try Self.render(animation, frame: 0)
        #expect(frame.pixel(50, 15) == [255, 0, 0, 255] && frame.pixel(15, 15) == [255, 0, 0, 255] && frame.pixel(30, 15) == [0, 0, 0, 0])
    }

    /// A layer scaling in from nothing, as After Effects' pop-ins do (lottie-web's
    /// bodymovin.json draws its confetti rings so): scale 0 at frame 0, 100 % at frame 10,
    /// linear, about its anchor at the square's centre. At frame 5 the 40-point square is
    /// 20 points across; at frame 0 nothing shows.
    @Test func aLayerScalesInFromNothing() throws {
        let scale = #""s":{"a":1,"k":[{"t":0,"s":[0,0,100],"o":{"x":[0,0,0],"y":[0,0,0]},"i":{"x":[1,1,1],"y":[1,1,1]}},{"t":10,"s":[100,100,100]}]}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[20,20]},\#(scale)},"shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}"#
        let animation = try LottieAnimation.from(data: Data(#"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8))
        let start = try Self.render(animation, frame: 0), half = try Self.render(animation, frame: 5)
        #expect((0..<100).allSatisfy { start.pixel($0, 50)[3] == 0 })
        let covered = (0..<100).filter { half.pixel($0, 50) == [255, 0, 0, 255] }
        #expect(covered == Array(40..<60))
        #expect(half.pixel(50, 39)[3] == 0 && half.pixel(50, 40) == [255, 0, 0, 255])
    }

    /// A layer Bodymovin wrote in at 10.000006, in a precomposition starting at
    /// 0.0000016, shows at frame 10 (its frames read whole).
    @Test func aLayerInAtAFrameWrittenAHairLateShowsThen() throws {
        let square = #"{"ty":4,"ind":1,"ip":10.000006,"op":30,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0]},"o":{"a":0,"k":100}}]}"#
        let json = #"{"fr":30,"ip":0,"op":30,"w":40,"h":40,"layers":[{"ty":0,"ind":1,"refId":"inner","ip":0,"op":30,"st":0.0000016,"w":40,"h":40,"ks":{}}],"assets":[{"id":"inner","layers":[\#(square)]}]}"#
        let animation = try LottieAnimation.from(data: Data(json.utf8))
        #expect(try Self.render(animation, frame: 9).pixel(20, 20)[3] == 0)
        #expect(try Self.render(animation, frame: 10).pixel(20, 20) == [255, 0, 0, 255])
    }

    @Test func framesMatchTheirReferences() throws {
        let animation = try Self.animation()
        for frame in [0.0, 15, 30, 59] {
            #expect(Golden.compare(try Self.render(animation, frame: frame, scale: 2), "frame-\(Int(frame))") == nil)
        }
    }
}
