import Testing
@testable import FlipbookAnimation
import FlipbookTestSupport

@MainActor
@Suite(.serialized) struct LayerTreeTests {
    @Test func treeOperations() {
        AnimationHost.shared.reset()
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        root.insertSublayer(d, above: c)
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [c, d, a, b].map { ObjectIdentifier($0) })
        root.insertSublayer(c, below: b)  // moving an existing sublayer
        #expect(root.sublayers?.map { ObjectIdentifier($0) } == [d, a, c, b].map { ObjectIdentifier($0) })
        let e = CALayer()
        root.replaceSublayer(a, with: e)
        #expect(a.superlayer == nil && e.superlayer === root)
        #expect(root.sublayers?.count == 4)
        b.removeFromSuperlayer()
        #expect(root.sublayers?.count == 3 && b.superlayer == nil)
        // Adopting by another parent removes from the first.
        d.addSublayer(e)
        #expect(root.sublayers?.count == 2 && e.superlayer === d)
        root.sublayers = nil
        #expect(root.sublayers == nil && d.superlayer == nil)
    }

    @Test func cyclesAndBadMasksAreRefused() {
        AnimationHost.shared.reset()
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let messages = collectingDiagnostics {
            grandchild.addSublayer(root)
            child.addSublayer(child)
            root.mask = child  // a sublayer cannot be a mask
        }
        #expect(messages.count == 3)
        #expect(root.superlayer == nil && root.mask == nil)
        let mask = CALayer()
        root.mask = mask
        #expect(root.mask === mask)
        #expect(collectingDiagnostics { child.mask = mask }.count == 1)  // masks one layer only
        mask.removeFromSuperlayer()
        #expect(root.mask == nil)
    }

    @Test func frameAndConversions() {
        AnimationHost.shared.reset()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.position == CGPoint(x: 60, y: 45))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        root.addSublayer(layer)
        #expect(layer.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 10, y: 20))
        #expect(root.convert(CGPoint(x: 15, y: 25), to: layer) == CGPoint(x: 5, y: 5))
        // Seed 004: a negative bounds origin moves the content right and down.
        layer.bounds.origin = CGPoint(x: -20, y: -40)
        #expect(layer.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 30, y: 60))
        // A rotated layer: its frame is the bounding box.
        layer.bounds.origin = .zero
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let f = layer.frame
        #expect(abs(f.width - 50) < 1e-9 && abs(f.height - 100) < 1e-9)
        let p = layer.convert(CGPoint(x: 100, y: 0), to: root)  // the top-right corner turns down
        #expect(abs(p.x - 85) < 1e-9 && abs(p.y - 95) < 1e-9)
        #expect(abs(root.convert(p, to: layer).x - 100) < 1e-9)
    }

    @Test func conversionsThroughPerspective() {
        AnimationHost.shared.reset()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(card)
        for point in [CGPoint(x: 10, y: 20), CGPoint(x: 90, y: 70)] {
            let there = card.convert(point, to: root)
            let back = card.convert(there, from: root)
            #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
        }
        // The near edge looks bigger: the card's right edge (turned toward the viewer
        // or away) is no longer 100 points tall.
        let top = card.convert(CGPoint(x: 100, y: 0), to: root), bottom = card.convert(CGPoint(x: 100, y: 100), to: root)
        #expect(abs((bottom.y - top.y) - 100) > 1)
    }

    @Test func hitTesting() {
        AnimationHost.shared.reset()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let back = CALayer(), front = CALayer(), hidden = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        front.frame = CGRect(x: 100, y: 100, width: 150, height: 150)
        hidden.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        hidden.isHidden = true
        root.addSublayer(back)
        root.addSublayer(front)
        root.addSublayer(hidden)
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === front)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === back)
        #expect(root.hitTest(CGPoint(x: 280, y: 20)) === root)
        #expect(root.hitTest(CGPoint(x: 400, y: 20)) == nil)
        back.zPosition = 1  // now in front of its later sibling
        #expect(root.hitTest(CGPoint(x: 150, y: 150)) === back)
        #expect(front.contains(CGPoint(x: 10, y: 10)) && !front.contains(CGPoint(x: -1, y: 10)))
    }

    @Test func flippedGeometryPlacesSublayersFromTheBottom() {
        AnimationHost.shared.reset()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer(), grandchild = CALayer()
        child.frame = CGRect(x: 5, y: 15, width: 10, height: 10)
        grandchild.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        root.addSublayer(child)
        child.addSublayer(grandchild)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 5, y: 15))
        root.isGeometryFlipped = true
        // The frame keeps its values; they are now measured from the bottom edge, so the
        // child's top-left corner (in its own, unflipped space) lands at y = 100 − 15.
        #expect(child.frame == CGRect(x: 5, y: 15, width: 10, height: 10))
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 5, y: 85))
        #expect(child.convert(CGPoint(x: 0, y: 10), to: root) == CGPoint(x: 5, y: 75))
        #expect(root.convert(CGPoint(x: 5, y: 85), to: child) == CGPoint(x: 0, y: 0))
        #expect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root) == CGRect(x: 5, y: 75, width: 10, height: 10))
        #expect(root.hitTest(CGPoint(x: 10, y: 80)) === child)
        #expect(root.hitTest(CGPoint(x: 10, y: 20)) === root)
        // Contents stay upright: drawn flipped under an odd number of flipping ancestors.
        #expect(!root.contentsAreFlipped() && child.contentsAreFlipped() && grandchild.contentsAreFlipped())
        child.isGeometryFlipped = true
        #expect(!grandchild.contentsAreFlipped())
        // Flipped twice: the grandchild's corner sits on the child's bottom edge (child y
        // 10), which the root's flip puts at 100 − (15 + 10).
        #expect(grandchild.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 5, y: 75))
    }

    /// The pause and resume recipe of Apple's Core Animation Programming Guide.
    @Test func pauseAndResume() {
        let layer = makeCommittedLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 10
        layer.add(move, forKey: "move")
        tick(at: 0)
        tick(at: 2)
        // Pause.
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        tick(at: 2)
        tick(at: 7)
        #expect(layer.presentation()!.position.x == 20)
        // Resume.
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let sincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        layer.beginTime = sincePause
        tick(at: 7)
        tick(at: 8)
        #expect(abs(layer.presentation()!.position.x - 30) < 1e-9)
        #expect(abs(layer.convertTime(8, from: nil) - 3) < 1e-9)
        #expect(abs(layer.convertTime(3, to: nil) - 8) < 1e-9)
    }

    @Test func sublayerAndMaskKeyPaths() {
        let root = makeCommittedLayer()
        let child = CALayer()
        child.name = "dot"
        let mask = CALayer()
        root.addSublayer(child)
        root.mask = mask
        tick(at: 0)
        let fade = CABasicAnimation(keyPath: "sublayers.dot.opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        root.add(fade, forKey: "fade")
        let shift = CABasicAnimation(keyPath: "mask.position.y")
        shift.fromValue = 0
        shift.toValue = 40
        shift.duration = 1
        root.add(shift, forKey: "shift")
        tick(at: 0)
        MediaClock.shared.setManual(0.25)
        let presented = root.presentation()!
        #expect(presented.opacity == 1)
        #expect(presented.sublayers?.first?.opacity == 0.25)
        #expect(presented.mask?.position.y == 10)
        #expect(child.opacity == 1)  // the model is untouched
    }

    @Test func presentationNeverTouchesTheModel() {
        let layer = makeCommittedLayer()
        #expect(CALayer().presentation() == nil)  // never committed
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: nil)
        tick(at: 0)
        MediaClock.shared.setManual(0.5)
        let p = layer.presentation()!
        #expect(p.opacity == 0.5 && layer.opacity == 1)
        #expect(p.model() === layer && layer.model() === layer)
        p.opacity = 0.2  // changing a presentation copy changes nothing else
        #expect(layer.opacity == 1 && layer.presentation()!.opacity == 0.5)
    }
}
