@testable import FlipbookUI
import FlipbookAnimation
import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

// Seed 000's screen transition, as the article writes it. Linux has no selectors, so the
// display link and the button take closures, the delegate protocol is `@MainActor` (Swift
// 6's checking asks for it), and the filter's name is a static the tests
// set (the article edits the source to switch between CIModTransition and
// CIFlashTransition). Everything else is the article's code.
class TransitionView: UIView {
    @MainActor protocol AnimationFinishedDelegate: AnyObject {
        func animationFinished(animationType: AnimationType)
    }
    enum AnimationType {
        case In
        case Out
    }
    static var filterName = "CIModTransition"  // or "CIFlashTransition"
    private static var filter: CIFilter? { CIFilter(name: filterName) }
    private weak var delegate: AnimationFinishedDelegate? = nil
    private var baseColor: UIColor = UIColor.white
    private var inputImage: UIImage = UIImage()
    private var targetImage: UIImage = UIImage()
    private var imageView: UIImageView = UIImageView()
    private var duration: TimeInterval = 1.0
    private var currentAnimationType: AnimationType = .Out
    private var startTime: CFTimeInterval = 0.0
    private var displayLink: CADisplayLink?
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
    isolated deinit {
        displayLink?.invalidate()
        displayLink = nil
    }
    init(frame: CGRect, baseColor: UIColor, delegate: AnimationFinishedDelegate?) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        self.delegate = delegate
        self.baseColor = baseColor
        inputImage = UIColor.clear.uiImage(size: frame.size) ?? UIImage()
        targetImage = baseColor.uiImage(size: frame.size) ?? UIImage()
        imageView = UIImageView(frame: frame)
        imageView.image = targetImage
        imageView.contentMode = .scaleAspectFit
        imageView.isUserInteractionEnabled = false
        addSubview(imageView)
    }
    public func startAnimation(duration: TimeInterval, animationType: AnimationType) {
        if displayLink != nil { return }
        self.duration = duration
        self.currentAnimationType = animationType
        startTime = CACurrentMediaTime()
        displayLink = CADisplayLink { [weak self] _ in self?.updateAnimation() }
        displayLink?.add(to: .main, forMode: .common)
    }
    private func updateAnimation() {
        var normalizedTime: TimeInterval = 0.0
        switch currentAnimationType {
        case .In:
            let elapsedTime = CACurrentMediaTime() - startTime
            normalizedTime = CGFloat(elapsedTime / duration)
            if normalizedTime > 1.0 {
                normalizedTime = 1.0
                displayLink?.invalidate()
                displayLink = nil
                animationFinished(animationType: self.currentAnimationType)
            }
        case .Out:
            let elapsedTime = CACurrentMediaTime() - startTime
            normalizedTime = 1.0 - CGFloat(elapsedTime / duration)
            if normalizedTime < 0.0 {
                normalizedTime = 0.0
                displayLink?.invalidate()
                displayLink = nil
                animationFinished(animationType: self.currentAnimationType)
            }
        }
        imageView.image = filteredImage(time: normalizedTime)?.uiImage()
    }
    private func filteredImage(time: TimeInterval) -> CIImage? {
        guard let filter = TransitionView.filter else {
            return nil
        }
        filter.setValue(inputImage.ciImage(), forKey: kCIInputImageKey)
        filter.setValue(targetImage.ciImage(), forKey: kCIInputTargetImageKey)
        filter.setValue(time, forKey: kCIInputTimeKey)
        filter.setValue(CIVector(x: bounds.size.width * 1.5, y: bounds.size.height * 1.5), forKey: kCIInputCenterKey)
        return filter.outputImage
    }
    private func animationFinished(animationType: AnimationType) {
        delegate?.animationFinished(animationType: animationType)
    }
}

extension UIImage {
    func ciImage() -> CIImage? {
        guard let cgImage = self.cgImage else {
            return nil
        }
        return CIImage(cgImage: cgImage)
    }
}

