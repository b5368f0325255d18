import FlipbookGraphics

/// The multiplier, offset, inset and priority of a described constraint.
@MainActor
public struct ConstraintMakerEditable {
    let description: ConstraintDescription

    init(_ description: ConstraintDescription) { self.description = description }

    /// Multiplies the target's attributes.
    @discardableResult
    public func multipliedBy(_ amount: CGFloat) -> ConstraintMakerEditable {
        description.multiplier *= amount
        return self
    }

    /// Divides the target's attributes.
    @discardableResult
    public func dividedBy(_ amount: CGFloat) -> ConstraintMakerEditable { multipliedBy(1 / amount) }

    /// Adds `amount` to every attribute.
    @discardableResult
    public func offset(_ amount: CGFloat) -> ConstraintMakerEditable {
        description.offset += amount
        return self
    }

    /// Moves edges inwards by `amount` (and takes twice it off sizes).
    @discardableResult
    public func inset(_ amount: CGFloat) -> ConstraintMakerEditable {
        description.inset += amount
        return self
    }

    @discardableResult
    public func priority(_ priority: UILayoutPriority) -> ConstraintMakerEditable {
        description.priority = priority
        return self
    }

    @discardableResult
    public func priority(_ priority: Float) -> ConstraintMakerEditable { self.priority(UILayoutPriority(priority)) }
}
