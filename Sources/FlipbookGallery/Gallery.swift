import FlipbookAnimation
import FlipbookGraphics
import FlipbookUI

/// Flipbook's gallery: every seed's system as a scene that plays by itself, in the seeds'
/// order, then the graphics contact sheet. `flipbook demo` renders them all;
/// `flipbook list` lists them.
public enum Gallery {
    /// Every scene, in order.
    public static let scenes: [GalleryScene] =
        transitionScenes + flipScenes + shimmerScenes + [zoomFadeScene, magnifierScene]
        + tourScenes + [lottieScene, finaleScene, graphicsScene]

    /// The scene called `name`, or nil.
    public static func scene(named name: String) -> GalleryScene? {
        scenes.first { $0.name == name }
    }

    /// A shown window of `size` points holding `rootViewController`, or `view` filling it,
    /// on a fresh host; `script` then starts or schedules what plays, and `duration` is read
    /// after it. The stage records the window and keeps it and `owners` alive.
    @MainActor
    static func windowStage(size: CGSize, duration: @autoclosure () -> CFTimeInterval,
                            rootViewController: UIViewController? = nil, view: UIView? = nil, owners: [AnyObject] = [],
                            script: (UIWindow) -> Void = { _ in }) -> GalleryStage {
        UIView.setAnimationsEnabled(true)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.backgroundColor = .white
        window.rootViewController = rootViewController
        if let view {
            view.frame = window.bounds
            window.addSubview(view)
        }
        window.makeKeyAndVisible()
        script(window)
        return GalleryStage(layer: window.layer, bounds: window.bounds, duration: duration(), owners: [window] + owners)
    }

    /// Taps `view`'s centre `seconds` from now.
    @MainActor
    static func scheduleTap(on view: UIView, in window: UIWindow, after seconds: CFTimeInterval) {
        AnimationHost.shared.schedule(after: seconds) { [weak window, weak view] in
            guard let window, let view else { return }
            window.sendTap(at: view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil))
        }
    }

    /// A centred label of `text` in `frame`.
    @MainActor
    static func label(_ text: String, frame: CGRect, size: CGFloat, weight: UIFont.Weight = .bold,
                      color: UIColor = .white) -> UILabel {
        let label = UILabel(frame: frame)
        label.text = text
        label.font = .systemFont(ofSize: size, weight: weight)
        label.textColor = color
        label.textAlignment = .center
        return label
    }
}
