import Foundation
import FlipbookGraphics

/// What a collection or table view keeps of its element views: the classes registered for
/// each identifier, the views waiting to be reused, and the views on screen by element.
@MainActor
final class ReuseStage {
    /// One element: a cell (`kind` empty) or a supplementary view of `kind`, at `indexPath`.
    struct Key: Hashable {
        let kind: String
        let indexPath: IndexPath

        static func cell(_ indexPath: IndexPath) -> Key { Key(kind: "", indexPath: indexPath) }
        var isCell: Bool { kind.isEmpty }
    }

    private var makers: [String: () -> any ReusableView] = [:]
    private var waiting: [String: [any ReusableView]] = [:]
    /// The views on screen, by element.
    var visible: [Key: UIView] = [:]
    /// Views handed out by `dequeue` since the last `takeDequeued()`.
    private var dequeued: [ObjectIdentifier] = []

    private static func slot(_ kind: String, _ identifier: String) -> String { kind + "\u{1F}" + identifier }

    /// Makes views of `viewClass`, which must be a `Base`, for the kind and identifier from
    /// now on; nil forgets them. Another class is reported as `owner`'s mistake and ignored.
    func register<Base: ReusableView>(_ viewClass: AnyClass?, as base: Base.Type, kind: String, identifier: String,
                                      owner: String) {
        let slot = Self.slot(kind, identifier)
        waiting[slot] = nil
        guard let viewClass else {
            makers[slot] = nil
            return
        }
        guard let type = viewClass as? Base.Type else {
            return UIDiagnostics.report("\(owner).register: \(viewClass) is not a \(Base.self); ignored")
        }
        makers[slot] = { type.init(dequeuingWith: identifier) }
    }

    /// A waiting view of the kind and identifier, reset, or a new one; nil when nothing is
    /// registered for them.
    func dequeue(kind: String, identifier: String) -> (any ReusableView)? {
        let slot = Self.slot(kind, identifier)
        let view: any ReusableView
        if let reused = waiting[slot]?.popLast() {
            reused.prepareForReuse()
            view = reused
        } else if let make = makers[slot] {
            view = make()
        } else {
            return nil
        }
        dequeued.append(ObjectIdentifier(view))
        return view
    }

    /// Whether `view` was dequeued since the last call, and forgets the dequeued views.
    func takeDequeued(_ view: UIView) -> Bool {
        defer { dequeued = [] }
        return dequeued.contains(ObjectIdentifier(view))
    }

    /// Takes `view` off screen and, when it is reusable, keeps it for reuse under its kind
    /// and identifier (a table's header made as a plain view is just dropped).
    func recycle(_ view: UIView, kind: String) {
        view.removeFromSuperview()
        guard let reusable = view as? any ReusableView, let identifier = reusable.reuseIdentifier else { return }
        waiting[Self.slot(kind, identifier), default: []].append(reusable)
    }

    /// Takes `view` out of the reuse queues: code kept it and shows it again.
    func withdraw(_ view: UIView) {
        for slot in waiting.keys { waiting[slot]?.removeAll { $0 === view } }
    }

    /// Recycles every view on screen.
    func recycleAll() {
        for (key, view) in visible { recycle(view, kind: key.kind) }
        visible = [:]
    }
}