extension CIImage {
    func uiImage() -> UIImage? {
        let context = CIContext()
        guard let cgImage = context.createCGImage(self, from: self.extent) else {
            return nil
        }
        return UIImage(cgImage: cgImage)
    }
}

/// A big white title across the middle of a screen, as in the article's GIFs.
@MainActor
func screenLabel(_ text: String) -> UILabel {
    let label = UILabel(frame: CGRect(x: 0, y: 250, width: 393, height: 100))
    label.text = text
    label.font = .boldSystemFont(ofSize: 56)
    label.textColor = .white
    label.textAlignment = .center
    return label
}

// The article's first screen, with a title and a button (the article leaves its layout
// out) and a log of what happens for the tests.
class FirstViewController: UIViewController, TransitionView.AnimationFinishedDelegate {
    private static let baseColor = UIColor(white: 0.2, alpha: 1.0)
    private var transitionView: TransitionView!
    var events: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = FirstViewController.baseColor
        view.addSubview(screenLabel("Screen 1"))
        let button = UIButton(type: .system)
        button.setTitle("Next", for: .normal)
        button.frame = CGRect(x: 150, y: 380, width: 100, height: 40)
        button.addAction(UIAction { [unowned self] _ in self.buttonPressed(button) }, for: .touchUpInside)
        view.addSubview(button)
        transitionView = TransitionView(frame: view.bounds,
                                        baseColor: FirstViewController.baseColor,
                                        delegate: self)
        view.addSubview(transitionView)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        events.append("first.didAppear")
        transitionView.startAnimation(duration: 1.0, animationType: TransitionView.AnimationType.Out)
    }
    func buttonPressed(_ shootButton: UIButton) {
        transitionView.startAnimation(duration: 1.0, animationType: TransitionView.AnimationType.In)
    }
    func animationFinished(animationType: TransitionView.AnimationType) {
        events.append("first.finished(\(animationType))")
        if animationType == TransitionView.AnimationType.In {
            let vc = SecondViewController(nibName: nil, bundle: nil)
            navigationController?.pushViewController(vc, animated: false)
        }
    }
}

/// The article's second screen: the same overlay on a lighter colour, playing Out when it
/// appears.
class SecondViewController: UIViewController, TransitionView.AnimationFinishedDelegate {
    private static let baseColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1.0)
    private(set) var transitionView: TransitionView!
    var events: [String] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = SecondViewController.baseColor
        view.addSubview(screenLabel("Screen 2"))
        transitionView = TransitionView(frame: view.bounds, baseColor: SecondViewController.baseColor, delegate: self)
        view.addSubview(transitionView)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        events.append("second.didAppear(\(animated))")
        transitionView.startAnimation(duration: 1.0, animationType: TransitionView.AnimationType.Out)
    }
    func animationFinished(animationType: TransitionView.AnimationType) {
        events.append("second.finished(\(animationType))")
    }
}

@MainActor @Suite(.serialized)
struct SeedTransitionSequenceTests {
    private func frame(_ window: UIWindow, at time: Double) throws -> CGImage {
        try CARenderer(layer: window.layer, bounds: window.bounds, scale: 0.25).render(at: time)
    }

