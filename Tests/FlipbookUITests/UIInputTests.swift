@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

/// Logs the touches a view receives.
@MainActor
private final class TouchLog: UIView {
    var events: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { events.append("cancelled") }
}

@MainActor
@Suite(.serialized) struct UIInputTests {
    @Test func controlsSendTheirEventsInOrder() {
        let window = makeWindow()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        window.addSubview(button)
        var events: [String] = []
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragIn"), (.touchDragOutside, "dragOut"),
            (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upIn"), (.touchUpOutside, "upOut"),
            (.primaryActionTriggered, "primary"),
        ]
        for (event, name) in names {
            button.addAction(UIAction { _ in events.append(name) }, for: event)
        }
        window.sendTap(at: CGPoint(x: 150, y: 120))
        #expect(events == ["down", "upIn", "primary"])
        #expect(!button.isHighlighted && !button.isTracking)
        events = []
        let touch = window.beginTouch(at: CGPoint(x: 150, y: 120))
        #expect(events == ["down", "repeat"] && button.isHighlighted)  // a second tap in time
        window.moveTouch(touch, to: CGPoint(x: 260, y: 120))  // within the 70-point margin
        window.moveTouch(touch, to: CGPoint(x: 300, y: 120))  // beyond it
        window.moveTouch(touch, to: CGPoint(x: 300, y: 130))
        #expect(!button.isHighlighted)
        window.moveTouch(touch, to: CGPoint(x: 150, y: 130))
        window.endTouch(touch)
        // Several events at once run the actions in the order they were added.
        #expect(events == ["down", "repeat", "dragIn", "dragOut", "exit", "dragOut", "dragIn", "enter", "upIn", "primary"])
        events = []
        AnimationHost.shared.advance(by: 1)
        let away = window.beginTouch(at: CGPoint(x: 150, y: 120))
        window.moveTouch(away, to: CGPoint(x: 380, y: 700))
        window.endTouch(away)
        #expect(events == ["down", "dragOut", "exit", "upOut"])
        events = []
        button.isEnabled = false
        window.sendTap(at: CGPoint(x: 150, y: 120))
        #expect(events.isEmpty)
    }

    @Test func actionsCanBeRemovedByIdentifierOrObject() {
        let control = UIControl(frame: .zero)
        var count = 0
        let action = UIAction(identifier: UIAction.Identifier("count")) { _ in count += 1 }
        control.addAction(action, for: [.touchUpInside, .valueChanged])
        control.sendActions(for: .valueChanged)
        control.removeAction(identifiedBy: UIAction.Identifier("count"), for: .valueChanged)
        control.sendActions(for: .valueChanged)
        #expect(count == 1 && control.allControlEvents == .touchUpInside)
        control.removeAction(action, for: .touchUpInside)
        #expect(control.allControlEvents.isEmpty)
    }

    @Test func tapRecognizersTakeTouchesFromTheirView() {
        let window = makeWindow()
        let view = TouchLog(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
        var taps: [CGPoint] = []
        let tap = UITapGestureRecognizer { taps.append($0.location(in: view)) }
        view.addGestureRecognizer(tap)
        window.sendTap(at: CGPoint(x: 20, y: 30))
        #expect(taps == [CGPoint(x: 20, y: 30)])
        #expect(view.events == ["began", "cancelled"])
        #expect(tap.state == .possible)  // reset for the next gesture
        // A drag is no tap; without cancelling, the view keeps its touches.
        tap.cancelsTouchesInView = false
        view.events = []
        window.sendDrag(from: CGPoint(x: 20, y: 30), to: CGPoint(x: 120, y: 30))
        #expect(taps.count == 1 && view.events.first == "began" && view.events.last == "ended")
        // A control inside keeps its own taps.
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        view.addSubview(button)
        AnimationHost.shared.advance(by: 1)
        window.sendTap(at: CGPoint(x: 25, y: 25))
        #expect(pressed == 1 && taps.count == 1)
    }

    @Test func doubleTapsNeedTwoTapsInTime() {
        let window = makeWindow()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var doubles = 0
        let double = UITapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        window.sendTap(at: CGPoint(x: 50, y: 50))
        AnimationHost.shared.advance(by: 0.2)
        window.sendTap(at: CGPoint(x: 52, y: 50))
        #expect(doubles == 1)
        AnimationHost.shared.advance(by: 1)
        window.sendTap(at: CGPoint(x: 50, y: 50))
        AnimationHost.shared.advance(by: 0.5)
        window.sendTap(at: CGPoint(x: 50, y: 50))
        #expect(doubles == 1)
    }

    @Test func pansReportTranslationAndVelocity() {
        let window = makeWindow()
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        window.addSubview(view)
        var log: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
        let pan = UIPanGestureRecognizer { recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            log.append((pan.state, pan.translation(in: nil), pan.velocity(in: nil)))
        }
        view.addGestureRecognizer(pan)
        window.sendDrag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 300, y: 250), duration: 0.5, steps: 10)
        #expect(log.map(\.0) == [.began] + Array(repeating: .changed, count: 9) + [.ended])
        // It begins once the touch has moved 10 points: at the first 11.2-point step.
        #expect(log[0].1 == CGPoint(x: 10, y: 5))
        #expect(log.last?.1 == CGPoint(x: 100, y: 50))
        #expect(log.last.map { abs($0.2.x - 200) < 1e-6 && abs($0.2.y - 100) < 1e-6 } == true)
        // In the view's own (scaled) coordinates the same drag is half as long.
        #expect(pan.translation(in: view) == CGPoint(x: 50, y: 25))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.translation(in: nil) == .zero)
    }

    @Test func longPressesBeginAfterTheirDuration() {
        let window = makeWindow()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(press)
        let touch = window.beginTouch(at: CGPoint(x: 100, y: 100))
        AnimationHost.shared.advance(by: 0.49)
        #expect(states.isEmpty)
        AnimationHost.shared.advance(by: 0.01)
        #expect(states == [.began])
        window.moveTouch(touch, to: CGPoint(x: 150, y: 100))
        window.endTouch(touch)
        #expect(states == [.began, .changed, .ended])
        // Moving too far first makes it fail.
        let early = window.beginTouch(at: CGPoint(x: 100, y: 100))
        window.moveTouch(early, to: CGPoint(x: 120, y: 100))
        AnimationHost.shared.advance(by: 1)
        window.endTouch(early)
        #expect(states == [.began, .changed, .ended])
    }
}
