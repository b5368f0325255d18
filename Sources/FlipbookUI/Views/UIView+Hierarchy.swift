import FlipbookAnimation

extension UIView {
    /// The view this one is a subview of.
    public var superview: UIView? { superviewStorage }
    /// The subviews, back to front.
    public var subviews: [UIView] { subviewStorage }

    /// The window the view is in, if any.
    public var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superviewStorage
        }
        return nil
    }

    /// Adds `view` in front of the other subviews, taking it from its old superview. Adding
    /// a view to itself or to one of its descendants is reported (`UIDiagnostics`) and
    /// ignored, where UIKit raises an exception.
    public func addSubview(_ view: UIView) {
        insert(view, at: subviewStorage.count, "addSubview")
    }

    /// Inserts `view` at `index` of the subviews (clamped to them).
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index, "insertSubview(_:at:)")
    }

    /// Inserts `view` just in front of `siblingSubview`; in front of all when the sibling is
    /// not a subview.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let index = subviewStorage.firstIndex { $0 === siblingSubview }.map { $0 + 1 } ?? subviewStorage.count
        insert(view, at: index, "insertSubview(_:aboveSubview:)")
    }

    /// Inserts `view` just behind `siblingSubview`; in front of all when the sibling is not
    /// a subview.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        let index = subviewStorage.firstIndex { $0 === siblingSubview } ?? subviewStorage.count
        insert(view, at: index, "insertSubview(_:belowSubview:)")
    }

    /// Moves a subview in front of its siblings.
    public func bringSubviewToFront(_ view: UIView) {
        guard let index = subviewStorage.firstIndex(where: { $0 === view }) else { return }
        subviewStorage.remove(at: index)
        subviewStorage.append(view)
        placeLayer(of: view)
    }

    /// Moves a subview behind its siblings.
    public func sendSubviewToBack(_ view: UIView) {
        guard let index = subviewStorage.firstIndex(where: { $0 === view }) else { return }
        subviewStorage.remove(at: index)
        subviewStorage.insert(view, at: 0)
        placeLayer(of: view)
    }

    /// Swaps the subviews at two indices; an index out of range is reported and ignored.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviewStorage.indices.contains(index1), subviewStorage.indices.contains(index2) else {
            UIDiagnostics.report("exchangeSubview(at: \(index1), withSubviewAt: \(index2)): index out of range 0..<\(subviewStorage.count); ignored")
            return
        }
        subviewStorage.swapAt(index1, index2)
        placeLayer(of: subviewStorage[index1])
        placeLayer(of: subviewStorage[index2])
    }

    /// Takes the view out of its superview (and window).
    public func removeFromSuperview() {
        guard let parent = superviewStorage else { return }
        let hadEngine = detachFromLayout()
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        parent.willRemoveSubview(self)
        parent.subviewStorage.removeAll { $0 === self }
        superviewStorage = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
        attachToLayout(hadEngine: hadEngine)
        didMoveToSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
    }

    /// Whether this view is `view` or inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superviewStorage
        }
        return false
    }

    /// This view or the first descendant (depth first, back to front) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviewStorage {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Internals

    private func insert(_ view: UIView, at index: Int, _ caller: String) {
        guard !isDescendant(of: view) else {
            UIDiagnostics.report("\(caller): can't add a view to itself or to one of its descendants; ignored")
            return
        }
        let oldWindow = view.window, newWindow = window
        if view.superviewStorage !== self { view.willMove(toSuperview: self) }
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        var target = min(max(index, 0), subviewStorage.count)
        let hadEngine = view.superviewStorage !== self && view.superviewStorage != nil && view.detachFromLayout()
        if let parent = view.superviewStorage {
            if parent === self, let old = subviewStorage.firstIndex(where: { $0 === view }), old < target { target -= 1 }
            if parent !== self { parent.willRemoveSubview(view) }
            parent.subviewStorage.removeAll { $0 === view }
            if parent !== self { parent.setNeedsLayout() }
        }
        let moved = view.superviewStorage !== self
        subviewStorage.insert(view, at: target)
        view.superviewStorage = self
        placeLayer(of: view)
        setNeedsLayout()
        if moved { view.attachToLayout(hadEngine: hadEngine) }
        if moved {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
    }

    /// Puts a subview's layer just behind the layer of the subview in front of it, or in
    /// front of every sublayer when it is the front subview.
    private func placeLayer(of view: UIView) {
        guard let index = subviewStorage.firstIndex(where: { $0 === view }) else { return }
        if index + 1 < subviewStorage.count, subviewStorage[index + 1].layer.superlayer === layer {
            layer.insertSublayer(view.layer, below: subviewStorage[index + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for sub in subviewStorage { sub.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyDidMoveToWindow() {
        didMoveToWindow()
        for sub in subviewStorage { sub.notifyDidMoveToWindow() }
    }
}
