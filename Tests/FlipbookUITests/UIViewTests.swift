@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// A view that counts its layout passes and draws a red square.
@MainActor
private final class CountingView: UIView {
    var layouts = 0
    var draws = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

@MainActor
private final class ShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
}

@MainActor
private final class PlainSubclass: UIView {}

@MainActor
@Suite(.serialized) struct UIViewTests {
    @Test func geometryIsTheLayers() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.layer.position == view.center)
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        view.bounds = CGRect(x: 5, y: 5, width: 20, height: 30)
        #expect(view.frame == CGRect(x: 90, y: 85, width: 20, height: 30))
        #expect(view.center == CGPoint(x: 100, y: 100))
        // A transform scales the frame about the centre; bounds and centre stay.
        view.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(view.frame == CGRect(x: 80, y: 55, width: 40, height: 90))
        #expect(view.bounds.size == CGSize(width: 20, height: 30))
        #expect(view.transform3D.m11 == 2 && view.transform3D.m22 == 3)
        view.transform = .identity
        view.alpha = 0.25
        #expect(view.layer.opacity == 0.25)
        view.backgroundColor = .blue
        #expect(view.layer.backgroundColor == UIColor.blue.cgColor)
        view.clipsToBounds = true
        #expect(view.layer.masksToBounds)
        view.contentMode = .top
        #expect(view.layer.contentsGravity == .bottom)
        #expect(ShapeView().layer is CAShapeLayer)
        #expect(view.layer.delegate === view)
    }

    @Test func nonFiniteGeometryIsRejected() {
        let view = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        let messages = collectingUIDiagnostics {
            view.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            view.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            view.center = CGPoint(x: 0, y: CGFloat.nan)
        }
        #expect(messages.count == 3)
        #expect(view.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func hierarchyKeepsViewsAndLayersInOrder() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map { ObjectIdentifier($0.layer) })
        parent.bringSubviewToFront(c)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [b, a, c].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [b, a, c].map { ObjectIdentifier($0.layer) })
        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        #expect(parent.layer.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map { ObjectIdentifier($0.layer) })
        let d = UIView()
        parent.insertSubview(d, aboveSubview: c)
        parent.insertSubview(UIView(), belowSubview: c)
        #expect(parent.subviews.count == 5 && parent.subviews[2] === d)
        // Re-adding moves to the front; adding elsewhere moves between parents.
        parent.addSubview(c)
        #expect(parent.subviews.last === c)
        a.addSubview(b)
        #expect(b.superview === a && !parent.subviews.contains { $0 === b })
        #expect(b.isDescendant(of: parent) && !parent.isDescendant(of: b))
        b.tag = 7
        #expect(parent.viewWithTag(7) === b)
        b.removeFromSuperview()
        #expect(b.superview == nil && a.subviews.isEmpty && b.layer.superlayer == nil)
        #expect(b.next == nil && a.next === parent)
    }

    @Test func addingAViewToItselfOrADescendantIsRefused() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        let messages = collectingUIDiagnostics {
            parent.addSubview(parent)
            child.addSubview(parent)
            parent.exchangeSubview(at: 0, withSubviewAt: 3)
        }
        #expect(messages.count == 3)
        #expect(parent.superview == nil && child.subviews.isEmpty && parent.subviews.count == 1)
    }

    @Test func descendantsFindTheirWindowThroughTheirAncestors() {
        let window = makeWindow()
        let parent = UIView(), child = CountingView()
        parent.addSubview(child)
        #expect(child.window == nil)
        window.addSubview(parent)
        #expect(child.window === window)
        parent.removeFromSuperview()
        #expect(child.window == nil)
    }

    @Test func autoresizingSharesTheChangeByTheMask() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        let width = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        width.autoresizingMask = [.flexibleWidth]
        let pinnedRight = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        pinnedRight.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        let all = UIView(frame: CGRect(x: 10, y: 20, width: 20, height: 40))
        all.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleHeight]
        for view in [fixed, width, pinnedRight, all] { parent.addSubview(view) }
        parent.frame.size = CGSize(width: 200, height: 150)
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(width.frame == CGRect(x: 10, y: 10, width: 120, height: 20))
        #expect(pinnedRight.frame == CGRect(x: 110, y: 10, width: 20, height: 20))
        // x: margins 10 and 70 and width 20 share 100 as 10 : 20 : 70; y: only the height.
        #expect(all.frame == CGRect(x: 20, y: 20, width: 40, height: 90))
        parent.autoresizesSubviews = false
        parent.frame.size = CGSize(width: 100, height: 100)
        #expect(width.frame.width == 120)
    }

    @Test func layoutRunsOnTheHostTickWhenMarked() {
        let window = makeWindow()
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        AnimationHost.shared.tick()
        let first = view.layouts
        #expect(first >= 1)
        AnimationHost.shared.tick()
        #expect(view.layouts == first)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layouts == first + 1)
        view.bounds.size = CGSize(width: 60, height: 60)
        AnimationHost.shared.tick()
        #expect(view.layouts == first + 2)
    }

    @Test func drawOverridesFillTheLayerAndPlainViewsDrawNothing() throws {
        let window = makeWindow()
        let drawing = CountingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let plain = PlainSubclass(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(drawing)
        window.addSubview(plain)
        AnimationHost.shared.tick()
        #expect(drawing.draws == 1)
        let contents = try #require(drawing.layer.contents as? CGImage)
        #expect(contents.width == 60)  // 20 points at 3×
        #expect(contents.pixel(5, 5) == [255, 0, 0, 255] && contents.pixel(40, 40) == [0, 0, 0, 0])
        #expect(plain.layer.contents == nil && plain.drawIsInherited == true)
        #expect(UIView().drawIsInherited == true && UIView().layer.needsDisplay() == false)
        AnimationHost.shared.tick()
        #expect(drawing.draws == 1)
        drawing.setNeedsDisplay()
        AnimationHost.shared.tick()
        #expect(drawing.draws == 2)
    }

    @Test func hitTestingSkipsHiddenFaintAndInertViews() {
        let window = makeWindow()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(back)
        back.addSubview(front)
        front.addSubview(inner)
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === inner)
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === front)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(window.hitTest(CGPoint(x: 300, y: 300), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 500, y: 300), with: nil) == nil)
        front.alpha = 0.009
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
        front.alpha = 0.01
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
        front.isUserInteractionEnabled = true
        front.isHidden = true
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
        front.isHidden = false
        // Through a transform: rotated a quarter turn about its centre (100, 100), the
        // inner square (60…80, 60…80 unrotated) lands at x 120…140, y 60…80.
        front.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(window.hitTest(CGPoint(x: 130, y: 70), with: nil) === inner)
        #expect(window.hitTest(CGPoint(x: 70, y: 70), with: nil) === front)
        #expect(inner.convert(CGPoint(x: 0, y: 0), to: nil).x.rounded() == 140)
    }
}
