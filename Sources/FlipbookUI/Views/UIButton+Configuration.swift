import Foundation
import FlipbookGraphics

extension UIButton {
    /// How a configured button looks, as UIKit's `UIButton.Configuration` (iOS 15): a
    /// style's colours from the tint, a title and image, corners and padding.
    public struct Configuration: Sendable {
        /// The corner rounding, as UIKit's `UIButton.Configuration.CornerStyle`.
        public enum CornerStyle: Sendable { case fixed, dynamic, small, medium, large, capsule }

        enum Style: Sendable { case plain, tinted, gray, filled }

        let style: Style
        public var title: String?
        public var image: UIImage?
        /// The title and image colour; nil for the style's (tint, or white when filled).
        public var baseForegroundColor: UIColor?
        /// The background colour; nil for the style's.
        public var baseBackgroundColor: UIColor?
        public var cornerStyle: CornerStyle = .dynamic
        /// Space between the content and the edges (iOS's defaults: 7 above and below,
        /// 12 at the sides).
        public var contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        /// Space between the image and the title.
        public var imagePadding: CGFloat = 0
        /// Which side of the title the image is on.
        public var imagePlacement: NSDirectionalRectEdge = .leading

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderless() -> Configuration { Configuration(style: .plain) }
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }

        func foreground(tint: UIColor) -> UIColor {
            baseForegroundColor ?? (style == .filled ? .white : tint)
        }

        func background(tint: UIColor) -> UIColor? {
            switch style {
            case .plain: baseBackgroundColor
            case .tinted: (baseBackgroundColor ?? tint).withAlphaComponent(0.15)
            case .gray: baseBackgroundColor ?? .systemGray5
            case .filled: baseBackgroundColor ?? tint
            }
        }

        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: 0
            case .small: 4
            case .dynamic, .medium: 6
            case .large: 8
            case .capsule: height / 2
            }
        }
    }
}
