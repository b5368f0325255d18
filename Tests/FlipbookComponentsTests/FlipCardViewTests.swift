@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

@MainActor @Suite(.serialized)
struct FlipCardViewTests {
    /// A 200 × 100 card at (100, 100) with a red front and a blue back, each with a button
    /// that counts its taps.
    private func makeCard(in window: UIWindow) -> (FlipCardView, () -> (front: Int, back: Int)) {
        var taps = (front: 0, back: 0)
        let front = UIView(), back = UIView()
        front.backgroundColor = .red
        back.backgroundColor = .blue
        let frontButton = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        frontButton.addAction(UIAction { _ in taps.front += 1 }, for: .touchUpInside)
        front.addSubview(frontButton)
        let backButton = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        backButton.addAction(UIAction { _ in taps.back += 1 }, for: .touchUpInside)
        back.addSubview(backButton)
        let card = FlipCardView(frame: CGRect(x: 100, y: 100, width: 200, height: 100), front: front, back: back)
        window.backgroundColor = .white
        window.addSubview(card)
        AnimationHost.shared.tick()
        return (card, { taps })
    }

    /// Rows (or columns) of the frame where the card's colour shows, along the middle line.
    private func extent(in image: CGImage, vertical: Bool, where colour: (UInt8, UInt8, UInt8)) -> Int {
        (0..<(vertical ? image.height : image.width)).filter { i in
            let p = vertical ? image.pixel(200, i) : image.pixel(i, 150)
            return abs(Int(p[0]) - Int(colour.0)) < 40 && abs(Int(p[1]) - Int(colour.1)) < 40 && abs(Int(p[2]) - Int(colour.2)) < 40
        }.count
    }

    @Test(arguments: [FlipCardView.Axis.vertical, .horizontal])
    func aFlipTurnsTheCardOverAndSettles(axis: FlipCardView.Axis) throws {
        let window = makeWindow()
        defer { withExtendedLifetime(window) {} }
        let (card, taps) = makeCard(in: window)
        let vertical = axis == .vertical
        window.sendTap(at: CGPoint(x: 200, y: 150))
        #expect(taps().front == 1 && taps().back == 0)

        var finished: [Bool] = []
        card.flip(duration: 1, axis: axis) { finished.append($0) }
        card.flip(duration: 1, axis: axis) { finished.append($0) }      // ignored: one runs
        #expect(finished == [false] && card.isFlipping)
        AnimationHost.shared.tick()
        // A quarter of the way in time, the front has turned by the eased angle: its extent
        // along the turning direction is about cos(angle) of the card's.
        let angle = Double.pi * CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.25)
        let quarter = try frame(window, at: 0.25)
        let size = vertical ? 100.0 : 200.0
        let shown = Double(extent(in: quarter, vertical: vertical, where: (255, 0, 0)))
        #expect(abs(shown - size * cos(angle)) < size * 0.06, "\(shown) against \(size * cos(angle))")
        #expect(extent(in: quarter, vertical: vertical, where: (0, 0, 255)) == 0, "the back faces away: culled")
        #expect(Golden.compare(quarter, vertical ? "vertical" : "horizontal") == nil)
        // Three quarters in, only the back shows.
        let late = try frame(window, at: 0.75)
        #expect(extent(in: late, vertical: vertical, where: (255, 0, 0)) == 0)
        #expect(abs(Double(extent(in: late, vertical: vertical, where: (0, 0, 255))) - size * cos(angle)) < size * 0.06)

        tick(at: 1.01)
        #expect(finished == [false, true] && !card.isShowingFront && !card.isFlipping)
        #expect(card.frontView.isHidden && !card.backView.isHidden && CATransform3DIsIdentity(card.backView.layer.transform))
        #expect(card.frontView.layer.animationKeys() == nil && card.backView.layer.animationKeys() == nil)
        #expect(try frame(window, at: 1.5).pixel(200, 150)[2] > 200, "the back rests, facing")
        // The side shown takes the taps now.
        window.sendTap(at: CGPoint(x: 200, y: 150))
        #expect(taps().front == 1 && taps().back == 1)

        card.flip(duration: 0.5, axis: axis) { finished.append($0) }
        tick(at: 1.6)
        tick(at: 2.1)
        #expect(card.isShowingFront && card.backView.isHidden && !card.frontView.isHidden && finished.last == true)
        #expect(try frame(window, at: 2.2).pixel(200, 150)[0] > 200)
    }
}
