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

/// The direction of a moving transition.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animated change of a layer's whole rendering from its state before the transaction
/// to its state after, as Core Animation's `CATransition`. Adding one to a layer captures
/// both states; the renderer draws the blend.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    /// Where in the transition to start and end, as fractions 0…1.
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    /// A Core Image transition filter (a `CIFilter` with a target image and a time, such
    /// as `CIFilter(name: "CIPageCurlTransition")`) that draws the blend instead of `type`.
    open var filter: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }
}

/// The key Core Animation uses for a layer's transition animation.
public let kCATransition = "transition"
/// The old Objective-C names of the transition types and subtypes.
public let kCATransitionFade = CATransitionType.fade
public let kCATransitionMoveIn = CATransitionType.moveIn
public let kCATransitionPush = CATransitionType.push
public let kCATransitionReveal = CATransitionType.reveal
public let kCATransitionFromRight = CATransitionSubtype.fromRight
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
public let kCATransitionFromTop = CATransitionSubtype.fromTop
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom
