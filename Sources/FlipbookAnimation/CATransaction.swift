/// Groups layer changes into one atomic update of the render tree, as Core Animation's
/// `CATransaction`.
///
/// Changes outside an explicit transaction open an implicit one, which the host commits at
/// the end of its tick (`AnimationHost.tick`) or `flush()` commits at once. Explicit
/// transactions nest: values such as `animationDuration` are scoped to the innermost
/// transaction that sets them, and the render tree sees the changes when the outermost
/// transaction commits. A completion block runs once every animation added after it was
/// set, in that transaction, has finished or been removed, and at once if there are none.
@MainActor
public final class CATransaction {
    /// One open transaction.
    final class Frame {
        var values: [String: Any] = [:]
        var completion: CompletionGroup?
        let isImplicit: Bool
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
    }

    private static var stack: [Frame] = []
    /// Layers changed since the last commit to the render tree, in order of first change.
    /// Each is listed once: `CALayer.isListedAsChanged` marks the ones in the list.
    private static var changedLayers: [CALayer] = []
    /// Completion groups sealed by their commit, waiting for their animations.
    static var pendingCompletions: [CompletionGroup] = []

    public static let animationDurationKey = "animationDuration"
    public static let animationTimingFunctionKey = "animationTimingFunction"
    public static let disableActionsKey = "disableActions"
    public static let completionBlockKey = "completionBlock"

    /// Opens an explicit transaction.
    public static func begin() { stack.append(Frame(isImplicit: false)) }

    /// Closes the innermost transaction; closing the outermost commits to the render tree.
    /// A commit without a begin is reported and ignored.
    public static func commit() {
        guard let frame = stack.popLast() else {
            AnimationDiagnostics.report("CATransaction.commit() without a matching begin(); ignored")
            return
        }
        if let group = frame.completion {
            group.sealed = true
            pendingCompletions.append(group)
        }
        if stack.isEmpty { commitToRenderTree() }
    }

    /// Commits any implicit transaction now, as at the end of a run-loop turn. Explicit
    /// transactions stay open.
    public static func flush() {
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
        let frame = current
        if let old = frame.completion, !old.members.isEmpty {
            // Animations added so far keep the old block.
            old.sealed = true
            pendingCompletions.append(old)
        }
        frame.completion = block.map { CompletionGroup(block: $0) }
    }

    /// A transaction property, from the innermost transaction that set it.
    public static func value(forKey key: String) -> Any? {
        for frame in stack.reversed() where !frame.values.isEmpty {
            if let value = frame.values[key] { return value is NSNull ? nil : value }
        }
        return nil
    }

    /// Sets a property of the innermost transaction (opening an implicit one if needed).
    public static func setValue(_ value: Any?, forKey key: String) {
        current.values[key] = value ?? NSNull()
    }

    /// Locks are not needed: the model tree lives on the main actor.
    public static func lock() {}
    public static func unlock() {}

    /// The innermost open transaction, opening an implicit one when none is open.
    static var current: Frame {
        if let frame = stack.last { return frame }
        let frame = Frame(isImplicit: true)
        stack.append(frame)
        return frame
    }

    /// The completion group new animations join, if a block is set.
    static var currentCompletion: CompletionGroup? { stack.last?.completion }

    static func noteChanged(_ layer: CALayer) {
        _ = current
        guard !layer.isListedAsChanged else { return }
        layer.isListedAsChanged = true
        changedLayers.append(layer)
    }

    /// Hands every changed layer to the render tree, then runs finished completions.
    /// How many commits have changed the render tree; a snapshot taken after the last one
    /// is still current.
    static private(set) var commitCount = 0

    private static func commitToRenderTree() {
        let now = CACurrentMediaTime()
        let layers = changedLayers
        if !layers.isEmpty { commitCount += 1 }
        changedLayers = []
        for layer in layers { layer.isListedAsChanged = false }
        // Transitions start from the layers as they were: capture before anything commits.
        var captures: [ObjectIdentifier: TransitionModel.Capture] = [:]
        for layer in layers where layer.hasUncommittedTransition && layer.committed != nil {
            captures[ObjectIdentifier(layer)] = TransitionModel.Capture(before: LayerTreeSnapshot(root: layer), time: now)
        }
        for layer in layers {
            layer.commit(at: now, transitionsFrom: captures.isEmpty ? nil : captures[ObjectIdentifier(layer)])
        }
        AnimationScheduler.deliverPendingStops()
        runFinishedCompletions()
    }

    /// Runs (once, in order) the completion blocks whose animations are all done.
    static func runFinishedCompletions() {
        while let index = pendingCompletions.firstIndex(where: { $0.isFinished }) {
            let group = pendingCompletions.remove(at: index)
            group.block()
        }
    }

    /// Forgets all open transactions and pending work (for tests and new recordings).
    static func reset() {
        stack = []
        for layer in changedLayers { layer.isListedAsChanged = false }
        changedLayers = []
        pendingCompletions = []
    }
}

/// The animations a completion block waits for.
@MainActor
final class CompletionGroup {
    let block: () -> Void
    var members: Set<ObjectIdentifier> = []
    /// Whether its transaction has committed (no more animations can join).
    var sealed = false
    init(block: @escaping () -> Void) { self.block = block }

    var isFinished: Bool { sealed && members.isEmpty }
}
