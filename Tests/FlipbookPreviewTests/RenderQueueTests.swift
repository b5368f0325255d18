@testable import FlipbookPreview
import Testing

/// Frame requests beyond the queue's capacity are turned away at once, and places come
/// back when requests finish.
struct RenderQueueTests {
    @Test func placesAreBoundedAndReturned() {
        let queue = RenderQueue(capacity: 2)
        #expect(queue.enter() && queue.enter())
        #expect(!queue.enter())
        queue.leave()
        #expect(queue.enter())
        #expect(!queue.enter())
        #expect(RenderQueue(capacity: 0).capacity == 1)
    }
}
