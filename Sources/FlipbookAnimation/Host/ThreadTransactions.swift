import Foundation

/// One thread's open transactions and the layers it changed since its last commit. The
/// main queue has one set, whichever thread drains it; every other thread has its own,
/// made when it first changes a layer and released when it exits.
final class ThreadTransactions {
    var stack: [CATransaction.OpenTransaction] = []
    /// Layers changed since the last commit, in order of first change. Each is listed once:
    /// `CALayer.isListedAsChanged` marks the ones in a list.
    var changedLayers: [CALayer] = []

    /// Core Animation warns of a thread that exits with an uncommitted transaction; its
    /// changes are dropped, and its layers can be listed by other threads again.
    deinit {
        guard !changedLayers.isEmpty else { return }
        for layer in changedLayers { layer.isListedAsChanged = false }
        AnimationDiagnostics.report("a thread exited with an uncommitted CATransaction; call CATransaction.flush() after changing layers off the main queue")
    }

    /// The main queue's transactions.
    nonisolated(unsafe) private static let main = ThreadTransactions()

    /// The calling thread's transactions.
    static var current: ThreadTransactions {
        if MainQueue.isCurrent { return main }
        if let stored = pthread_getspecific(key) {
            return Unmanaged<ThreadTransactions>.fromOpaque(stored).takeUnretainedValue()
        }
        let made = ThreadTransactions()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The thread-specific slot holding a thread's transactions; its destructor releases
    /// them when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            guard let stored else { return }
            Unmanaged<ThreadTransactions>.fromOpaque(stored).release()
        }
        return key
    }()
}
