import FlipbookTestSupport
import Testing
import UIKit

/// APIs real iOS code used, written as it wrote them.
@MainActor
@Suite(.serialized) struct IOSAPITests {
    /// Geometry boxed in `NSValue`s animates as the geometry itself.
    @Test func boxedValuesAnimate() {
        let window = makeWindow()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.addSubview(view)
        AnimationHost.shared.tick()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
        move.duration = 1
        view.layer.add(move, forKey: "move")
        let spin = CAKeyframeAnimation(keyPath: "transform")
        spin.values = [NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))]
        spin.duration = 1
        spin.repeatCount = HUGE
        view.layer.add(spin, forKey: "spin")
        let bounds = CABasicAnimation(keyPath: "bounds")
        bounds.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 80, height: 20))
        bounds.duration = 1
        view.layer.add(bounds, forKey: "bounds")
        AnimationHost.shared.tick()
        tick(at: 0.5)
        #expect(view.shown.position == CGPoint(x: 50, y: 25))
        #expect(view.shown.transform.m11 == 2)
        #expect(view.shown.bounds.size == CGSize(width: 60, height: 30))
        tick(at: 1000.25)
        #expect(view.shown.transform.m11 == 1.5)  // repeating for ever
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 3)).cgAffineTransformValue == CGAffineTransform(scaleX: 2, y: 3))
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)
    }

    /// Properties real code sets, kept.
    @Test func keptProperties() {
        let view = UIView()
        view.restorationIdentifier = "feed"
        let label = UILabel()
        label.allowsDefaultTighteningForTruncation = true
        let controller = UIViewController()
        controller.modalPresentationCapturesStatusBarAppearance = true
        #expect(view.restorationIdentifier == "feed" && label.allowsDefaultTighteningForTruncation)
        #expect(controller.modalPresentationCapturesStatusBarAppearance)
        #expect(HUGE == Float.greatestFiniteMagnitude)
    }

    /// Literals and dynamic colours as Xcode writes them.
    @Test func literalsAndDynamicColours() {
        let brand = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        #expect(brand.cgColor.components == [0.2, 0.4, 0.6, 1].map { CGFloat(Float($0)) })
        let adaptive = UIColor { traits in traits.userInterfaceStyle == .dark ? .white : .black }
        #expect(adaptive.cgColor.components == UIColor.black.cgColor.components)
        let missing = #imageLiteral(resourceName: "no-such-image")
        #expect(missing.size == .zero)
    }

    /// Apple's fonts stand in as the nearest installed face rather than nil.
    @Test func appleFontNamesFindAFace() throws {
        let medium = try #require(UIFont(name: "AvenirNext-Medium", size: 17))
        #expect(medium.pointSize == 17 && medium.fontName == "DejaVu Sans")
        #expect(UIFont(name: "HelveticaNeue-BoldItalic", size: 12)?.fontName == "DejaVu Sans:bold:oblique")
        #expect(UIFont(name: "Menlo-Regular", size: 12)?.fontName == "DejaVu Sans Mono")
        #expect(UIFont(name: "Georgia-Bold", size: 12)?.fontName == "DejaVu Serif:bold")
        #expect(UIFont(name: "NoSuchFont-Regular", size: 12) == nil)
        // The stand-in lays text out: a wider string is wider.
        let label = UILabel()
        label.font = medium
        label.text = "Flipbook"
        let short = label.intrinsicContentSize.width
        label.text = "Flipbook Flipbook"
        #expect(label.intrinsicContentSize.width > short && short > 0)
    }

    /// The app's scenes and windows, and the settings iOS code sets on it.
    @Test func theApplication() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        let key = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap { $0.windows }.first { $0.isKeyWindow }
        #expect(key === window && UIApplication.shared.keyWindow === window)
        #expect(UIApplication.shared.windows.contains { $0 === window } && window.windowScene === UIWindowScene.main)
        let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
        let sceneWindow = UIWindow(windowScene: scene!)
        #expect(sceneWindow.windowScene === scene && sceneWindow.bounds == UIScreen.main.bounds)
        UIApplication.shared.isIdleTimerDisabled = true
        UIApplication.shared.statusBarStyle = .lightContent
        #expect(UIApplication.shared.isIdleTimerDisabled && UIApplication.shared.applicationState == .active)
        var opened: Bool?
        UIApplication.shared.open(URL(string: "https://example.com")!) { opened = $0 }
        #expect(opened == false)
    }

    /// Geometry to and from strings, as apps save it.
    @Test func geometryStrings() {
        #expect(NSCoder.cgPoint(for: "{3, -4.5}") == CGPoint(x: 3, y: -4.5))
        #expect(NSCoder.cgRect(for: "{{1, 2}, {30, 40}}") == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(NSCoder.cgSize(for: "{1e2, 5}") == CGSize(width: 100, height: 5))
        #expect(NSCoder.cgPoint(for: "nonsense") == .zero)
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 30.5, height: 40)) == "{{1, 2}, {30.5, 40}}")
        #expect(NSCoder.cgRect(for: NSCoder.string(for: CGRect(x: 0.25, y: -7, width: 3, height: 9))) == CGRect(x: 0.25, y: -7, width: 3, height: 9))
    }
}
