@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

@MainActor
@Suite(.serialized) struct UIViewTransitionTests {
    /// A 100 × 200 container holding a red view, committed in a fresh window.
    private func makeContainer() -> (UIWindow, UIView, UIView) {
        let window = makeWindow()
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let red = UIView(frame: container.bounds)
        red.backgroundColor = .red
        container.addSubview(red)
        commit(container, in: window)
        return (window, container, red)
    }

    private func frame(_ window: UIWindow, at time: Double) throws -> CGImage {
        try CARenderer(layer: window.layer, bounds: CGRect(x: 0, y: 0, width: 100, height: 200), scale: 0.5).render(at: time)
    }

    @Test func crossDissolveBlendsAndCompletes() throws {
        let (window, container, red) = makeContainer()
        var finished: Bool?
        UIView.transition(with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            red.backgroundColor = .blue
        }, completion: { finished = $0 })
        #expect(red.layer.animationKeys() == nil)  // the change itself does not animate
        tick(at: 0)
        let half = try frame(window, at: 0.5)
        let pixel = half.pixel(25, 50)
        #expect(abs(Int(pixel[0]) - 128) <= 2 && abs(Int(pixel[2]) - 128) <= 2 && pixel[3] == 255)
        tick(at: 1)
        #expect(finished == true)
        #expect(try frame(window, at: 1).pixel(25, 50) == [0, 0, 255, 255])
    }

    @Test func curlUpUncoversFromTheBottomAndCurlDownCoversFromTheTop() throws {
        for (option, name) in [(UIView.AnimationOptions.transitionCurlUp, "up"), (.transitionCurlDown, "down")] {
            let (window, container, red) = makeContainer()
            let blue = UIView(frame: container.bounds)
            blue.backgroundColor = .blue
            UIView.transition(from: red, to: blue, duration: 1, options: [option, .curveLinear])
            tick(at: 0)
            let image = try frame(window, at: 0.4)
            let top = image.pixel(25, 5), bottom = image.pixel(25, 95)
            if name == "up" {
                // The red page still lies at the top; blue shows where it has lifted.
                #expect(top == [255, 0, 0, 255] && bottom == [0, 0, 255, 255], "\(top) \(bottom)")
            } else {
                // The blue page comes down over the top (its shaded back there, rolled over
                // the part lying flat); red still shows at the bottom.
                #expect(top[0] == 0 && top[2] > 200 && bottom == [255, 0, 0, 255], "\(top) \(bottom)")
            }
            #expect(Golden.compare(image, name) == nil)
        }
    }

    @Test func flipsTurnTheNamedEdgeForward() throws {
        // Columns (left and right flips) or rows (top and bottom) of the old picture at 30 %:
        // the named edge is the longer one.
        let cases: [(UIView.AnimationOptions, Bool, Bool)] = [
            (.transitionFlipFromLeft, true, true), (.transitionFlipFromRight, true, false),
            (.transitionFlipFromTop, false, true), (.transitionFlipFromBottom, false, false),
        ]
        for (option, aboutVertical, firstForward) in cases {
            let (window, container, red) = makeContainer()
            UIView.transition(with: container, duration: 1, options: [option, .curveLinear], animations: {
                red.backgroundColor = .blue
            })
            tick(at: 0)
            let image = try frame(window, at: 0.25)
            func isRed(_ x: Int, _ y: Int) -> Bool { image.pixel(x, y)[0] > 128 }
            let (first, second): (Int, Int)
            if aboutVertical {
                let columns = (0..<50).filter { x in (0..<100).contains { isRed(x, $0) } }
                first = (0..<100).filter { isRed(columns.first! + 1, $0) }.count
                second = (0..<100).filter { isRed(columns.last! - 1, $0) }.count
            } else {
                let rows = (0..<100).filter { y in (0..<50).contains { isRed($0, y) } }
                first = (0..<50).filter { isRed($0, rows.first! + 1) }.count
                second = (0..<50).filter { isRed($0, rows.last! - 1) }.count
            }
            #expect(firstForward ? first > second : second > first, "\(option.rawValue): \(first) vs \(second)")
        }
    }

    @Test func showHideTransitionViewsKeepsBothViews() {
        let (_, container, red) = makeContainer()
        let blue = UIView(frame: container.bounds)
        blue.isHidden = true
        container.addSubview(blue)
        UIView.transition(from: red, to: blue, duration: 0.5, options: [.transitionFlipFromTop, .showHideTransitionViews])
        #expect(container.subviews.count == 2 && red.isHidden && !blue.isHidden)
        var result: Bool?
        let messages = collectingUIDiagnostics {
            UIView.transition(from: UIView(), to: UIView(), duration: 1, options: .transitionCurlUp) { result = $0 }
        }
        #expect(messages.count == 1)
        tick(at: 0)
        #expect(result == false)
    }
}
