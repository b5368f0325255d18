import FlipbookAnimation
import FlipbookComponents
import FlipbookGraphics
import FlipbookUI

extension Gallery {
    /// Seed 000's two-screen demo, with each of the article's two filters.
    static let transitionScenes = [
        ("transition-mod", "CIModTransition", "Mod"),
        ("transition-flash", "CIFlashTransition", "Flash"),
    ].map { name, filter, short in
        GalleryScene(
            name: name, title: "Seed 000 · TransitionView (\(filter))",
            summary: "Screen 1 uncovers itself; its Next button plays the \(short) transition in, pushes screen 2 without animation, and screen 2 plays it out.",
            size: CGSize(width: 240, height: 400)
        ) { size, settings in
            let first = TransitionDemoScreen(number: 1, filterName: filter, renderScale: settings.scale)
            let navigation = UINavigationController(rootViewController: first)
            navigation.isNavigationBarHidden = true
            return windowStage(size: size, duration: 4, rootViewController: navigation) { window in
                // Out plays from 0 to 1 s; the tap at 1.5 s plays In to 2.5 s, then screen 2 plays Out to 3.5 s.
                scheduleTap(on: first.nextButton, in: window, after: 1.5)
            }
        }
    }
}

/// A screen of seed 000's demo: a base colour, a title, on the first screen a Next button,
/// and the transition overlay in front. It plays Out when it appears; the first screen's
/// button plays In, and when In ends the second screen is pushed without animation.
final class TransitionDemoScreen: UIViewController, TransitionView.AnimationFinishedDelegate {
    private let number: Int
    private let filterName: String
    private let renderScale: CGFloat
    let nextButton = UIButton(type: .system)
    private var transitionView: TransitionView?

    private var baseColor: UIColor {
        number == 1 ? UIColor(white: 0.2, alpha: 1) : UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
    }

    init(number: Int, filterName: String, renderScale: CGFloat) {
        self.number = number
        self.filterName = filterName
        self.renderScale = renderScale
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        let bounds = view.bounds
        view.backgroundColor = baseColor
        // The view is the screen's size until the window lays it out: keep to the middle.
        let title = Gallery.label("Screen \(number)", frame: CGRect(x: 0, y: bounds.midY - 80, width: bounds.width, height: 60),
                                  size: 34)
        title.autoresizingMask = [.flexibleWidth, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(title)
        addTiles(below: bounds.midY + 70)
        if number == 1 {
            nextButton.setTitle("Next", for: .normal)
            nextButton.setTitleColor(.white, for: .normal)
            nextButton.frame = CGRect(x: bounds.midX - 50, y: bounds.midY + 20, width: 100, height: 40)
            nextButton.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
            nextButton.addAction(UIAction { [unowned self] _ in
                transitionView?.startAnimation(duration: 1, animationType: .in)
            }, for: .touchUpInside)
            view.addSubview(nextButton)
        }
        let overlay = TransitionView(frame: bounds, baseColor: baseColor, filterName: filterName, delegate: self)
        overlay.renderScale = renderScale
        if filterName == "CIModTransition" {
            // The mod pattern's sizes are in pixels: keep the article's look (a 3× screen)
            // at whatever scale the scene renders.
            let pixelsPerArticlePixel = renderScale / 3
            overlay.parameters = ["inputRadius": 150 * pixelsPerArticlePixel, "inputCompression": 300 * pixelsPerArticlePixel]
        }
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(overlay)
        transitionView = overlay
    }

    /// A row of coloured cards, the screen's content, for the transition to cover.
    private func addTiles(below top: CGFloat) {
        let colors: [UIColor] = number == 1 ? [.systemOrange, .systemPink, .systemYellow] : [.systemGreen, .systemTeal, .systemIndigo]
        for (index, color) in colors.enumerated() {
            let tile = UIView(frame: CGRect(x: view.bounds.midX - 105 + CGFloat(index) * 75, y: top, width: 60, height: 60))
            tile.backgroundColor = color
            tile.layer.cornerRadius = 12
            tile.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
            view.addSubview(tile)
        }
        let banner = UIView(frame: CGRect(x: 20, y: 40, width: view.bounds.width - 40, height: 90))
        banner.backgroundColor = colors[0].withAlphaComponent(0.8)
        banner.layer.cornerRadius = 16
        banner.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        view.addSubview(banner)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        transitionView?.startAnimation(duration: 1, animationType: .out)
    }

    func animationFinished(animationType: TransitionView.AnimationType) {
        guard animationType == .in, number == 1 else { return }
        let second = TransitionDemoScreen(number: 2, filterName: filterName, renderScale: renderScale)
        navigationController?.pushViewController(second, animated: false)
    }
}
