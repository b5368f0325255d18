import Foundation

/// A view a collection or table view recycles: cells, headers and footers.
@MainActor
protocol ReusableView: UIView {
    /// The identifier it was registered and dequeued with.
    var reuseIdentifier: String? { get }
    /// A view of the class, made for dequeuing under `reuseIdentifier` (each class runs its
    /// own designated initializer, an override in a subclass included).
    init(dequeuingWith reuseIdentifier: String)
    /// Resets the view before it is handed out again.
    func prepareForReuse()
}
