import Foundation
import FlipbookGraphics

/// How lines of text sit across their box, as UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural

    var layoutAlignment: TextLayout.Alignment {
        switch self {
        case .left: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        case .natural: .natural
        }
    }
}
