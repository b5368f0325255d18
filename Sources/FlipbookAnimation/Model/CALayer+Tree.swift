extension CALayer {
    /// The layer this one is a sublayer of.
    public var superlayer: CALayer? { superlayerStorage }

    /// The sublayers, back to front; nil when there are none. Setting it replaces them all.
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.detach() }
            sublayerStorage = []
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }
            markChanged()
        }
    }

    /// A layer whose alpha masks this layer's content. A layer that has a superlayer or
    /// already masks another layer cannot be a mask: it is refused with a diagnostic.
    public var mask: CALayer? {
        get { maskStorage }
        set {
            if let newValue {
                guard newValue !== self, newValue.superlayerStorage == nil,
                      newValue.maskedLayer == nil || newValue.maskedLayer === self, !isDescendant(of: newValue) else {
                    AnimationDiagnostics.report("a mask must not be in a layer tree or mask another layer; mask ignored")
                    return
                }
            }
            maskStorage?.maskedLayer = nil
            maskStorage = newValue
            newValue?.maskedLayer = self
            newValue?.markChanged()
            markChanged()
        }
    }

    /// Appends `layer` on top of the sublayers.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayerStorage.count))
    }

    /// Inserts `layer` at `index` (clamped to the sublayer count), taking it from any
    /// previous superlayer. A layer cannot be added under itself or its descendants.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard canAdopt(layer) else { return }
        layer.detach()
        sublayerStorage.insert(layer, at: min(Int(index), sublayerStorage.count))
        layer.superlayerStorage = self
        markChanged()
        layer.markChanged()
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard canAdopt(layer) else { return }
        layer.detach()
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just above `sibling` (at the top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard canAdopt(layer) else { return }
        layer.detach()
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } }.map { $0 + 1 } ?? sublayerStorage.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Puts `newLayer` where `oldLayer` is; nothing happens when `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }), oldLayer !== newLayer,
              canAdopt(newLayer) else { return }
        oldLayer.detach()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Takes the layer out of its superlayer (or stops it masking its layer).
    public func removeFromSuperlayer() { detach() }

    private func detach() {
        if let parent = superlayerStorage {
            parent.sublayerStorage.removeAll { $0 === self }
            parent.markChanged()
            superlayerStorage = nil
        }
        if let masked = maskedLayer, masked.maskStorage === self {
            masked.maskStorage = nil
            masked.markChanged()
            maskedLayer = nil
        }
        markChanged()
    }

    /// Whether this layer is `ancestor` or lies below it.
    func isDescendant(of ancestor: CALayer) -> Bool {
        var layer: CALayer? = self
        while let current = layer {
            if current === ancestor { return true }
            layer = current.timingParent
        }
        return false
    }

    private func canAdopt(_ layer: CALayer) -> Bool {
        if isDescendant(of: layer) {
            AnimationDiagnostics.report("a layer cannot be added under itself or its own descendant; ignored")
            return false
        }
        if layer.isPresentationCopy || isPresentationCopy {
            AnimationDiagnostics.report("presentation layers cannot join a layer tree; ignored")
            return false
        }
        return true
    }
}
