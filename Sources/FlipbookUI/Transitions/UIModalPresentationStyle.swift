/// How a presented view controller covers the screen, as UIKit's
/// `UIModalPresentationStyle`.
///
/// Flipbook's window is a phone-sized compact environment, where UIKit shows sheets,
/// form sheets and popovers full screen: so do these. `.automatic` is a full-screen
/// presentation (UIKit's card-like page sheet is not drawn). `.overFullScreen` and
/// `.overCurrentContext` leave the presenting view in place underneath; `.custom` leaves
/// it too and takes its animation from the controller's `transitioningDelegate`.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet
    case formSheet
    case currentContext
    case custom
    case overFullScreen
    case overCurrentContext
    case popover
    case none = -1
    case automatic = -2

    /// Whether the presenting view stays in the window under the presented one.
    var keepsPresentingView: Bool {
        switch self {
        case .overFullScreen, .overCurrentContext, .custom, .popover: true
        default: false
        }
    }
}
