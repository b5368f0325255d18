/// The animation a full-screen presentation uses when the controller's
/// `transitioningDelegate` gives none, as UIKit's `UIModalTransitionStyle`.
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom; it slides down when dismissed.
    case coverVertical = 0
    /// A 3-D flip about the vertical axis, from right to left; back again when dismissed.
    case flipHorizontal
    /// The presented view fades in; it fades out when dismissed.
    case crossDissolve
    /// The presenting view curls up part way, like a page, showing the presented view
    /// underneath; it uncurls when dismissed.
    case partialCurl
}
