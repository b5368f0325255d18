import Foundation
import FlipbookGraphics

/// A section's header or footer in a table view, as UIKit's `UITableViewHeaderFooterView`:
/// the table view makes one for a section title; register a subclass to make your own.
/// Differences: a plain table's title header is a 17-point bold title on light grey, a
/// footer a 13-point grey one, close to but not exactly UIKit's.
@MainActor
open class UITableViewHeaderFooterView: UIView, ReusableView {
    /// The identifier the view was registered and dequeued with.
    open private(set) var reuseIdentifier: String?
    /// Where custom content goes: it fills the view.
    public let contentView = UIView()
    /// The title.
    public let textLabel: UILabel? = UILabel()
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    /// A view recycled under `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        setUpContent()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContent()
    }

    /// What dequeuing calls to make a view of a registered class: `init(reuseIdentifier:)`
    /// (an override in a subclass runs). Not for direct use.
    public required convenience init(dequeuingWith reuseIdentifier: String) {
        self.init(reuseIdentifier: reuseIdentifier)
    }

    private func setUpContent() {
        addSubview(contentView)
        if let textLabel { contentView.addSubview(textLabel) }
    }

    /// Styles the view as a plain table's title header (`isHeader`) or footer.
    func adoptTitleStyle(header isHeader: Bool) {
        textLabel?.font = isHeader ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 13)
        textLabel?.textColor = isHeader ? .label : .secondaryLabel
        contentView.backgroundColor = isHeader ? .systemGray6 : nil
    }

    /// Resets the view before the table view hands it out again; call `super`.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        textLabel?.frame = CGRect(x: 16, y: 0, width: max(bounds.width - 32, 0), height: bounds.height)
    }
}
