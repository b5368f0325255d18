import Foundation
import FlipbookGraphics
import FlipbookAnimation

/// A view of read-only text, as UIKit's `UILabel`, drawn with Flipbook's text layout
/// (glyph outlines from fontconfig's fonts). The text is centred vertically in the bounds;
/// `numberOfLines` 1 (the default) keeps one line, 0 wraps without limit.
@MainActor
open class UILabel: UIView {
    /// The text shown.
    open var text: String? { didSet { contentChanged() } }
    /// The font (the system font at 17 points by default).
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) { didSet { contentChanged() } }
    /// The text's colour (black by default).
    open var textColor: UIColor! = .black { didSet { setNeedsDisplay() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// The most lines shown; 0 for no limit.
    open var numberOfLines = 1 { didSet { contentChanged() } }
    /// Whether UIKit may tighten the letter spacing before truncating; kept, as Flipbook
    /// truncates without tightening.
    open var allowsDefaultTighteningForTruncation = false
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { contentChanged() } }
    /// Whether the text is drawn normally (a disabled label draws it faded).
    open var isEnabled = true { didSet { setNeedsDisplay() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// Draws the text into `rect`, centred vertically; override to move or restyle it.
    open func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        let layout = self.layout(text, width: rect.width, height: rect.height)
        let height = CGFloat(layout.lineWidths.count) * layout.lineHeight
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY + max((rect.height - height) / 2, 0))
        context.addPath(layout.path)
        context.setFillColor((textColor ?? .black).withAlphaComponent(isEnabled ? 1 : 0.45).cgColor)
        context.fillPath()
        context.restoreGState()
    }

    open override func draw(_ rect: CGRect) { drawText(in: bounds) }

    /// The size of the text laid out within `size` (one line unless `numberOfLines` allows
    /// more).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width = size.width > 0 && size.width.isFinite ? size.width : nil
        let layout = self.layout(text, width: numberOfLines == 1 ? nil : width, height: nil)
        return CGSize(width: (layout.lineWidths.max() ?? 0).rounded(.up),
                      height: (CGFloat(layout.lineWidths.count) * layout.lineHeight).rounded(.up))
    }

    /// The text's natural size on one line (or wrapped to the current width when
    /// `numberOfLines` is not 1).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0))
    }

    /// The baselines of the text as drawn, from the vertical centre of the label.
    override var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? {
        guard let text, !text.isEmpty else { return nil }
        let layout = self.layout(text, width: numberOfLines == 1 ? nil : bounds.width, height: nil)
        guard let first = layout.baselines.first, let last = layout.baselines.last else { return nil }
        let half = CGFloat(layout.lineWidths.count) * layout.lineHeight / 2
        return (first - half, last - half)
    }

    private func layout(_ text: String, width: CGFloat?, height: CGFloat?) -> TextLayout {
        let font = self.font ?? .systemFont(ofSize: UIFont.labelFontSize)
        let lineLimit = numberOfLines > 0 ? CGFloat(numberOfLines) * font.lineHeight + 0.5 : nil
        // No limit always wraps; a limit above one wraps unless the mode clips or cuts a
        // line at its start or middle.
        let wraps = numberOfLines == 0
            || numberOfLines != 1 && ![.byClipping, .byTruncatingHead, .byTruncatingMiddle].contains(lineBreakMode)
        return font.layout(text, width: width, height: [height, lineLimit].compactMap { $0 }.min(), wraps: wraps,
                           alignment: textAlignment.layoutAlignment, truncation: lineBreakMode.truncation)
    }

    private func contentChanged() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }
}
