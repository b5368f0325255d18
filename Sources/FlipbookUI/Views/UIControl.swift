import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A view that turns touches into actions, as UIKit's `UIControl`. Touches it tracks send
/// `.touchDown` (and `.touchDownRepeat` for a second tap), `.touchDragInside`/`Outside`/
/// `Enter`/`Exit` as they move, and `.touchUpInside` — also `.primaryActionTriggered` — or
/// `.touchUpOutside` as they lift. "Inside" reaches 70 points beyond the bounds, as UIKit's
/// tracking does. A disabled control sends nothing.
@MainActor
open class UIControl: UIView {
    /// Control events, as UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Control states, as UIKit's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    open var isEnabled = true { didSet { stateDidChange() } }
    open var isSelected = false { didSet { stateDidChange() } }
    open var isHighlighted = false { didSet { stateDidChange() } }
    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (with the 70-point margin).
    public private(set) var isTouchInside = false

    /// The control's state flags.
    open var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    private var actions: [(action: UIAction, events: Event)] = []
    private static let trackingMargin: CGFloat = 70

    /// A control with `primaryAction` run on `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Runs `action` when any of `controlEvents` happens.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    /// Stops running `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeActions(for: controlEvents) { $0 === action }
    }

    /// Stops running the action with `identifier` for `controlEvents`.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        removeActions(for: controlEvents) { $0.identifier == identifier }
    }

    private func removeActions(for events: Event, where matches: (UIAction) -> Bool) {
        actions = actions.compactMap { entry in
            guard matches(entry.action) else { return entry }
            let left = entry.events.subtracting(events)
            return left.isEmpty ? nil : (entry.action, left)
        }
    }

    /// The events that run some action.
    open var allControlEvents: Event { actions.reduce([]) { $0.union($1.events) } }

    /// Runs the actions for `controlEvents` now, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.perform(from: self)
        }
    }

    /// Called when a state flag changes; override to restyle.
    open func stateDidChange() {}

    // MARK: Tracking

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch)
        let events: Event = switch (isTouchInside, inside) {
        case (true, true): .touchDragInside
        case (false, false): .touchDragOutside
        case (false, true): [.touchDragEnter, .touchDragInside]
        case (true, false): [.touchDragExit, .touchDragOutside]
        }
        isTouchInside = inside
        isHighlighted = inside
        sendActions(for: events)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isInsideForTracking(touch)
        isTracking = false
        isHighlighted = false
        sendActions(for: inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    private func isInsideForTracking(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.trackingMargin, dy: -Self.trackingMargin).contains(touch.location(in: self))
    }
}
