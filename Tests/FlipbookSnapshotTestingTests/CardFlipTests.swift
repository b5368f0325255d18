import Flipbook
import FlipbookSnapshotTesting
import Testing

@MainActor
struct CardFlipTests {
    @Test func cardFlips() {
        AnimationHost.shared.reset(time: 0)          // the manual clock: every frame at its exact time
        let front = UIView(), back = UIView()
        front.backgroundColor = .systemBlue
        back.backgroundColor = .systemOrange
        let card = FlipCardView(frame: CGRect(x: 0, y: 0, width: 160, height: 100), front: front, back: back)
        card.flip(duration: 0.5, axis: .horizontal)

        // __Snapshots__/CardFlipTests/cardFlips.0ms.png, ….125ms.png, ….250ms.png, ….500ms.png
        assertSnapshot(of: card, as: .frames(at: [0, 0.125, 0.25, 0.5], scale: 1))
    }
}
