import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// One row of a table view, as UIKit's `UITableViewCell`, in its four standard styles: a
/// title (`.default`), a title with a grey detail at the right (`.value1`), a small title
/// column beside the detail (`.value2`), or a title over a smaller detail (`.subtitle`);
/// each with an optional image at the left and an accessory at the right. Custom content
/// goes in `contentView`.
///
/// Differences: the metrics follow an iPhone's in UIKit closely but not to the point (16-point
/// margins, 17-point titles, 12-point subtitles); the detail buttons draw as disclosure
/// chevrons.
@MainActor
open class UITableViewCell: UIView, ReusableView {
    /// The arrangement of the standard labels.
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    /// The mark at the right of the row.
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    /// How a selected row shows it.
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    /// Whether rows have separator lines.
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }

    public let style: CellStyle
    /// The identifier the cell was registered and dequeued with.
    open private(set) var reuseIdentifier: String?
    /// Where the row's content goes: the row less its accessory.
    public let contentView = UIView()
    /// The title (every style has one).
    public let textLabel: UILabel?
    /// The detail (nil in the `.default` style).
    public let detailTextLabel: UILabel?
    private var imageViewStorage: UIImageView?

    open var accessoryType: AccessoryType = .none { didSet { updateAccessory() } }
    /// A view shown instead of the accessory type's mark.
    open var accessoryView: UIView? {
        didSet { oldValue?.removeFromSuperview(); updateAccessory() }
    }
    open var selectionStyle: SelectionStyle = .default
    /// Where the separator under the row starts and ends (set by the table view).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); arrangeBackgrounds() }
    }
    /// Shown behind the content while the row is selected or highlighted (light grey by
    /// default).
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); arrangeBackgrounds() }
    }
    open private(set) var isSelected = false
    open private(set) var isHighlighted = false

    private var accessoryMark: UIView?
    let separator = UIView()

    /// A cell of `style`, recycled under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel()
        detailTextLabel = style == .default ? nil : UILabel()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    public required init?(coder: NSCoder) {
        style = .default
        textLabel = UILabel()
        detailTextLabel = nil
        super.init(coder: coder)
        setUpCell()
    }

    /// A `.default` cell with the frame.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// What dequeuing calls to make a cell of a registered class: `init(style:reuseIdentifier:)`
    /// with the `.default` style (an override in a subclass runs). Not for direct use; Swift
    /// needs a required initializer to make a class known only at run time.
    public required convenience init(dequeuingWith reuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    private func setUpCell() {
        backgroundColor = .systemBackground
        addSubview(contentView)
        for label in [textLabel, detailTextLabel].compactMap({ $0 }) { contentView.addSubview(label) }
        textLabel?.font = style == .value2 ? .boldSystemFont(ofSize: 12) : .systemFont(ofSize: 17)
        textLabel?.textColor = style == .value2 ? .systemBlue : .label
        textLabel?.textAlignment = style == .value2 ? .right : .left
        detailTextLabel?.font = .systemFont(ofSize: style == .subtitle ? 12 : style == .value2 ? 15 : 17)
        detailTextLabel?.textColor = style == .value1 ? .secondaryLabel : .label
        detailTextLabel?.textAlignment = style == .value1 ? .right : .left
        separator.backgroundColor = .separator
        addSubview(separator)
        let selected = UIView()
        selected.backgroundColor = .systemGray4
        selectedBackgroundView = selected
    }

    /// The image at the left of the row, made when first asked for.
    open var imageView: UIImageView? {
        if let imageViewStorage { return imageViewStorage }
        let view = UIImageView()
        contentView.addSubview(view)
        imageViewStorage = view
        return view
    }

    /// Resets the cell before the table view hands it out again. Override to clear what
    /// the last use set; call `super`.
    open func prepareForReuse() {
        setSelected(false, animated: false)
        setHighlighted(false, animated: false)
    }

    /// Selects the row's look (the selected background unless `selectionStyle` is `.none`).
    open func setSelected(_ selected: Bool, animated: Bool) {
        isSelected = selected
        arrangeBackgrounds()
    }

    /// Highlights the row's look, as selection does.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        arrangeBackgrounds()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let margin: CGFloat = 16
        var accessoryWidth: CGFloat = 0
        if let mark = accessoryView ?? accessoryMark {
            let size = mark.bounds.size
            mark.frame = CGRect(x: bounds.width - margin - size.width, y: (bounds.height - size.height) / 2,
                                width: size.width, height: size.height)
            accessoryWidth = size.width + margin
        }
        contentView.frame = CGRect(x: 0, y: 0, width: max(bounds.width - accessoryWidth, 0), height: bounds.height)
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        let scale = window?.screen.scale ?? UIScreen.main.scale
        let line = 1 / max(scale, 1)
        separator.frame = CGRect(x: separatorInset.left, y: bounds.height - line,
                                 width: max(bounds.width - separatorInset.left - separatorInset.right, 0), height: line)
        layOutStandardContent(margin: margin)
    }

    /// Places the image and labels of the standard styles in the content view.
    private func layOutStandardContent(margin: CGFloat) {
        let area = contentView.bounds
        var left = margin
        if let imageView = imageViewStorage, let image = imageView.image {
            let side = min(image.size.height, area.height)
            let width = image.size.height > 0 ? image.size.width * side / image.size.height : 0
            imageView.frame = CGRect(x: margin, y: (area.height - side) / 2, width: width, height: side)
            left = imageView.frame.maxX + margin
        }
        let right = area.width - margin
        guard let textLabel else { return }
        let title = textLabel.sizeThatFits(CGSize(width: max(right - left, 0), height: area.height))
        switch style {
        case .default:
            textLabel.frame = CGRect(x: left, y: 0, width: max(right - left, 0), height: area.height)
        case .value1:
            let detail = detailTextLabel?.sizeThatFits(area.size) ?? .zero
            let titleWidth = min(title.width, max(right - left, 0))
            textLabel.frame = CGRect(x: left, y: 0, width: titleWidth, height: area.height)
            let detailLeft = max(left + titleWidth + 8, right - detail.width)
            detailTextLabel?.frame = CGRect(x: detailLeft, y: 0, width: max(right - detailLeft, 0), height: area.height)
        case .value2:
            let column: CGFloat = 75
            textLabel.frame = CGRect(x: left, y: 0, width: column, height: area.height)
            let detailLeft = left + column + 6
            detailTextLabel?.frame = CGRect(x: detailLeft, y: 0, width: max(right - detailLeft, 0), height: area.height)
        case .subtitle:
            let detail = detailTextLabel?.sizeThatFits(CGSize(width: max(right - left, 0), height: area.height)) ?? .zero
            let top = (area.height - title.height - detail.height) / 2
            textLabel.frame = CGRect(x: left, y: top, width: max(right - left, 0), height: title.height)
            detailTextLabel?.frame = CGRect(x: left, y: top + title.height, width: max(right - left, 0), height: detail.height)
        }
    }

    /// Shows the accessory type's mark (a chevron or a check) unless an accessory view is set.
    private func updateAccessory() {
        accessoryMark?.removeFromSuperview()
        accessoryMark = nil
        if let accessoryView {
            addSubview(accessoryView)
        } else if accessoryType != .none {
            let mark = AccessoryMark(checkmark: accessoryType == .checkmark)
            addSubview(mark)
            accessoryMark = mark
        }
        setNeedsLayout()
    }

    /// Puts the backgrounds behind the content, the selected one shown as the state asks.
    private func arrangeBackgrounds() {
        arrangeCellBackgrounds(backgroundView, selected: selectedBackgroundView,
                               showingSelected: (isSelected || isHighlighted) && selectionStyle != .none, below: contentView)
    }
}

/// The chevron of a disclosure indicator or the tick of a checkmark, drawn as UIKit's.
@MainActor
private final class AccessoryMark: UIView {
    init(checkmark: Bool) {
        super.init(frame: checkmark ? CGRect(x: 0, y: 0, width: 14, height: 11) : CGRect(x: 0, y: 0, width: 8, height: 13))
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        if checkmark {
            path.move(to: CGPoint(x: 1, y: 6))
            path.addLine(to: CGPoint(x: 5, y: 10))
            path.addLine(to: CGPoint(x: 13, y: 1))
            shape.strokeColor = UIColor.tintColor.cgColor
        } else {
            path.move(to: CGPoint(x: 1.5, y: 1.5))
            path.addLine(to: CGPoint(x: 6.5, y: 6.5))
            path.addLine(to: CGPoint(x: 1.5, y: 11.5))
            shape.strokeColor = UIColor.tertiaryLabel.cgColor
        }
        shape.path = path
        shape.fillColor = nil
        shape.lineWidth = 2
        shape.lineCap = .round
        shape.lineJoin = .round
        layer.addSublayer(shape)
    }

    required init?(coder: NSCoder) { nil }
}
