import Foundation
import FlipbookGraphics

/// One item of a collection view, as UIKit's `UICollectionViewCell`: add your subviews to
/// `contentView`; `backgroundView` sits behind it, and `selectedBackgroundView` shows while
/// the cell is selected or highlighted.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes: it fills the cell.
    public let contentView = UIView()

    /// A view behind the content, filling the cell.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); arrangeBackgrounds() }
    }

    /// A view behind the content shown while the cell is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); arrangeBackgrounds() }
    }

    /// Whether the cell is selected (the collection view sets it).
    open var isSelected = false { didSet { arrangeBackgrounds() } }
    /// Whether a finger is on the cell (the collection view sets it).
    open var isHighlighted = false { didSet { arrangeBackgrounds() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpContent()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContent()
    }

    private func setUpContent() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    /// Puts the backgrounds behind the content, the selected one shown as the state asks.
    private func arrangeBackgrounds() {
        arrangeCellBackgrounds(backgroundView, selected: selectedBackgroundView, showingSelected: isSelected || isHighlighted,
                               below: contentView)
    }
}
