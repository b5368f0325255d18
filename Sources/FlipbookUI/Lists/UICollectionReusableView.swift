import Foundation
import FlipbookGraphics

/// A view a collection view shows and recycles, as UIKit's `UICollectionReusableView`: the
/// class of headers and footers, and the superclass of cells.
@MainActor
open class UICollectionReusableView: UIView, ReusableView {
    /// The identifier the view was registered and dequeued with.
    open private(set) var reuseIdentifier: String?

    /// What dequeuing calls to make a view of a registered class: `init(frame:)` with a zero
    /// frame (an override in a subclass runs), then the identifier is set. Not for direct
    /// use; Swift needs a required initializer to make a class known only at run time.
    public required convenience init(dequeuingWith reuseIdentifier: String) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// Resets the view before the collection view hands it out again. Override to clear
    /// what the last use set; call `super`.
    open func prepareForReuse() {}

    /// Takes the layout's attributes for the view: frame, alpha, hidden, z order and
    /// transform. Override to read a custom layout's attributes; call `super`.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        // The frame goes through bounds and centre, so a transform stays about the centre.
        bounds.size = layoutAttributes.frame.size
        center = CGPoint(x: layoutAttributes.frame.midX, y: layoutAttributes.frame.midY)
        alpha = layoutAttributes.alpha
        isHidden = layoutAttributes.isHidden
        layer.zPosition = CGFloat(layoutAttributes.zIndex)
        transform3D = layoutAttributes.transform3D
    }
}
