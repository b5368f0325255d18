import Flipbook
import FlipbookSnapshotTesting
import XCTest

/// The strategies in an XCTest case, as most existing snapshot suites are written.
/// (corelibs XCTest cannot run a `@MainActor` test method; an async one hops there.)
final class XCTestSnapshotTests: XCTestCase {
    func testAFadeAtItsMiddle() async {
        await Self.fadeAtItsMiddle()
    }

    @MainActor
    private static func fadeAtItsMiddle() {
        AnimationHost.shared.reset(time: 0)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        layer.cornerRadius = 10
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        // __Snapshots__/XCTestSnapshotTests/fadeAtItsMiddle.1.png: the square at half opacity.
        assertSnapshot(of: layer, as: .image(at: 1, scale: 2))
        XCTAssertEqual(CACurrentMediaTime(), 1)
    }
}
