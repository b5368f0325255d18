import Foundation

/// A layer that draws a string, as Core Animation's `CATextLayer`: white 36-point text in
/// the default font unless told otherwise. The default font is DejaVu Sans (Apple's is
/// Helvetica); characters the font lacks (Japanese, say) come from another installed font
/// that has them. Glyph outlines are filled by Flipbook's rasterizer, unhinted, so text
/// looks the same at every scale.
open class CATextLayer: CALayer {
    /// A `String`, drawn in the layer's font, fontSize and foregroundColor, or an
    /// `NSAttributedString`, drawn in the fonts and colours of its attributes (those three
    /// properties are then unused, as on Apple's platforms): the font (key `"NSFont"`,
    /// UIKit's `.font`) is a `TextAttributeFont` (UIFont), a `CGFont` or a font name, and
    /// the foreground colour (`"NSColor"`, UIKit's `.foregroundColor`, or Core Text's
    /// `"CTForegroundColor"`) a
    /// `CGColor` or a `TextAttributeColor` (UIColor). Unattributed text is 12-point default
    /// font in black, Core Text's defaults.
    open var string: Any? { didSet { markChanged() } }
    /// A font name (`String`) or a `CGFont`; nil is the default font. A name no installed
    /// font has falls back to the default, with a diagnostic. Unused for attributed strings.
    open var font: Any? {
        didSet {
            if let name = Self.fontName(font) {
                let resolved = TextLayout.family(forFontNamed: name)
                if !resolved.isInstalled {
                    AnimationDiagnostics.report("font '\(name)' is not installed; CATextLayer draws with \(resolved.family) instead")
                }
            }
            markChanged()
        }
    }
    open var isWrapped = false { didSet { markChanged() } }
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { markChanged() } }
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { markChanged() } }
    open var allowsFontSubpixelQuantization = false

    override var attributesKind: LayerAttributes.Kind {
        .text(string: string, font: font, isWrapped: isWrapped, alignment: alignmentMode, truncation: truncationMode)
    }

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string
        font = other.font
        isWrapped = other.isWrapped
        alignmentMode = other.alignmentMode
        truncationMode = other.truncationMode
    }

    open var fontSize: CGFloat {
        get { CGFloat(state.fontSize) }
        set { setValue(.number(Double(newValue)), for: .fontSize) }
    }
    open var foregroundColor: CGColor? {
        get { Self.color(state.foregroundColor) }
        set { setValue(Self.colorValue(newValue), for: .foregroundColor) }
    }

    /// The runs a `string` value is drawn as: one in the layer's font for a `String`, one
    /// per attribute range of an `NSAttributedString`; nil for anything else.
    nonisolated static func textRuns(_ string: Any?, font: Any?, fontSize: CGFloat) -> [TextLayout.Run]? {
        if let text = string as? String { return [TextLayout.Run(text, fontName: fontName(font), fontSize: fontSize)] }
        guard let attributed = string as? NSAttributedString else { return nil }
        var runs: [TextLayout.Run] = []
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            let text = (attributed.string as NSString).substring(with: range)
            let font = attributes[NSAttributedString.Key("NSFont")]
            let size = (font as? TextAttributeFont)?.pointSize ?? 12
            let name = (font as? TextAttributeFont)?.fontName ?? fontName(font)
            let colorValue = attributes[NSAttributedString.Key("NSColor")] ?? attributes[NSAttributedString.Key("CTForegroundColor")]
            let color = (colorValue as? TextAttributeColor)?.cgColor ?? colorValue.flatMap { $0 as? CGColor }
            runs.append(TextLayout.Run(text, fontName: name, fontSize: size, color: color ?? CGColor(gray: 0, alpha: 1)))
        }
        return runs
    }

    /// The font name of a `font` value: a name, or a `CGFont`'s family.
    nonisolated static func fontName(_ font: Any?) -> String? {
        if let name = font as? String { return name }
        if let font = font as? CGFont { return font.fullName }
        return nil
    }

    nonisolated static func layoutAlignment(_ mode: CATextLayerAlignmentMode) -> TextLayout.Alignment {
        switch mode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
    }

    nonisolated static func layoutTruncation(_ mode: CATextLayerTruncationMode) -> TextLayout.Truncation {
        switch mode {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: .none
        }
    }
}
