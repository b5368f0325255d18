
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
