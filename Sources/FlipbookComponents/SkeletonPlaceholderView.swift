import Foundation
import FlipbookGraphics
import FlipbookUI

/// The loading screen seed 002 describes (Facebook's): grey shapes where a feed's posts will
/// be — an avatar, a name, a date, lines of text and a picture per post — each a
/// `GradientAnimationView`, shimmering together until the content arrives.
@MainActor
open class SkeletonPlaceholderView: UIView {
    /// The placeholders, in the order they are laid out (post by post).
    public private(set) var placeholders: [GradientAnimationView] = []
    /// Posts sketched.
    public let postCount: Int

    /// Height of one post's sketch, and the margin around it.
    static let postHeight: CGFloat = 260
    static let margin: CGFloat = 16

    /// A placeholder feed of `postCount` posts.
    public init(frame: CGRect, postCount: Int = 3) {
        self.postCount = max(postCount, 0)
        super.init(frame: frame)
        backgroundColor = .white
        for index in 0..<self.postCount * Self.shapes.count {
            let placeholder = GradientAnimationView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
            placeholder.cornerRadius = Self.shapes[index % Self.shapes.count].radius
            addSubview(placeholder)
            placeholders.append(placeholder)
        }
        setNeedsLayout()
    }

    public required init?(coder: NSCoder) { nil }

    /// One post's shapes, each at `y` points from the top of the post, `width` points wide
    /// when fixed and a fraction of the width left otherwise, with a corner radius. Shapes
    /// above 44 points sit beside the avatar.
    private static let shapes: [(y: CGFloat, width: CGFloat, height: CGFloat, radius: CGFloat, fixedWidth: Bool)] = [
        (0, 44, 44, 22, true),            // avatar
        (6, 0.45, 12, 4, false),          // name
        (26, 0.25, 10, 4, false),         // date
        (60, 1, 10, 4, false),            // text
        (78, 0.9, 10, 4, false),
        (96, 0.6, 10, 4, false),
        (120, 1, 120, 8, false),          // picture
    ]

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width - 2 * Self.margin
        for (index, placeholder) in placeholders.enumerated() {
            let post = index / Self.shapes.count, shape = Self.shapes[index % Self.shapes.count]
            let top = Self.margin + CGFloat(post) * Self.postHeight
            let besideAvatar: CGFloat = shape.y < 44 && !shape.fixedWidth ? 56 : 0
            let w = shape.fixedWidth ? shape.width : (width - besideAvatar) * shape.width
            placeholder.frame = CGRect(x: Self.margin + besideAvatar, y: top + shape.y, width: w, height: shape.height)
        }
    }
}
