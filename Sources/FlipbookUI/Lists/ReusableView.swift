import Foundation

/// A view a collection or table view recycles: cells, headers and footers.
@MainActor
protocol ReusableView: UIView {
    /// The identifier it was registered and dequeued with.
    var reuseIdentifier: String? { get }
    /// Sets the identifier when the view is made for dequeuing.
    func adoptReuseIdentifier(_ identifier: String)
    /// Resets the view before it is handed out again.
    func prepareForReuse()
}
