import Foundation

/// Groups layer changes into one atomic update of the render tree, as Core Animation's
/// `CATransaction`.
///
/// Changes outside an explicit transaction open an implicit one, which the host commits at
/// the end of its tick (`AnimationHost.tick`) or `flush()` commits at once. Explicit
/// transactions nest: values such as `animationDuration` are scoped to the innermost
/// transaction that sets them, and the render tree sees the changes when the outermost
/// transaction commits. A completion block runs once every animation added after it was
/// set, in that transaction, has finished or been removed, and at once if there are none.
///
/// Threads: as in Core Animation, each thread has its own transactions, so layers and
/// animations can be made and changed off the main actor. The main queue's implicit
/// transaction is committed by the host's tick. Core Animation commits another thread's
/// implicit transaction at the end of that thread's run-loop turn; Flipbook sees no such
/// turn, so there the rule is simpler: another thread's changes reach the render tree when
/// that thread calls `flush()` or commits its outermost explicit transaction. Commits are
/// serialised by `lock()`, which the host also holds while it reads the render tree.
/// Animation delegates and completion blocks are called on the main queue, in the host's
/// tick.
public final class CATransaction {
    /// One open transaction.
    final class OpenTransaction {
        var values: [String: Any] = [:]
        var completion: CompletionGroup?
        let isImplicit: Bool
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    /// Completion groups sealed by their commit, waiting for their animations (guarded by
    /// `lock()`).
    nonisolated(unsafe) static var pendingCompletions: [CompletionGroup] = []
    /// How many commits have changed the render tree (guarded by `lock()`); a snapshot taken
    /// after the last one is still current.
    nonisolated(unsafe) static private(set) var commitCount = 0
    /// How many times the shape of the committed trees changed (guarded by `lock()`): a
    /// layer committed for the first time, a layer's committed sublayers or mask replaced,
    /// a layer renamed (names are the hops of animation key paths). A render tree made
    /// since the last change is patched by the next commit rather than made again
    /// (`RenderTree.recommitted`).
    nonisolated(unsafe) static private(set) var structureCount = 0
    private static let commitLock = NSRecursiveLock()

    /// The calling thread's transactions (the main queue's on the main queue).
    private static var transactions: ThreadTransactions { .current }

    public static let animationDurationKey = "animationDuration"
    public static let animationTimingFunctionKey = "animationTimingFunction"
    public static let disableActionsKey = "disableActions"
    public static let completionBlockKey = "completionBlock"

    /// Opens an explicit transaction.
    public static func begin() { transactions.stack.append(OpenTransaction(isImplicit: false)) }

    /// Closes the innermost transaction; closing the outermost commits to the render tree.
    /// A commit without a begin is reported and ignored.
    public static func commit() {
        guard let transaction = transactions.stack.popLast() else {
            AnimationDiagnostics.report("CATransaction.commit() without a matching begin(); ignored")
            return
        }
        if let group = transaction.completion {
            locked {
                group.sealed = true
                pendingCompletions.append(group)
            }
        }
        if transactions.stack.isEmpty { commitToRenderTree() }
    }

    /// Commits any implicit transaction now, as at the end of a run-loop turn. Explicit
    /// transactions stay open.
    public static func flush() {
        let stack = transactions.stack
        guard stack.count == 1, stack[0].isImplicit else { return }
        commit()
    }

    /// Seconds implicit animations last in this transaction (0.25 by default).
    public static func animationDuration() -> CFTimeInterval {
        (value(forKey: animationDurationKey) as? Double) ?? 0.25
    }
    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        setValue(duration, forKey: animationDurationKey)
    }

