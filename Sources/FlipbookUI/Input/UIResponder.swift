import Foundation

/// An object that receives touches and passes on what it does not handle, as UIKit's
/// `UIResponder`. Views, windows and (later) view controllers are responders; the chain
/// runs from a view to its superview up to the window.
@MainActor
open class UIResponder: NSObject {
    /// The next responder in the chain: for a view, its superview.
    open var next: UIResponder? { nil }

    /// Touches began in this responder; the default passes them to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved; the default passes them to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches ended; the default passes them to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled; the default passes them to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Whether this responder can become the first responder (false by default).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder is the first responder.
    open var isFirstResponder: Bool { UIResponder.firstResponder === self }

    /// Makes this the first responder when it can; true when it is then.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        UIResponder.firstResponder = self
        return true
    }

    /// Gives up first-responder status; true when it no longer has it.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if UIResponder.firstResponder === self { UIResponder.firstResponder = nil }
        return true
    }

    private static weak var firstResponder: UIResponder?
}
