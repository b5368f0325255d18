import Foundation
import FlipbookGraphics

/// A font, as UIKit's `UIFont`. Fonts are found through fontconfig: the system font is
/// DejaVu Sans (iOS's San Francisco is not on Linux), and `UIFont(name:size:)` takes
/// fontconfig names such as `"DejaVu Serif:bold"`.
open class UIFont: NSObject, @unchecked Sendable {
    /// A font weight, as UIKit's `UIFont.Weight`.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// A text style for `preferredFont(forTextStyle:)`, as UIKit's `UIFont.TextStyle`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    /// The fontconfig name the font is drawn with.
    public let fontName: String
    /// The size in points.
    public let pointSize: CGFloat

    /// Baseline to baseline.
    public let lineHeight: CGFloat

    private init(resolvedName: String, size: CGFloat) {
        fontName = resolvedName
        pointSize = size.isFinite && size > 0 ? size : UIFont.systemFontSize
        lineHeight = TextLayout(string: "M", fontName: resolvedName, fontSize: pointSize).lineHeight
        super.init()
    }

    /// The installed font named `fontName` at `fontSize`; for one of the fonts Apple ships
    /// that is not installed (`AvenirNext-Medium`, `HelveticaNeue`, `Menlo`, …), the
    /// nearest installed face, its `fontName` the face's; nil for any other name.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        if TextLayout.family(forFontNamed: fontName).isInstalled {
            self.init(resolvedName: fontName, size: fontSize)
        } else if let face = UIFont.nearestInstalledFace(toAppleFont: fontName) {
            self.init(resolvedName: face, size: fontSize)
        } else {
            return nil
        }
    }

    /// The system font at `fontSize` and `weight` (DejaVu Sans, bold from semibold up).
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(resolvedName: weight >= .semibold ? "DejaVu Sans:bold" : weight <= .light ? "DejaVu Sans:light" : "DejaVu Sans",
               size: fontSize)
    }

    /// The regular system font at `fontSize`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    /// The bold system font at `fontSize`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    /// The italic system font at `fontSize`.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(resolvedName: "DejaVu Sans:oblique", size: fontSize)
    }

    /// The font for a text style at the default content size (the sizes of iOS's "Large").
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let sizes: [TextStyle: (CGFloat, Weight)] = [
            .largeTitle: (34, .regular), .title1: (28, .regular), .title2: (22, .regular), .title3: (20, .regular),
            .headline: (17, .semibold), .body: (17, .regular), .callout: (16, .regular), .subheadline: (15, .regular),
            .footnote: (13, .regular), .caption1: (12, .regular), .caption2: (11, .regular),
        ]
        let (size, weight) = sizes[style] ?? (17, .regular)
        return systemFont(ofSize: size, weight: weight)
    }

    /// The standard system font size (14 points, as UIKit reports).
    public static let systemFontSize: CGFloat = 14
    /// The size labels use (17 points).
    public static let labelFontSize: CGFloat = 17
    /// The size buttons use (18 points).
    public static let buttonFontSize: CGFloat = 18

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(resolvedName: fontName, size: fontSize) }

    /// The family the font is drawn with.
    open var familyName: String { TextLayout.family(forFontNamed: fontName).family }

    /// Text laid out in this font.
    func layout(_ text: String, width: CGFloat? = nil, height: CGFloat? = nil, wraps: Bool = false,
                alignment: TextLayout.Alignment = .natural, truncation: TextLayout.Truncation = .none) -> TextLayout {
        TextLayout(string: text, fontName: fontName, fontSize: pointSize, width: width, height: height,
                   wraps: wraps, alignment: alignment, truncation: truncation)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    open override var hash: Int { fontName.hashValue ^ pointSize.hashValue }
}
