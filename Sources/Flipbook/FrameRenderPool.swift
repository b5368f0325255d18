import Foundation
import FlipbookGraphics

/// Worker threads that render frames in the order they are submitted; each submission
/// returns a `PendingFrame` to wait on, so results can be consumed in order while later
/// frames render.
final class FrameRenderPool: @unchecked Sendable {
    typealias Job = @Sendable () -> Result<CGImage, GraphicsError>

    private let condition = NSCondition()
    private var queue: [(Job, PendingFrame)] = []
    private var isShutDown = false
    private var running = 0

    init(threads: Int) {
        for _ in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.stackSize = 8 << 20
            running += 1
            thread.start()
        }
    }

    /// Queues `job`; the result is read from the returned frame.
    func submit(_ job: @escaping Job) -> PendingFrame {
        let frame = PendingFrame()
        condition.withLock {
            queue.append((job, frame))
            condition.signal()
        }
        return frame
    }

    /// Lets the workers finish what is queued, then stop.
    func shutDown() {
        condition.withLock {
            isShutDown = true
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }

    private func work() {
        while true {
            condition.lock()
            while queue.isEmpty && !isShutDown { condition.wait() }
            guard !queue.isEmpty else {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let (job, frame) = queue.removeFirst()
            condition.unlock()
            frame.fulfil(job())
        }
    }
}

/// A frame being rendered by a `FrameRenderPool`.
final class PendingFrame: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<CGImage, GraphicsError>?

    func fulfil(_ result: Result<CGImage, GraphicsError>) {
        condition.withLock {
            self.result = result
            condition.broadcast()
        }
    }

    /// Blocks until the frame is rendered.
    func wait() -> Result<CGImage, GraphicsError> {
        condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }
    }
}
