import Synchronization

/// How many frame requests are rendering or waiting to, turned away beyond `capacity`.
final class RenderQueue: Sendable {
    private let waiting = Mutex(0)
    let capacity: Int

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// Takes a place, or returns false when all are taken.
    func enter() -> Bool {
        waiting.withLock { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    func leave() { waiting.withLock { $0 -= 1 } }
}
