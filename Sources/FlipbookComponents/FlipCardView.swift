import Foundation
import FlipbookGraphics
import FlipbookAnimation
import FlipbookUI

/// Seed 001's flip as a component: a card with a front and a back view that turns over in
/// 3-D, under perspective, with back faces culled.
///
/// Both sides fill the card and are single-sided (`isDoubleSided = false`), so whichever
/// faces away is not drawn. `flip` turns the shown side from 0 to π about the axis while the
/// other turns from π to 2π, as the article's toggle does (the angles go through a
/// rotation `CAValueFunction`, so a half turn is never ambiguous), in a `CATransaction` whose
/// completion settles the state: the side now away is hidden (so its buttons take no
/// taps), and the one shown rests untransformed. A flip asked for while one runs is
/// ignored (its completion hears `false`).
///
/// ```swift
/// let card = FlipCardView(frame: CGRect(x: 20, y: 100, width: 353, height: 200), front: front, back: back)
/// view.addSubview(card)
/// card.flip(duration: 0.5, axis: .horizontal)
/// ```
@MainActor
open class FlipCardView: UIView {
    /// The axis a flip turns about.
    public enum Axis: Sendable {
        /// About the vertical axis (y): the card turns left to right.
        case horizontal
        /// About the horizontal axis (x): the card turns top over bottom, as in the article.
        case vertical
    }

    /// The side shown at first.
    public let frontView: UIView
    /// The side shown after one flip.
    public let backView: UIView
    /// Whether the front is the side shown (or being turned away from, mid-flip).
    public private(set) var isShowingFront = true
    /// Whether a flip is running.
    public private(set) var isFlipping = false
    /// The distance of the eye from the card in points: the perspective's strength
    /// (`sublayerTransform.m34 = -1 / distance`; the article uses 1000).
    open var perspectiveDistance: CGFloat = 1000 { didSet { updatePerspective() } }
    /// The pace of a flip.
    open var timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

    private static let animationKey = "flip"

    /// A card of `frame` with `front` shown and `back` behind it.
    public init(frame: CGRect, front: UIView, back: UIView) {
        frontView = front
        backView = back
        super.init(frame: frame)
        for side in [back, front] {
            side.frame = bounds
            side.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            side.layer.isDoubleSided = false
            addSubview(side)
        }
        back.isHidden = true
        back.layer.transform = CATransform3DMakeRotation(.pi, 1, 0, 0)
        updatePerspective()
    }

    public required init?(coder: NSCoder) { nil }

    private func updatePerspective() {
        var perspective = CATransform3DIdentity
        perspective.m34 = perspectiveDistance > 0 && perspectiveDistance.isFinite ? -1 / perspectiveDistance : 0
        layer.sublayerTransform = perspective
    }

    /// Turns the card over in `duration` seconds about `axis`; `completion` hears whether
    /// it flipped.
    open func flip(duration: TimeInterval = 0.5, axis: Axis = .vertical, completion: ((Bool) -> Void)? = nil) {
        guard !isFlipping else {
            completion?(false)
            return
        }
        isFlipping = true
        let away = isShowingFront ? frontView : backView, toward = isShowingFront ? backView : frontView
        let (x, y): (CGFloat, CGFloat) = axis == .vertical ? (1, 0) : (0, 1)
        let turning = CAValueFunction(name: axis == .vertical ? .rotateX : .rotateY)
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in
            guard let self else { return }
            away.isHidden = true
            away.layer.removeAnimation(forKey: Self.animationKey)
            toward.layer.removeAnimation(forKey: Self.animationKey)
            self.isShowingFront.toggle()
            self.isFlipping = false
            completion?(true)
        }
        UIView.performWithoutAnimation {
            toward.isHidden = false
            away.layer.transform = CATransform3DMakeRotation(.pi, x, y, 0)
            toward.layer.transform = CATransform3DIdentity
        }
        for (side, from, to) in [(away, 0.0, Double.pi), (toward, Double.pi, 2 * Double.pi)] {
            let turn = CABasicAnimation(keyPath: "transform")
            turn.valueFunction = turning
            turn.fromValue = from
            turn.toValue = to
            turn.duration = max(duration, 0)
            turn.timingFunction = timingFunction
            side.layer.add(turn, forKey: Self.animationKey)
        }
        CATransaction.commit()
    }
}
