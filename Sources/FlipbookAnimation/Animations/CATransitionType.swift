/// How a transition brings in the new state.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new state fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new state slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new state pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old state slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")

    /// The layer turns over in 3-D, showing the new state on its back: about the vertical
    /// axis for `fromLeft`/`fromRight`, the horizontal for `fromTop`/`fromBottom`, the
    /// named edge coming toward the viewer. UIKit's flip transitions. The raw value is
    /// the undocumented type name Core Animation accepts on Apple's platforms.
    public static let flip = CATransitionType(rawValue: "oglFlip")
    /// The old state curls up from the bottom edge like a page, uncovering the new
    /// (UIKit's curl-up transition; undocumented on Apple's platforms).
    public static let pageCurl = CATransitionType(rawValue: "pageCurl")
    /// The new state uncurls down from the top edge over the old (UIKit's curl-down
    /// transition; undocumented on Apple's platforms).
    public static let pageUnCurl = CATransitionType(rawValue: "pageUnCurl")
}
