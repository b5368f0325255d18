import Flipbook

/// How a value of a kind becomes a `SnapshotStage`: a layer as it is, a view laid out in a
/// window, a view controller as a window's root.
struct SnapshotSubject<Value> {
    let stage: @MainActor (Value) throws(SnapshotError) -> SnapshotStage
}

extension SnapshotSubject where Value == CALayer {
    /// The layer within its frame, or from its frame's origin over `size`.
    static func layer(size: CGSize?, scale: CGFloat) -> Self {
        Self { layer throws(SnapshotError) in
            try SnapshotStage(layer: layer, region: CGRect(origin: layer.frame.origin, size: size ?? layer.bounds.size), scale: scale)
        }
    }
}

extension SnapshotSubject where Value == UIView {
    /// The view laid out by `layout` (a window made for it when it has none), drawn within
    /// its frame at `scale`, or at the device's or the screen's scale.
    static func view(layout: SnapshotLayout, scale: CGFloat?) -> Self {
        Self { view throws(SnapshotError) in
            let size = layout.size(otherwise: view.bounds.size), pixelsPerPoint = layout.scale(scale)
            // Checked before anything is laid out at that size.
            try SnapshotStage.check(size, scale: pixelsPerPoint)
            if view.window == nil { SnapshotWindows.host(view, size: size, filling: layout != .frame) }
            return try SnapshotStage(layer: view.layer, region: view.frame, scale: pixelsPerPoint)
        }
    }
}

extension SnapshotSubject where Value == UIViewController {
    /// The controller as the root of a window laid out by `layout` (or in the window it
    /// is already in), the whole window drawn, presentations and bars included.
    static func controller(layout: SnapshotLayout, scale: CGFloat?) -> Self {
        Self { controller throws(SnapshotError) in
            if controller.viewIfLoaded?.window == nil, controller.viewIfLoaded?.superview != nil {
                // A child's view, in a tree without a window: laid out as a view.
                return try SnapshotSubject<UIView>.view(layout: layout, scale: scale).stage(controller.view)
            }
            let size = layout.size(otherwise: controller.viewIfLoaded?.window?.bounds.size ?? UIScreen.main.bounds.size)
            let pixelsPerPoint = layout.scale(scale)
            try SnapshotStage.check(size, scale: pixelsPerPoint)
            let window = controller.view.window ?? SnapshotWindows.host(controller, size: size)
            return try SnapshotStage(layer: window.layer, region: window.frame, scale: pixelsPerPoint)
        }
    }
}

extension SnapshotLayout {
    /// The size it lays out at; `fallback` for `.frame`.
    func size(otherwise fallback: CGSize) -> CGSize {
        switch self {
        case .device(let device): return device.size
        case let .fixed(width, height): return CGSize(width: width, height: height)
        case .frame: return fallback
        }
    }

    /// `given`, else the device's scale, else the main screen's.
    @MainActor
    func scale(_ given: CGFloat?) -> CGFloat {
        if let given { return given }
        if case .device(let device) = self { return device.scale }
        return UIScreen.main.scale
    }
}
