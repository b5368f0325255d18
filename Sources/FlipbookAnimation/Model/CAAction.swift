/// Something a layer runs when a property changes, as Core Animation's `CAAction`.
/// Return `NSNull()` from a delegate's `action(for:forKey:)` to stop the search.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}