    /// The timing function of implicit animations; nil means Core Animation's default curve.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: animationTimingFunctionKey) as? CAMediaTimingFunction
    }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: animationTimingFunctionKey)
    }

    /// Whether property changes skip their actions (no implicit animation).
    public static func disableActions() -> Bool { (value(forKey: disableActionsKey) as? Bool) ?? false }
    public static func setDisableActions(_ flag: Bool) { setValue(flag, forKey: disableActionsKey) }

    /// The block run when this transaction's animations have all finished.
    public static func completionBlock() -> (() -> Void)? { current.completion?.block }
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        let transaction = current
        if let old = transaction.completion {
            locked {
                guard !old.members.isEmpty else { return }
                // Animations added so far keep the old block.
                old.sealed = true
                pendingCompletions.append(old)
            }
        }
        transaction.completion = block.map { CompletionGroup(block: $0) }
    }

    /// A transaction property, from the innermost transaction that set it.
    public static func value(forKey key: String) -> Any? {
        for transaction in transactions.stack.reversed() where !transaction.values.isEmpty {
            if let value = transaction.values[key] { return value is NSNull ? nil : value }
        }
        return nil
    }

    /// Sets a property of the innermost transaction (opening an implicit one if needed).
    public static func setValue(_ value: Any?, forKey key: String) {
        current.values[key] = value ?? NSNull()
    }

    /// Takes the lock that serialises commits to the render tree and the host's reading of
    /// it (recursive: a thread may take it again).
    public static func lock() { commitLock.lock() }
    /// Releases `lock()`.
    public static func unlock() { commitLock.unlock() }

    /// Runs `body` holding `lock()`.
    static func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        commitLock.lock()
        defer { commitLock.unlock() }
        return try body()
    }

    /// The innermost open transaction, opening an implicit one when none is open.
    static var current: OpenTransaction {
        let transactions = ThreadTransactions.current
        if let open = transactions.stack.last { return open }
        let transaction = OpenTransaction(isImplicit: true)
        transactions.stack.append(transaction)
        return transaction
    }

    /// The completion group new animations join, if a block is set.
    static var currentCompletion: CompletionGroup? { transactions.stack.last?.completion }

    static func noteChanged(_ layer: CALayer) {
        _ = current
        guard !layer.isListedAsChanged else { return }
        layer.isListedAsChanged = true
        ThreadTransactions.current.changedLayers.append(layer)
    }

    /// Hands the calling thread's changed layers to the render tree; on the main queue, then
    /// tells delegates of removed animations and runs finished completions.
    private static func commitToRenderTree() {
        let transactions = ThreadTransactions.current
        let layers = transactions.changedLayers
        transactions.changedLayers = []
        locked { commit(layers) }
        if MainQueue.isCurrent {
            MainActor.assumeIsolated {
                AnimationScheduler.deliverPendingStops()
                runFinishedCompletions()
            }
        }
    }

    private static func commit(_ layers: [CALayer]) {
        let now = CACurrentMediaTime()
        if !layers.isEmpty { commitCount += 1 }
        for layer in layers { layer.isListedAsChanged = false }
        // Transitions start from the layers as they were: capture before anything commits.
        var captures: [ObjectIdentifier: TransitionModel.Capture] = [:]
        for layer in layers where layer.hasUncommittedTransition && layer.committed != nil {
            captures[ObjectIdentifier(layer)] = TransitionModel.Capture(before: RenderTree(root: layer), time: now)
        }
        for layer in layers {
            layer.commit(at: now, transitionsFrom: captures.isEmpty ? nil : captures[ObjectIdentifier(layer)])
        }
    }

    /// Notes that the shape of the committed trees changed; under `lock()`.
    static func noteStructureChanged() { structureCount += 1 }

    /// Runs (once, in order) the completion blocks whose animations are all done.
    @MainActor
    static func runFinishedCompletions() {
        while let group = locked({ () -> CompletionGroup? in
            guard let index = pendingCompletions.firstIndex(where: { $0.isFinished }) else { return nil }
            return pendingCompletions.remove(at: index)
        }) {
            group.block()
        }
    }

    /// Forgets the calling thread's open transactions and all pending work (for tests and
    /// new recordings).
    static func reset() {
        let transactions = ThreadTransactions.current
        transactions.stack = []
        for layer in transactions.changedLayers { layer.isListedAsChanged = false }
        transactions.changedLayers = []
        locked { pendingCompletions = [] }
    }
}

/// The animations a completion block waits for (changed under `CATransaction.lock()`).
final class CompletionGroup {
    let block: () -> Void
    var members: Set<ObjectIdentifier> = []
    /// Whether its transaction has committed (no more animations can join).
    var sealed = false
    init(block: @escaping () -> Void) { self.block = block }

    var isFinished: Bool { sealed && members.isEmpty }
}
