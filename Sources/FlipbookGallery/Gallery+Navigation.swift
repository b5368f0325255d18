import FlipbookAnimation
import FlipbookComponents
import FlipbookGraphics
import FlipbookUI

extension Gallery {
    /// Seed 002's navigation transition in a small app flow.
    static let zoomFadeScene = GalleryScene(
        name: "zoom-fade", title: "Seed 002 · ZoomFadeTransition",
        summary: "A tap on a tile pushes its screen, growing and fading in; a moment later the pop shrinks it away.",
        size: CGSize(width: 240, height: 400)
    ) { size, _ in
        let delegate = ZoomFadeNavigationDelegate(duration: 0.5)
        let list = TileListScreen()
        let navigation = UINavigationController(rootViewController: list)
        navigation.delegate = delegate
        return windowStage(size: size, duration: 2.6, rootViewController: navigation, owners: [delegate]) { window in
            scheduleTap(on: list.tiles[1], in: window, after: 0.4)
            AnimationHost.shared.schedule(after: 1.6) { _ = navigation.popViewController(animated: true) }
        }
    }
}

/// The flow's first screen: a grid of coloured tiles; a tap on one pushes its screen.
final class TileListScreen: UIViewController {
    static let colors: [UIColor] = [.systemRed, .systemOrange, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
    private(set) var tiles: [UIButton] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tiles"
        view.backgroundColor = .white
        for (index, color) in Self.colors.enumerated() {
            let tile = UIButton(type: .custom)
            tile.backgroundColor = color
            tile.layer.cornerRadius = 10
            tile.addAction(UIAction { [unowned self] _ in
                navigationController?.pushViewController(TileDetailScreen(number: index + 1, color: color), animated: true)
            }, for: .touchUpInside)
            view.addSubview(tile)
            tiles.append(tile)
        }
    }

    /// Two columns under the bar, once the view has its size.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top: CGFloat = 60, gap: CGFloat = 12
        let side = (view.bounds.width - 3 * gap) / 2
        for (index, tile) in tiles.enumerated() {
            tile.frame = CGRect(x: gap + CGFloat(index % 2) * (side + gap), y: top + CGFloat(index / 2) * (side + gap),
                                width: side, height: side)
        }
    }
}

/// A tile's own screen: its colour, full size, with its number.
final class TileDetailScreen: UIViewController {
    private let number: Int
    private let color: UIColor

    init(number: Int, color: UIColor) {
        self.number = number
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tile \(number)"
        view.backgroundColor = color
        let label = Gallery.label("\(number)", frame: view.bounds, size: 120)
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(label)
    }
}
