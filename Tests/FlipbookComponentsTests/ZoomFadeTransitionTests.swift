@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

@MainActor @Suite(.serialized)
struct ZoomFadeTransitionTests {
    private func screen(_ color: UIColor) -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = color
        return controller
    }

    @Test func pushesZoomInAndPopsZoomOutWhereTheDelegateChoosesIt() throws {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        let root = screen(.red), detail = screen(.blue), plain = screen(.green)
        let navigation = UINavigationController(rootViewController: root)
        navigation.isNavigationBarHidden = true
        // The zoom for the detail screen only; the slide for the others.
        let zoom = ZoomFadeNavigationDelegate { _, from, to in from === detail || to === detail }
        navigation.delegate = zoom
        window.rootViewController = navigation
        AnimationHost.shared.tick()

        navigation.pushViewController(detail, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.15)
        let ease = CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5)
        #expect(abs(Double(detail.view.shown.opacity) - ease) < 1e-3)
        #expect(abs(Double(detail.view.shown.transform.m11) - (0.5 + 0.5 * ease)) < 1e-3)
        let middle = try frame(window, at: 0.15).pixel(200, 400)
        #expect(middle[0] > 100 && middle[2] > 100, "blue over red, half faded: \(middle)")
        #expect(Golden.compare(try frame(window, at: 0.15, scale: 0.25)) == nil)
        tick(at: 0.31)
        #expect(root.view.superview == nil && detail.view.shown.opacity == 1)

        navigation.popViewController(animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.46)
        #expect(abs(Double(detail.view.shown.opacity) - (1 - ease)) < 1e-3)
        #expect(root.view.superview != nil && root.view.shown.opacity == 1)
        tick(at: 0.62)
        #expect(navigation.viewControllers == [root] && detail.view.superview == nil)
        #expect(detail.view.alpha == 1 && detail.view.transform == .identity, "the popped screen is left as it was")

        // The delegate gives no animator for the plain screen: the default slide.
        navigation.pushViewController(plain, animated: true)
        AnimationHost.shared.tick()
        tick(at: 0.8)
        #expect(plain.view.shown.opacity == 1 && plain.view.shown.position.x > 200)
    }
}
