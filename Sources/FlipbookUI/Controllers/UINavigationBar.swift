import Foundation
import FlipbookGraphics

/// The bar along a navigation controller's top edge, as UIKit's `UINavigationBar`: the
/// top controller's title in the middle, a back button on the left that pops (titled
/// after the controller underneath, "Back" when it has no title), a translucent
/// background and a hairline underneath.
@MainActor
open class UINavigationBar: UIView {
    /// The bar's height in points.
    public static let height: CGFloat = 44

    /// The bar's background colour (a translucent system background when nil).
    open var barTintColor: UIColor? {
        didSet { backgroundColor = barTintColor ?? Self.defaultBackground }
    }

    private static let defaultBackground = UIColor.systemBackground.withAlphaComponent(0.94)
    let titleLabel = UILabel()
    let backButton = UIButton(type: .system)
    private let hairline = UIView()
    /// What the back button does (set by the navigation controller).
    var backAction: (() -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = Self.defaultBackground
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        titleLabel.textColor = .label
        addSubview(titleLabel)
        backButton.addAction(UIAction { [weak self] _ in self?.backAction?() }, for: .touchUpInside)
        addSubview(backButton)
        hairline.backgroundColor = .separator
        addSubview(hairline)
    }

    /// Shows `top`'s title, and a back button to `back` when there is one.
    func show(top: UINavigationItem?, back: UINavigationItem?) {
        titleLabel.text = top?.title
        backButton.isHidden = back == nil || top?.hidesBackButton == true
        backButton.setTitle("‹ " + (back.flatMap { $0.backButtonTitle ?? $0.title } ?? "Back"), for: .normal)
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width, height = bounds.height
        titleLabel.frame = CGRect(x: width * 0.25, y: 0, width: width * 0.5, height: height)
        backButton.frame = CGRect(x: 8, y: 0, width: width * 0.25 - 8, height: height)
        hairline.frame = CGRect(x: 0, y: height - 1 / 3, width: width, height: 1 / 3)
    }
}
