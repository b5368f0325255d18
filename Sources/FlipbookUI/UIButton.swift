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
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

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

    /// A button of `buttonType` (UIKit's class method).
    public class func systemButton(with image: UIImage, target: Any?, action: Any?) -> UIButton {
        let button = UIButton(type: .system)
        button.setImage(image, for: .normal)
        return button
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

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        restyle()
    }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        restyle()
    }
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] }
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        restyle()
    }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        restyle()
    }
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue]
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
        let insets = configuration?.contentInsets ?? NSDirectionalEdgeInsets()
        let box = CGRect(x: insets.leading, y: insets.top, width: bounds.width - insets.leading - insets.trailing,
                         height: bounds.height - insets.top - insets.bottom)
        let title = titleLabel?.text?.isEmpty == false ? titleLabel?.intrinsicContentSize ?? .zero : .zero
        let image = currentImage?.size ?? .zero
        let gap = title.width > 0 && image.width > 0 ? configuration?.imagePadding ?? 0 : 0
        let stacked = configuration?.imagePlacement == .top || configuration?.imagePlacement == .bottom
        let imageFirst = configuration?.imagePlacement != .trailing && configuration?.imagePlacement != .bottom
        if stacked {
            let total = image.height + gap + title.height
            var y = box.midY - total / 2
            for (view, size) in imageFirst ? [(imageView as UIView?, image), (titleLabel, title)] : [(titleLabel, title), (imageView, image)] {
                view?.frame = CGRect(x: box.midX - size.width / 2, y: y, width: size.width, height: size.height)
                y += size.height + gap
            }
        } else {
            let total = image.width + gap + title.width
            var x = box.midX - total / 2
            for (view, size) in imageFirst ? [(imageView as UIView?, image), (titleLabel, title)] : [(titleLabel, title), (imageView, image)] {
                view?.frame = CGRect(x: x, y: box.midY - size.height / 2, width: size.width, height: size.height)
                x += size.width + gap
            }
        }
        if let configuration { layer.cornerRadius = configuration.cornerRadius(height: bounds.height) }
    }

    /// Title and image with the insets around them.
    open override var intrinsicContentSize: CGSize {
        let insets = configuration?.contentInsets ?? NSDirectionalEdgeInsets()
        let title = titleLabel?.text?.isEmpty == false ? titleLabel?.intrinsicContentSize ?? .zero : .zero
        let image = currentImage?.size ?? .zero
        let gap = title.width > 0 && image.width > 0 ? configuration?.imagePadding ?? 0 : 0
        let stacked = configuration?.imagePlacement == .top || configuration?.imagePlacement == .bottom
        let content = stacked
            ? CGSize(width: max(title.width, image.width), height: title.height + gap + image.height)
            : CGSize(width: title.width + gap + image.width, height: max(title.height, image.height))
        return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
