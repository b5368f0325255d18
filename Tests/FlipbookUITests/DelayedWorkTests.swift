@testable import FlipbookUI
import FlipbookAnimation
import FlipbookTestSupport
import Testing

// This file imports Flipbook's modules and not Foundation itself (they re-export it), as
// an app using `import Flipbook` does: then `Timer.scheduledTimer` is Flipbook's, which
// follows the manual clock. With Foundation imported too, that call would be ambiguous.

@MainActor
@Suite(.serialized) struct DelayedWorkTests {
    @Test func delayedWorkRunsAtItsMediaTime() {
        _ = makeWindow()
        var log: [String] = []
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(3)) { log.append("after 3 ms") }
        DispatchQueue.main.async { log.append("next turn") }
        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
            MainActor.assumeIsolated { log.append("timer \(CACurrentMediaTime())") }
        }
        var once = 0
        Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in MainActor.assumeIsolated { once += 1 } }
        #expect(log.isEmpty)
        AnimationHost.shared.tick()
        #expect(log == ["next turn"])
        tick(at: 0.002)
        #expect(log == ["next turn"])
        tick(at: 0.003)
        #expect(log == ["next turn", "after 3 ms"])
        tick(at: 0.1)
        #expect(log.last == "timer 0.1" && once == 1)
        tick(at: 0.35)  // late: fires once, then keeps its schedule
        tick(at: 0.39)
        tick(at: 0.4)
        #expect(log.suffix(2) == ["timer 0.35", "timer 0.4"])
        timer.invalidate()
        tick(at: 2)
        #expect(log.count == 5 && once == 1)
    }
}
