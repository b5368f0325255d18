@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Seed 001's hand-made flip: two views back to back, each with a button that toggles them
/// with CABasicAnimations in one CATransaction. Unchanged but for Swift syntax and
/// `addAction` in place of `#selector`.
@MainActor
private final class FlipToggle {
    let view: UIView
    var frontView: UIView!
    var backView: UIView!
    var toggleFlg = false
    var log: [String] = []

    init(view: UIView) { self.view = view }

    func setup() {
        let viewFrame = CGRect(x: 0, y: 100, width: view.bounds.size.width, height: 44)
        let btnFrame = CGRect(x: 0, y: 0, width: viewFrame.size.width, height: viewFrame.size.height)

        frontView = UIView(frame: viewFrame)
        frontView.backgroundColor = UIColor.red
        frontView.layer.isDoubleSided = false

        backView = UIView(frame: viewFrame)
        backView.backgroundColor = UIColor.blue
        backView.layer.isDoubleSided = false
        backView.layer.transform = CATransform3DMakeRotation(.pi, 1.0, 0.0, 0)

        let backBtn = UIButton(type: .custom)
        backBtn.frame = btnFrame
        backBtn.setTitle("フリップ", for: .normal)
        backBtn.addAction(UIAction { [unowned self] action in toggle(action.sender) }, for: .touchUpInside)
        backView.addSubview(backBtn)

        let frontBtn = UIButton(type: .custom)
        frontBtn.frame = btnFrame
        frontBtn.setTitle("フリップ", for: .normal)
        frontBtn.addAction(UIAction { [unowned self] action in toggle(action.sender) }, for: .touchUpInside)
        frontView.addSubview(frontBtn)

        view.addSubview(backView)
        view.addSubview(frontView)

        var perspective = CATransform3DIdentity
        perspective.m34 = 1.0 / 1000
        view.layer.sublayerTransform = perspective
    }

    func toggle(_ sender: Any?) {
        log.append("toggle from \((sender as? UIView)?.superview === frontView ? "front" : "back")")
        CATransaction.begin()

        let toFrontTransform = CATransform3DMakeRotation(.pi * 2, 1.0, 0.0, 0.0)
        let toBackTransform = CATransform3DMakeRotation(.pi, 1.0, 0.0, 0.0)

        let toFrontAnim = CABasicAnimation(keyPath: "transform")
        let toBackAnim = CABasicAnimation(keyPath: "transform")

        toFrontAnim.isRemovedOnCompletion = false
        toFrontAnim.fillMode = .forwards
        toBackAnim.isRemovedOnCompletion = false
        toBackAnim.fillMode = .forwards

        let duration: CFTimeInterval = 0.5

        toFrontAnim.toValue = toFrontTransform
        toFrontAnim.duration = duration

        toBackAnim.toValue = toBackTransform
        toBackAnim.duration = duration

        CATransaction.setCompletionBlock { [self] in
            log.append("completion")
            if toggleFlg {
                frontView.layer.transform = CATransform3DMakeRotation(.pi, 1.0, 0.0, 0)
                backView.layer.transform = CATransform3DMakeRotation(0, 1.0, 0.0, 0)
                frontView.isHidden = true
            } else {
                frontView.layer.transform = CATransform3DMakeRotation(0, 1.0, 0.0, 0)
                backView.layer.transform = CATransform3DMakeRotation(.pi, 1.0, 0.0, 0)
                backView.isHidden = true
            }
        }

        frontView.isHidden = false
        backView.isHidden = false

        toggleFlg.toggle()
        if toggleFlg {
            frontView.layer.add(toBackAnim, forKey: "toBack")
            backView.layer.add(toFrontAnim, forKey: "toFront")
        } else {
            frontView.layer.add(toFrontAnim, forKey: "toBack")
            backView.layer.add(toBackAnim, forKey: "toFront")
        }

        CATransaction.commit()
    }
}

@MainActor
@Suite(.serialized) struct SeedFlipTests {
    private func frame(_ window: UIWindow, at time: Double) throws -> CGImage {
        try CARenderer(layer: window.layer, bounds: window.bounds, scale: 0.25).render(at: time)
    }

    /// Rows of column `x` whose pixel is mostly `channel` (0 red, 2 blue).
    private func coverage(_ image: CGImage, column x: Int, channel: Int) -> Int {
        (0..<image.height).filter { image.pixel(x, $0)[channel] > 128 && image.pixel(x, $0)[3] > 128 }.count
    }

