import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// Turns touches into a gesture, as UIKit's `UIGestureRecognizer`: attached to a view, it
/// sees the touches that begin in that view or its subviews before the view does, moves
/// through its states and calls its actions when it begins, changes, ends or is
/// recognized. Linux has no selectors, so actions are closures (`init(handler:)`,
/// `addTarget(_:)`).
///
/// As in UIKit, recognizers sharing a touch exclude each other: a continuous gesture (a
/// pan, a long press) cannot begin while another one sharing a touch is under way, unless
/// either delegate allows both (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`).
/// The hit view's own recognizers hear each touch first, so they win a tie with their
/// ancestors'. (Discrete recognitions — taps — do not exclude others here.)
@MainActor
open class UIGestureRecognizer: NSObject {
    /// A recognizer's state, as UIKit's `UIGestureRecognizer.State`.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture recognized: the same as `.ended`.
        public static let recognized = State.ended
    }

    /// The state. Setting `.began`, `.changed`, `.ended` or `.cancelled` calls the actions,
    /// as in UIKit; a subclass sets it from its touch handlers.
    open var state: State = .possible {
        didSet {
            guard !resetting, state != oldValue || state == .changed else { return }
            if state == .began || state == .ended, oldValue == .possible,
               delegate?.gestureRecognizerShouldBegin(self) == false || (state == .began && excludedByOthers) {
                state = .failed
                return
            }
            if [.began, .ended].contains(state) { recognizedInSequence = true }
            if [.began, .changed, .ended, .cancelled].contains(state) {
                for action in actions { action(self) }
            }
        }
    }

    /// The view it is attached to.
    public internal(set) weak var view: UIView?
    /// Whether it receives touches.
    open var isEnabled = true
    /// Whether recognizing takes the touches away from the view (it gets
    /// `touchesCancelled`); true by default.
    open var cancelsTouchesInView = true
    open weak var delegate: (any UIGestureRecognizerDelegate)?

    private var actions: [(UIGestureRecognizer) -> Void] = []
    /// The touches of the current sequence still down.
    var trackedTouches: [UITouch] = []
    /// Whether the gesture began or was recognized in the current touch sequence.
    private var recognizedInSequence = false
    /// Touch sequences begun so far: a delayed check belongs to one.
    private var sequence = 0
    /// Set while returning to `.possible`, which calls no actions.
    private var resetting = false

    /// A recognizer with no action.
    public override init() { super.init() }

    /// A recognizer that calls `handler` with itself at each change of state that UIKit
    /// reports to targets (Flipbook's form of `init(target:action:)`).
    public init(handler: @escaping (UIGestureRecognizer) -> Void) {
        actions = [handler]
        super.init()
    }

    /// Adds an action.
    open func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) { actions.append(handler) }

    /// The number of touches down in the gesture.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the gesture's touches in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { convert($0, to: view) } ?? .zero }
        let points = trackedTouches.map { $0.location(in: view) }
        return CGPoint(x: points.map(\.x).reduce(0, +) / CGFloat(points.count),
                       y: points.map(\.y).reduce(0, +) / CGFloat(points.count))
    }

    /// Where the last touch was, in window coordinates, after the touches lift.
    private var lastLocation: CGPoint?
    private weak var lastWindow: UIWindow?

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let lastWindow else { return point }
        return view.convert(point, from: lastWindow)
    }

    // MARK: Exclusion

    private func mayRunAlongside(_ other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// Whether another recognizer receiving one of this one's touches is under way.
    private var excludedByOthers: Bool {
        trackedTouches.contains { touch in
            (touch.gestureRecognizers ?? []).contains { other in
                other !== self && (other.state == .began || other.state == .changed) && !mayRunAlongside(other)
            }
        }
    }

    // MARK: Touch handling (override in subclasses)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Returns the recognizer to `.possible` after a gesture; override to clear your own
    /// state (calling super).
    open func reset() {}

    // MARK: Delivery

    /// Whether the view's touches go to this recognizer instead.
    var capturesTouches: Bool { cancelsTouchesInView && recognizedInSequence }

    /// Takes one change of touches from the window.
    func receive(_ touches: Set<UITouch>, phase: UITouch.Phase, event: UIEvent) {
        guard isEnabled else { return }
        if phase == .began {
            if trackedTouches.isEmpty {
                recognizedInSequence = false
                sequence += 1
            }
            trackedTouches += touches
        }
        guard state != .failed, state != .cancelled, state != .ended || phase != .began else {
            finishIfIdle(after: touches, phase: phase)
            return
        }
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved, .stationary: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        }
        finishIfIdle(after: touches, phase: phase)
    }

    /// Once every touch is up, a recognizer that ended, failed or was cancelled resets.
    private func finishIfIdle(after touches: Set<UITouch>, phase: UITouch.Phase) {
        if phase == .ended || phase == .cancelled {
            if let touch = touches.first {
                lastLocation = touch.windowLocation
                lastWindow = touch.window
            }
            trackedTouches.removeAll { touches.contains($0) }
        }
        if trackedTouches.isEmpty, [.ended, .failed, .cancelled].contains(state) { resetState() }
    }

    /// Back to `.possible` without calling actions.
    func resetState() {
        reset()
        resetting = true
        state = .possible
        resetting = false
    }

    /// Runs `body` after `seconds` of media time if the recognizer is still in the same
    /// touch sequence and still `.possible` (a long press beginning, a tap giving up on
    /// its next tap).
    func whilePossible(after seconds: CFTimeInterval, _ body: @escaping () -> Void) {
        let expected = sequence
        AnimationHost.shared.schedule(after: seconds) { [weak self] in
            guard let self, self.sequence == expected, self.state == .possible else { return }
            body()
        }
    }
}

extension UIView {
    /// The gesture recognizers attached to the view.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { gestureRecognizerStorage.isEmpty ? nil : gestureRecognizerStorage }
        set {
            for recognizer in gestureRecognizerStorage { recognizer.view = nil }
            gestureRecognizerStorage = newValue ?? []
            for recognizer in gestureRecognizerStorage { recognizer.view = self }
        }
    }

    /// Attaches a gesture recognizer (taking it from another view).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizerStorage.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches a gesture recognizer.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizerStorage.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }
}
