import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A button, as UIKit's `UIButton`: a control with a title label and an image view per
/// state, or a `configuration` that styles both and the background. A system button's
/// title is the tint colour and fades while highlighted; a custom one's is white.
@MainActor
open class UIButton: UIControl {
    /// The button's kind, as UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let plain = ButtonType.system
        public static let roundedRect = ButtonType.system
    }

    public let buttonType: ButtonType
    /// The label showing the current title.
    public let titleLabel: UILabel? = UILabel()
    /// The view showing the current image.
    public let imageView: UIImageView? = UIImageView()
    private let backgroundView = UIImageView()
    private var titles = PerState<String>()
    private var titleColors = PerState<UIColor>()
    private var images = PerState<UIImage>()
    private var backgroundImages = PerState<UIImage>()

    /// A style that sets the title, image, colours, corners and padding at once (iOS 15's
    /// `UIButton.Configuration`); nil for the classic per-state API.
    open var configuration: Configuration? { didSet { restyle() } }

    /// A button of `buttonType`.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        setUp()
    }

    /// A button of `buttonType` running `primaryAction` when tapped.
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    /// A configured button running `primaryAction` when tapped.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        restyle()  // observers do not run in the class's own initializers
        adopt(primaryAction)
    }

    /// A custom button with `frame`.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        addSubview(backgroundView)
        if let imageView { addSubview(imageView) }
        if let titleLabel {
            titleLabel.font = .systemFont(ofSize: UIFont.buttonFontSize)
            titleLabel.textAlignment = .center
            addSubview(titleLabel)
        }
        restyle()
    }

    private func adopt(_ action: UIAction?) {
        guard let action else { return }
        if !action.title.isEmpty, title(for: .normal) == nil, configuration == nil { setTitle(action.title, for: .normal) }
        addAction(action, for: .primaryActionTriggered)
    }

    // MARK: Per-state content

    open func setTitle(_ title: String?, for state: State) { set(title, for: state, in: \.titles) }
    open func title(for state: State) -> String? { titles[state] }
    open func setTitleColor(_ color: UIColor?, for state: State) { set(color, for: state, in: \.titleColors) }
    open func titleColor(for state: State) -> UIColor? { titleColors[state] }
    open func setImage(_ image: UIImage?, for state: State) { set(image, for: state, in: \.images) }
    open func image(for state: State) -> UIImage? { images[state] }
    open func setBackgroundImage(_ image: UIImage?, for state: State) { set(image, for: state, in: \.backgroundImages) }
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state] }

    private func set<Value>(_ value: Value?, for state: State, in values: ReferenceWritableKeyPath<UIButton, PerState<Value>>) {
        self[keyPath: values][state] = value
        restyle()
    }

    /// The title shown now.
    open var currentTitle: String? { configuration?.title ?? title(for: state) }
    /// The image shown now.
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    open override func stateDidChange() { restyle() }
    open override func tintColorDidChange() { restyle() }

    /// Shows the current state's title, colours and images.
    private func restyle() {
        let current = state
        let foreground: UIColor
        if let configuration {
            foreground = configuration.foreground(tint: tintColor)
            layer.backgroundColor = configuration.background(tint: tintColor)?.cgColor
            layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        } else {
            let fallback: UIColor = buttonType == .custom ? .white : tintColor
            foreground = titleColor(for: current) ?? fallback
            layer.backgroundColor = backgroundColor?.cgColor
        }
        let fades = buttonType != .custom && current.contains(.highlighted)
        let dimmed = current.contains(.disabled)
        titleLabel?.text = currentTitle
        titleLabel?.textColor = foreground.withAlphaComponent(dimmed ? 0.35 : fades ? 0.2 : 1)
        imageView?.image = currentImage
        imageView?.alpha = fades ? 0.2 : dimmed ? 0.35 : 1
        backgroundView.image = backgroundImage(for: current)
        setNeedsLayout()
    }

    /// The title and image side by side (or stacked, by the configuration's placement),
    /// centred in the bounds within the content insets.
    open override func layoutSubviews() {
        backgroundView.frame = bounds
        let content = self.content
        let insets = content.insets
        let box = CGRect(x: insets.leading, y: insets.top, width: bounds.width - insets.leading - insets.trailing,
                         height: bounds.height - insets.top - insets.bottom)
        let total = content.size
        var next = CGPoint(x: box.midX - total.width / 2, y: box.midY - total.height / 2)
        for (view, size) in content.parts {
            if content.stacked {
                view?.frame = CGRect(x: box.midX - size.width / 2, y: next.y, width: size.width, height: size.height)
                next.y += size.height + content.gap
            } else {
                view?.frame = CGRect(x: next.x, y: box.midY - size.height / 2, width: size.width, height: size.height)
                next.x += size.width + content.gap
            }
        }
        if let configuration { layer.cornerRadius = configuration.cornerRadius(height: bounds.height) }
    }

    /// Title and image with the insets around them.
    open override var intrinsicContentSize: CGSize {
        let content = self.content, insets = content.insets
        return CGSize(width: content.size.width + insets.leading + insets.trailing,
                      height: content.size.height + insets.top + insets.bottom)
    }

    /// What the button lays out now.
    private var content: Content {
        let title = titleLabel?.text?.isEmpty == false ? titleLabel?.intrinsicContentSize ?? .zero : .zero
        let image = currentImage?.size ?? .zero
        let placement = configuration?.imagePlacement ?? .leading
        let imageFirst = placement != .trailing && placement != .bottom
        return Content(parts: imageFirst ? [(imageView, image), (titleLabel, title)] : [(titleLabel, title), (imageView, image)],
                       gap: title.width > 0 && image.width > 0 ? configuration?.imagePadding ?? 0 : 0,
                       stacked: placement == .top || placement == .bottom,
                       insets: configuration?.contentInsets ?? NSDirectionalEdgeInsets())
    }

    /// The image and title views with their sizes in the order they are placed, the gap
    /// between them, whether they stack, and the insets around them.
    private struct Content {
        let parts: [(UIView?, CGSize)]
        let gap: CGFloat
        let stacked: Bool
        let insets: NSDirectionalEdgeInsets

        /// The parts and the gap together.
        var size: CGSize {
            let sizes = parts.map(\.1)
            return stacked
                ? CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(gap, +))
                : CGSize(width: sizes.map(\.width).reduce(gap, +), height: sizes.map(\.height).max() ?? 0)
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}

extension UIButton {
    /// One kind of per-state content: a state without its own falls back to `.normal`'s.
    struct PerState<Value> {
        private var values: [UInt: Value] = [:]

        subscript(state: UIControl.State) -> Value? {
            get { values[state.rawValue] ?? values[UIControl.State.normal.rawValue] }
            set { values[state.rawValue] = newValue }
        }
    }
}
