import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

// The README's quick start, as written there, so that it keeps compiling and working.

final class ReadmeFirstViewController: UIViewController, TransitionView.AnimationFinishedDelegate {
    private var transitionView: TransitionView!
    override func viewDidLoad() {
        super.viewDidLoad()
        transitionView = TransitionView(frame: view.bounds, baseColor: .darkGray,
                                        filterName: "CIFlashTransition", delegate: self)
        transitionView.renderScale = 0.25
        view.addSubview(transitionView)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        transitionView.startAnimation(duration: 1.0, animationType: .out)
    }
    func animationFinished(animationType: TransitionView.AnimationType) {
        if animationType == .in { navigationController?.pushViewController(UIViewController(), animated: false) }
    }
}

@MainActor
@Suite(.serialized) struct ReadmeExampleTests {
    /// "An animation can go straight to memory or a stream", as written there.
    @Test func anAnimationGoesToMemory() throws {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        fade.duration = 1
        root.add(fade, forKey: "fade")
        AnimationHost.shared.tick()

        let gif = DataOutput()                                   // or StreamOutput { chunk in … }
        try Recorder(layer: root).record(duration: 1, framesPerSecond: 30, to: GIFSink(output: gif))
        let body: Data = gif.data                                // APNGSink(output:), VideoSink(output:) alike

        #expect(body.starts(with: Data("GIF89a".utf8)))
        #expect(try AnimatedImage(data: body).frames.count > 10)
    }

    @Test func quickStartRecordsTheComponents() throws {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()

        let front = UIView(), back = UIView()
        front.backgroundColor = .red
        back.backgroundColor = .blue
        let card = FlipCardView(frame: CGRect(x: 20, y: 100, width: 280, height: 180), front: front, back: back)
        window.addSubview(card)
        var finishedFlip: Bool?
        card.flip(duration: 0.5, axis: .horizontal) { finished in finishedFlip = finished }

        let placeholder = UIView(frame: CGRect(x: 20, y: 300, width: 280, height: 40))
        window.addSubview(placeholder)
        let shimmer = GradientAnimationView()
        shimmer.cornerRadius = 5
        shimmer.sideColor = .gray
        shimmer.centerColor = .lightGray
        shimmer.animationDuration = 1.2
        shimmer.waitingDuration = 0.6
        placeholder.addSubview(shimmer)                      // fills its superview

        let magnifier = MagnifierView(frame: CGRect(x: 20, y: 360, width: 280, height: 100))
        magnifier.randomSeed = 42
        window.addSubview(magnifier)
        magnifier.startAnimating()

        let folder = try TemporaryDirectory()
        try Recorder(window: window, scale: 0.5)
            .record(duration: 1, framesPerSecond: 10, from: 0, to: folder.file("component.gif"))
        let gif = try AnimatedImage(contentsOf: folder.file("component.gif"))
        #expect(gif.frames.first?.width == 160 && gif.frames.first?.height == 240)
        #expect(abs(gif.delays.reduce(0, +) - 1) < 1e-9)
        #expect(finishedFlip == true && card.isShowingFront == false)
        #expect(shimmer.frame == placeholder.bounds)
        #expect(magnifier.isAnimating)
    }

    @Test func transitionViewQuickStartPlaysOut() throws {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = ReadmeFirstViewController()
        let navigation = UINavigationController(rootViewController: first)
        let navigationDelegate = ZoomFadeNavigationDelegate(duration: 0.3)   // keep it: the delegate is weak
        navigation.delegate = navigationDelegate
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        let overlay = try #require(first.view.subviews.last as? TransitionView)
        #expect(overlay.isAnimating)
        AnimationHost.shared.run(for: 1.1)
        #expect(!overlay.isAnimating)
        withExtendedLifetime(navigationDelegate) {}
    }
}
