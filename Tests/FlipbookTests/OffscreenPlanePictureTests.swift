import Flipbook
import FlipbookTestSupport
import Testing

/// Planes seen in perspective are drawn offscreen after the frame tree is built, all the
/// frame's planes side by side and inner planes before the planes holding them: the
/// frame comes out the same on any thread count, nested planes included.
@MainActor
@Suite(.serialized) struct OffscreenPlanePictureTests {
    /// Six shadowed cards turned about y, the last holding a card turned about x: seven
    /// planes, one of them inside another.
    func scene() -> CALayer {
        let root = TestScene.root(width: 360, height: 240, gray: 0.95)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        for k in 0..<6 {
            let card = CALayer()
            card.frame = CGRect(x: 20 + CGFloat(k % 3) * 115, y: 20 + CGFloat(k / 3) * 110, width: 90, height: 80)
            card.backgroundColor = CGColor(srgbRed: 0.2 + 0.1 * CGFloat(k), green: 0.5, blue: 0.9, alpha: 1)
            card.cornerRadius = 10
            card.shadowOpacity = 0.5
            card.shadowRadius = 5
            card.shadowOffset = CGSize(width: 0, height: 4)
            card.transform = CATransform3DRotate(perspective, 0.5 - 0.2 * CGFloat(k), 0, 1, 0)
            let stripe = CALayer()
            stripe.frame = CGRect(x: 10, y: 10, width: 70, height: 20)
            stripe.backgroundColor = CGColor(srgbRed: 1, green: 0.8, blue: 0.2, alpha: 1)
            card.addSublayer(stripe)
            if k == 5 {
                let inner = CALayer()
                inner.frame = CGRect(x: 20, y: 40, width: 50, height: 30)
                inner.backgroundColor = CGColor(srgbRed: 0.9, green: 0.2, blue: 0.3, alpha: 1)
                inner.shadowOpacity = 0.6
                inner.transform = CATransform3DRotate(perspective, 0.7, 1, 0, 0)
                let dot = CALayer()
                dot.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
                dot.backgroundColor = CGColor(gray: 1, alpha: 1)
                inner.addSublayer(dot)
                card.addSublayer(inner)
            }
            root.addSublayer(card)
        }
        AnimationHost.shared.tick()
        return root
    }

    @Test func planesAreMadeOnceWhateverTheThreads() throws {
        let root = scene()
        let renderTree = AnimationHost.shared.renderTree(of: root)
        let presentation = renderTree.evaluate(at: 0)
        let text = renderTree.frameTree(presentation, bounds: root.bounds, scale: 1).description
        #expect(text.components(separatedBy: "projected").count - 1 == 6, "six planes in the frame: \(text)")
        let one = try renderTree.render(presentation, bounds: root.bounds, scale: 1, maximumThreadCount: 1)
        // The nested plane shows: the inner card's red inside the last card.
        #expect((250..<330).contains { x in (140..<220).contains { y in one.pixel(x, y)[0] > 200 && one.pixel(x, y)[1] < 100 } })
        for threads in [2, 3, 8] {
            let many = try renderTree.render(presentation, bounds: root.bounds, scale: 1, maximumThreadCount: threads)
            #expect(one.premultipliedBytes == many.premultipliedBytes, "\(threads) threads")
        }
    }
}
