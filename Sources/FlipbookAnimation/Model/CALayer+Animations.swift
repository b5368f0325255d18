extension CALayer {
    /// Adds a copy of `anim`, replacing any animation with the same key (which stops with
    /// `finished` false). The copy starts when the transaction commits if its `beginTime`
    /// is 0. Animations added to a presentation layer are ignored.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard !isPresentationCopy else {
            AnimationDiagnostics.report("animations added to a presentation layer are ignored")
            return
        }
        let copy = anim.copy()
        if let key, let old = animationStore.first(where: { $0.key == key }) {
            removeRecord(old)
            AnimationScheduler.noteRemoved(old)
        }
        let record = AnimationRecord(key: key, animation: copy, layer: self, previous: previousValue(for: copy))
        animationStore.append(record)
        AnimationScheduler.register(record)
        markChanged()
    }

    /// The animation added for `key` (the layer's copy), or nil.
    public func animation(forKey key: String) -> CAAnimation? {
        animationStore.first { $0.key == key }?.animation
    }

    /// The keys of the layer's animations, in the order they were added; nil when none.
    public func animationKeys() -> [String]? {
        let keys = animationStore.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation for `key`; its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        guard let record = animationStore.first(where: { $0.key == key }) else { return }
        removeRecord(record)
        AnimationScheduler.noteRemoved(record)
    }

    /// Removes every animation; their delegates hear `finished: false`.
    public func removeAllAnimations() {
        let records = animationStore
        for record in records {
            removeRecord(record)
            AnimationScheduler.noteRemoved(record)
        }
    }

    func removeRecord(_ record: AnimationRecord) {
        animationStore.removeAll { $0 === record }
        markChanged()
    }

    /// For a basic animation with no from, to or by value: what is on screen now.
    private func previousValue(for animation: CAAnimation) -> AnimatableValue? {
        guard let basic = animation as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
              basic.byValue == nil, let keyPath = basic.keyPath.flatMap(LayerKeyPath.init), keyPath.hops.isEmpty else { return nil }
        return keyPath.read(from: presentationState(at: CACurrentMediaTime())[keyPath.property])
    }

    /// Whether an added transition waits for the next commit.
    var hasUncommittedTransition: Bool {
        animationStore.contains { $0.committed == nil && $0.animation is CATransition }
    }

    /// Hands the model to the render tree: new animations get their begin time (now, in
    /// this layer's time, when theirs is 0) and their render-tree form; new transitions
    /// start from `capture`, the layer's rendering before this commit.
    func commit(at now: Double, transitionsFrom capture: TransitionModel.Capture?) {
        if animationStore.contains(where: { $0.committed == nil }) {
            let layerNow = localTime(fromGlobal: now, committedOnly: false)
            for record in animationStore where record.committed == nil {
                if record.animation.beginTime == 0 { record.animation.beginTime = layerNow }
                record.committed = record.animation.makeRenderAnimation(defaultDuration: record.defaultDuration, previous: record.previous,
                                                          before: capture)
            }
        }
        let animations = animationStore.compactMap(\.committed)
        if committed == nil { CATransaction.noteStructureChanged() }
        if isKnownUniquelyReferenced(&committed) {
            committed!.refill(state: state, timing: timing, animations: animations, attributes: attributes)
        } else {
            committed = CommittedLayer(state: state, timing: timing, animations: animations, attributes: attributes)
        }
        guard treeChangedSinceCommit else { return }
        treeChangedSinceCommit = false
        CATransaction.noteStructureChanged()
        for child in committedSublayers where child.committedParent === self { child.committedParent = nil }
        if let mask = committedMask, mask.committedParent === self { mask.committedParent = nil }
        committedSublayers = sublayerStorage
        committedMask = maskStorage
        for child in committedSublayers { child.committedParent = self }
        committedMask?.committedParent = self
    }

    /// A copy of the layer showing what is on screen now, or nil before its first commit.
    /// Its sublayers and mask are presentation copies too.
    public func presentation() -> Self? {
        CATransaction.locked {
            guard committed != nil else { return nil }
            return presentationCopy(at: CACurrentMediaTime())
        }
    }

    private func presentationCopy(at time: Double) -> Self {
        let copy = Self(layer: self)
        copy.modelLayer = self
        copy.isPresentationCopy = true
        copy.state = presentationState(at: time)
        copy.sublayerStorage = committedSublayers.filter { $0.committed != nil }.map { $0.presentationCopy(at: time) }
        for sub in copy.sublayerStorage { sub.superlayerStorage = copy }
        copy.maskStorage = committedMask.flatMap { $0.committed != nil ? $0.presentationCopy(at: time) : nil }
        return copy
    }

    /// The model layer a presentation copy shows; the layer itself for a model layer.
    public func model() -> Self { (modelLayer as? Self) ?? self }

    /// The committed values at global media time `time` with every animation applied:
    /// the layer's own, then those its ancestors aim at it through `sublayers.NAME` and
    /// `mask` key paths. This is the render tree's evaluation of the chain from the root
    /// to this layer; it never changes the model.
    func presentationState(at time: Double) -> LayerState {
        guard committed != nil else { return state }
        let snapshot = RenderTree(chainTo: self)
        var frame = PresentationTree()
        snapshot.evaluate(at: time, into: &frame)
        return frame.values.last ?? state
    }

    /// This layer's local time for global media time `time`, through every ancestor's
    /// timing (committed timing for the render tree, or the model's).
    func localTime(fromGlobal time: Double, committedOnly: Bool) -> Double {
        var chain: [Timing] = []
        var layer: CALayer? = self
        while let current = layer {
            chain.append(committedOnly ? (current.committed?.timing ?? current.timing) : current.timing)
            layer = current.timingParent
        }
        return chain.reversed().reduce(time) { $1.localTime($0) }
    }

    /// Global media time of this layer's local time `local`; nil when a paused ancestor
    /// (speed 0) means the time never comes.
    func globalTime(fromLocal local: Double) -> Double? {
        var time = local
        var layer: CALayer? = self
        while let current = layer {
            let timing = current.committed?.timing ?? current.timing
            if timing.speed == 0 { return nil }
            time = timing.parentTime(time)
            layer = current.timingParent
        }
        return time
    }

    /// The media time at which the last committed animation of this layer's tree (the
    /// layer, its sublayers and masks, all the way down) stops being active (Flipbook's
    /// addition): how long a recording of what is animating now must run. `nil` when no
    /// animation is committed; `+infinity` when one never ends (it repeats forever, or a
    /// paused layer holds it).
    public func endOfCommittedAnimations() -> CFTimeInterval? {
        CATransaction.locked {
            var end: CFTimeInterval?
            var pending: [CALayer] = [self]
            while let layer = pending.popLast() {
                for record in layer.animationStore {
                    guard let committed = record.committed else { continue }
                    let interval = layer.globalActiveInterval(of: committed)
                    end = max(end ?? -.infinity, interval.end ?? .infinity)
                }
                pending.append(contentsOf: layer.sublayerStorage)
                if let mask = layer.maskStorage { pending.append(mask) }
            }
            return end
        }
    }

    /// The layer whose time this layer's time is measured in.
    var timingParent: CALayer? { maskedLayer ?? superlayerStorage }

    /// When an animation's active interval starts and ends in global media time (nil when
    /// never, as for endless repeats or under a paused layer).
    func globalActiveInterval(of animation: RenderAnimation) -> (start: Double?, end: Double?) {
        let t = animation.timing
        guard t.speed != 0 else { return (nil, nil) }
        // Active while 0 ≤ (layer time − beginTime) · speed < activeDuration.
        let a = t.beginTime, b = t.activeDuration.isFinite ? t.beginTime + t.activeDuration / t.speed : nil
        let ga = globalTime(fromLocal: a)
        let gb = b.flatMap { globalTime(fromLocal: $0) }
        guard let ga else { return (nil, nil) }
        guard let gb else { return (ga, nil) }
        return (min(ga, gb), max(ga, gb))
    }
}