    /// The share of the frame's pixels (sampled on a grid) equal to `color`'s RGB.
    private func share(of color: (UInt8, UInt8, UInt8), in image: CGImage) -> Double {
        var hits = 0, total = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                let p = image.pixel(x, y)
                total += 1
                if abs(Int(p[0]) - Int(color.0)) <= 2, abs(Int(p[1]) - Int(color.1)) <= 2, abs(Int(p[2]) - Int(color.2)) <= 2 { hits += 1 }
            }
        }
        return Double(hits) / Double(total)
    }

    /// The share of the overlay image's pixels (sampled on a grid) that are more than half
    /// opaque: how much of the screen the transition covers.
    private func overlayCoverage(of controller: UIViewController) throws -> Double {
        let overlay = try #require(controller.view.subviews.last as? TransitionView)
        let image = try #require((overlay.subviews.first as? UIImageView)?.image?.cgImage)
        let bytes = image.premultipliedBytes
        var covered = 0, total = 0
        for y in stride(from: 0, to: image.height, by: 8) {
            for x in stride(from: 0, to: image.width, by: 8) {
                total += 1
                if bytes[(y * image.width + x) * 4 + 3] > 127 { covered += 1 }
            }
        }
        return Double(covered) / Double(total)
    }

    /// Ticks twice a second from `start` to `end`, and at `end`. (Each tick filters
    /// a full-screen image at 3×, slow in a debug build, so the tests tick sparingly; the
    /// overlay follows the clock, not the number of ticks.)
    private func run(from start: Double, to end: Double) {
        for time in stride(from: start + 0.5, to: end, by: 0.5) { tick(at: time) }
        tick(at: end)
    }

    @Test(arguments: ["CIModTransition", "CIFlashTransition"])
    func screenOnePlaysInThenPushesScreenTwoWhichPlaysOut(filter: String) throws {
        TransitionView.filterName = filter
        let first = FirstViewController(nibName: nil, bundle: nil)
        let navigation = UINavigationController(rootViewController: first)
        navigation.isNavigationBarHidden = true
        let window = makeWindow(root: navigation)
        defer { withExtendedLifetime(window) {} }
        #expect(first.events == ["first.didAppear"])
        // The overlay starts opaque in the base colour (0.2 white is 51) and plays Out: it
        // is gone after a second, showing the button on the same colour.
        #expect(share(of: (51, 51, 51), in: try frame(window, at: 0)) == 1)
        run(from: 0, to: 1.1)
        #expect(first.events == ["first.didAppear", "first.finished(Out)"])
        let cleared = try frame(window, at: 1.1)
        #expect(share(of: (51, 51, 51), in: cleared) < 1, "the button shows through")

        // A tap on the button plays In; a tap while it runs starts nothing new.
        window.sendTap(at: CGPoint(x: 200, y: 400))
        run(from: 1.1, to: 1.6)
        window.sendTap(at: CGPoint(x: 200, y: 400))
        let coveredIn = try overlayCoverage(of: first)
        let middle = try frame(window, at: 1.6)
        #expect(navigation.viewControllers == [first])
        run(from: 1.6, to: 2.2)
        #expect(first.events == ["first.didAppear", "first.finished(Out)", "first.finished(In)"])

        // When In ends, screen 2 is pushed without animation and plays Out on appearing.
        let second = try #require(navigation.topViewController as? SecondViewController)
        #expect(navigation.viewControllers == [first, second] && first.view.superview == nil)
        #expect(second.events == ["second.didAppear(false)"])
        let pushed = try frame(window, at: 2.2)
        #expect(share(of: (51, 102, 204), in: pushed) > 0.99, "screen 2 starts covered by its own colour")
        run(from: 2.2, to: 2.7)
        let out = try frame(window, at: 2.7)
        // Out half way is In half way: the same pattern, played backwards.
        let coveredOut = try overlayCoverage(of: second)
        #expect(abs(coveredOut - coveredIn) < 0.01, "\(coveredOut) against \(coveredIn)")
        run(from: 2.7, to: 3.3)
        #expect(second.events == ["second.didAppear(false)", "second.finished(Out)"])

        switch filter {
        case "CIModTransition":
            // Half way, the mod pattern covers part of the screen.
            #expect(coveredIn > 0.05 && coveredIn < 0.95, "\(coveredIn)")
            #expect(Golden.compare(middle, "mod-in-0.5") == nil)
            #expect(Golden.compare(out, "mod-out-0.5") == nil)
        default:
            // The flash fills the screen with its light half way: the base colour is gone.
            #expect(coveredIn > 0.95, "\(coveredIn)")
            #expect(share(of: (51, 51, 51), in: middle) < 0.1)
            #expect(Golden.compare(out, "flash-out-0.5") == nil)
        }
    }
}