    /// The first and last columns with any pixel mostly `channel`.
    private func span(_ image: CGImage, channel: Int) -> (Int, Int)? {
        let columns = (0..<image.width).filter { coverage(image, column: $0, channel: channel) > 0 }
        guard let first = columns.first, let last = columns.last else { return nil }
        return (first, last)
    }

    @Test func transitionFromViewToViewFlipsFromLeft() throws {
        let window = makeWindow()
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        AnimationHost.shared.tick()
        var log: [String] = []

        // Seed 001, in Swift.
        let view1 = UIView(frame: root.bounds)
        view1.backgroundColor = UIColor.red

        let view2 = UIView(frame: root.bounds)
        view2.backgroundColor = UIColor.blue

        root.addSubview(view1)
        root.addSubview(view2)

        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(3)) {
            UIView.transition(from: view2, to: view1, duration: 5, options: .transitionFlipFromLeft) { finished in
                log.append("Animation end. \(finished)")
            }
        }
        tick(at: 0)
        #expect(root.subviews.count == 2)  // 3 ms have not passed
        let start = 1.0 / 60
        tick(at: start)
        #expect(root.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(view1)])
        #expect(root.layer.animation(forKey: kCATransition) != nil && log.isEmpty)

        // The old (blue) picture turning away: its left edge comes forward, so it stands
        // taller than the right; then the new (red) one on the back, its right edge forward.
        let early = try frame(window, at: start + 5 * 0.3)
        let (blueLeft, blueRight) = try #require(span(early, channel: 2))
        #expect(blueLeft > 0 && blueRight < early.width - 1)
        #expect(coverage(early, column: blueLeft + 1, channel: 2) > coverage(early, column: blueRight - 1, channel: 2) + 4)
        #expect(span(early, channel: 0) == nil)
        let late = try frame(window, at: start + 5 * 0.7)
        let (redLeft, redRight) = try #require(span(late, channel: 0))
        #expect(coverage(late, column: redRight - 1, channel: 0) > coverage(late, column: redLeft + 1, channel: 0) + 4)
        #expect(span(late, channel: 2) == nil)
        for (name, image) in [("0.3", early), ("0.7", late)] {
            #expect(Golden.compare(image, name) == nil)
        }

        tick(at: start + 4.99)
        #expect(log.isEmpty)
        tick(at: start + 5)
        #expect(log == ["Animation end. true"])
        let done = try frame(window, at: start + 5)
        #expect(done.pixel(50, 100) == [255, 0, 0, 255] && done.pixel(1, 1) == [255, 0, 0, 255])
    }

    @Test func handMadeFlipToggleTurnsTheViewsAndHitsTheModel() throws {
        let window = makeWindow()
        let root = UIView(frame: window.bounds)
        window.addSubview(root)
        let flip = FlipToggle(view: root)
        flip.setup()
        AnimationHost.shared.tick()
        let button = CGPoint(x: 200, y: 122)
        let before = try frame(window, at: 0)
        #expect(before.pixel(50, 30) == [255, 0, 0, 255])

        window.sendTap(at: button)
        #expect(flip.log == ["toggle from front"])
        tick(at: 0)
        let quarter = try frame(window, at: 0.125)
        tick(at: 0.125)
        // Mid-flip the screen shows the front turned a quarter of the way, but the model
        // has not moved: a tap lands on the front button, as seed 001 warns.
        // The tap's turn commits the new animations, which replace the first toggle's:
        // its completion block runs then, as Core Animation runs a transaction's
        // completion once its animations have finished or been removed.
        window.sendTap(at: button)
        #expect(flip.log == ["toggle from front", "toggle from front", "completion"])
        #expect(Golden.compare(quarter) == nil)
        // The red front is squeezed into fewer rows than its 11 while turning.
        let redRows = coverage(quarter, column: 50, channel: 0)
        #expect(redRows > 2 && redRows < 11)

        tick(at: 0.6)
        #expect(flip.log.count == 3)
        tick(at: 0.7)
        #expect(flip.log.filter { $0 == "completion" }.count == 2, "\(flip.log)")
        #expect(flip.frontView.isHidden == false && flip.backView.isHidden == true)
        let after = try frame(window, at: 0.7)
        #expect(after.pixel(50, 30) == [255, 0, 0, 255])
    }
}
