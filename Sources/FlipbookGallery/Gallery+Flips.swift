import FlipbookAnimation
import FlipbookComponents
import FlipbookGraphics
import FlipbookUI

extension Gallery {
    /// Seed 001's flips: the card component, and UIKit's transition options side by side.
    static let flipScenes = [
        GalleryScene(
            name: "flip-card", title: "Seed 001 · FlipCardView",
            summary: "A card turns over top over bottom under perspective, then back about the vertical axis; the side facing away is culled.",
            size: CGSize(width: 280, height: 220)
        ) { size, _ in
            let card = FlipCardView(frame: CGRect(x: 30, y: 35, width: size.width - 60, height: size.height - 70),
                                    front: cardSide("Front", color: UIColor(red: 0.9, green: 0.3, blue: 0.25, alpha: 1)),
                                    back: cardSide("Back", color: UIColor(red: 0.2, green: 0.4, blue: 0.85, alpha: 1)))
            let table = UIView()
            table.addSubview(card)
            return windowStage(size: size, duration: 2.6, view: table) { _ in
                AnimationHost.shared.schedule(after: 0.3) { card.flip(duration: 0.7, axis: .horizontal) }
                AnimationHost.shared.schedule(after: 1.5) { card.flip(duration: 0.7, axis: .vertical) }
            }
        },
        GalleryScene(
            name: "view-transitions", title: "Seed 001 · UIView.transition",
            summary: "Each of UIKit's transition options replacing one view with another, and back.",
            size: CGSize(width: 440, height: 260)
        ) { size, _ in
            let board = UIView()
            let options: [(String, UIView.AnimationOptions)] = [
                ("flipFromLeft", .transitionFlipFromLeft), ("flipFromRight", .transitionFlipFromRight),
                ("flipFromTop", .transitionFlipFromTop), ("flipFromBottom", .transitionFlipFromBottom),
                ("curlUp", .transitionCurlUp), ("curlDown", .transitionCurlDown),
                ("crossDissolve", .transitionCrossDissolve),
            ]
            let cell = CGSize(width: size.width / 4, height: size.height / 2)
            let side = min(cell.width, cell.height - 24) - 16
            var tiles: [(front: UIView, back: UIView, option: UIView.AnimationOptions)] = []
            for (index, (name, option)) in options.enumerated() {
                let origin = CGPoint(x: CGFloat(index % 4) * cell.width, y: CGFloat(index / 4) * cell.height)
                let container = UIView(frame: CGRect(x: origin.x + (cell.width - side) / 2, y: origin.y + 8, width: side, height: side))
                let front = cardSide("A", color: UIColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1))
                let back = cardSide("B", color: UIColor(red: 0.15, green: 0.6, blue: 0.45, alpha: 1))
                front.frame = container.bounds
                back.frame = container.bounds
                container.addSubview(front)
                board.addSubview(container)
                board.addSubview(label(name, frame: CGRect(x: origin.x, y: origin.y + side + 10, width: cell.width, height: 16),
                                       size: 11, weight: .regular, color: .darkGray))
                tiles.append((front, back, option))
            }
            return windowStage(size: size, duration: 3.2, view: board) { _ in
                for (delay, forwards) in [(0.3, true), (1.8, false)] {
                    AnimationHost.shared.schedule(after: delay) {
                        for tile in tiles {
                            UIView.transition(from: forwards ? tile.front : tile.back, to: forwards ? tile.back : tile.front,
                                              duration: 1, options: tile.option)
                        }
                    }
                }
            }
        },
    ]

    /// A rounded coloured side with a big centred title.
    @MainActor
    static func cardSide(_ title: String, color: UIColor) -> UIView {
        let side = UIView()
        side.backgroundColor = color
        side.layer.cornerRadius = 12
        side.clipsToBounds = true
        let text = label(title, frame: .zero, size: 28)
        text.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        side.addSubview(text)
        return side
    }
}
