@testable import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// Where a frame may differ from the last (`FrameTree.damage(since:)`): the reaches of the
/// brackets that changed, old and new, worked out by hand for a 100 × 100 point tree at
/// scale 1 — a clear root holding two squares and a card casting a shadow, which holds a
/// badge. A layer's reach is its painted bounds in device pixels with two pixels around
/// them (what sampling spills); a shadow grows it by its blur and offset.
@MainActor
@Suite(.serialized) struct FrameTreeDamageTests {
    @MainActor final class Scene {
        let root = CALayer(), left = CALayer(), right = CALayer(), card = CALayer(), badge = CALayer()

        init() {
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            left.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            right.frame = CGRect(x: 60, y: 10, width: 20, height: 20)
            card.frame = CGRect(x: 10, y: 50, width: 30, height: 30)
            badge.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            for layer in [left, right, card, badge] { layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1) }
            card.shadowOpacity = 1
            card.shadowRadius = 2
            card.shadowOffset = CGSize(width: 0, height: 3)
            card.addSublayer(badge)
            for layer in [left, right, card] { root.addSublayer(layer) }
        }
    }

    /// The frame tree of `root` at time 0 as committed after `change` (made without
    /// implicit animations), at scale 1.
    static func tree(of root: CALayer, after change: () -> Void = {}) -> FrameTree {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
        AnimationHost.shared.tick()
        let renderTree = AnimationHost.shared.renderTree(of: root)
        return renderTree.frameTree(renderTree.evaluate(at: 0), bounds: root.bounds, scale: 1, maximumThreadCount: 1)
    }

    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// Each change, made alone to a fresh scene, and the damage it gives.
    static let table: [(name: String, change: @MainActor (Scene) -> Void, damage: [CGRect]?)] = [
        ("nothing", { _ in }, []),
        ("a square's colour", { $0.left.backgroundColor = blue }, [CGRect(x: 8, y: 8, width: 24, height: 24)]),
        // Its old place and its new.
        ("a square moved", { $0.left.position.x += 5 }, [CGRect(x: 8, y: 8, width: 29, height: 24)]),
        ("both squares' colours", { $0.left.backgroundColor = blue; $0.right.backgroundColor = blue },
         [CGRect(x: 8, y: 8, width: 24, height: 24), CGRect(x: 58, y: 8, width: 24, height: 24)]),
        // Under the card's shadow, the badge's change reaches as far as the card's shadow:
        // the card's bounds grown by 3 × radius + 1 + the larger offset (10), and 2 pixels.
        ("the badge's colour", { $0.badge.backgroundColor = blue }, [CGRect(x: -2, y: 38, width: 54, height: 54)]),
        // Radius 1: grown by 7 and 2; the old reach holds it.
        ("the card's shadow", { $0.card.shadowRadius = 1 }, [CGRect(x: -2, y: 38, width: 54, height: 54)]),
        // A layer hidden changes the brackets of its parent: the root's reach, before and
        // after (the squares' and the shadowed card's).
        ("a square hidden", { $0.left.isHidden = true }, [CGRect(x: -2, y: 8, width: 84, height: 84)]),
        // Text may draw past its bounds: a change in its parent is not bounded.
        ("text added", { let text = CATextLayer(); text.string = "A"; $0.right.addSublayer(text) }, nil),
    ]

    @Test func damageIsWhereTheFrameChanged() {
        AnimationHost.shared.reset(time: 0)
        for (name, change, damage) in Self.table {
            let scene = Scene()
            let before = Self.tree(of: scene.root)
            let after = Self.tree(of: scene.root) { change(scene) }
            #expect(after.damage(since: before) == damage, "\(name)")
        }
    }

    /// Past eight places, their union.
    @Test func manyPlacesCountAsTheirUnion() {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let squares = (0..<9).map { k in
            let square = CALayer()
            square.frame = CGRect(x: 10 * k, y: 10 * k, width: 5, height: 5)
            square.backgroundColor = CGColor(gray: 0, alpha: 1)
            root.addSublayer(square)
            return square
        }
        let before = Self.tree(of: root)
        let eight = Self.tree(of: root) { for square in squares.prefix(8) { square.backgroundColor = Self.blue } }
        #expect(eight.damage(since: before)?.count == 8)
        let nine = Self.tree(of: root) { squares[8].backgroundColor = Self.blue }
        #expect(nine.damage(since: before) == [CGRect(x: -2, y: -2, width: 89, height: 89)])
    }
}
