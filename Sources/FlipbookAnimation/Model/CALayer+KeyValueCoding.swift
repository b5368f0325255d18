extension CALayer {
    /// The value at a key path such as `"position.x"`, `"transform.rotation.z"` or
    /// `"sublayers.NAME.opacity"`; nil (with a diagnostic) for a key path Core Animation
    /// does not have.
    public func value(forKeyPath keyPath: String) -> Any? {
        if keyPath == "name" { return name }
        guard let (target, parsed) = resolve(keyPath) else { return nil }
        return parsed.read(from: target.state[parsed.property])?.anyValue
    }

    /// Sets the value at a key path, running the property's action as a direct change
    /// would. An unknown key path or a value of the wrong type is reported and ignored.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "name" {
            name = value as? String
            return
        }
        if keyPath.hasPrefix("emitterCells."), let emitter = self as? CAEmitterLayer {
            // The cell objects change, then the layer captures their values again.
            guard let (cell, key) = emitterCell(keyPath) else { return }
            guard cell.setValue(value, forKey: key) else {
                AnimationDiagnostics.report("value \(String(describing: value)) does not fit key path '\(keyPath)'; ignored")
                return
            }
            emitter.captureCells()
            markChanged()
            return
        }
        guard let (target, parsed) = resolve(keyPath) else { return }
        let converted = AnimatableValue(any: value)
        guard parsed.accepts(converted),
              let whole = parsed.write(converted, into: target.state[parsed.property]) else {
            AnimationDiagnostics.report("value \(String(describing: value)) does not fit key path '\(keyPath)'; ignored")
            return
        }
        target.setValue(whole, for: parsed.property)
    }

    /// `value(forKeyPath:)` for a single key.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// `setValue(_:forKeyPath:)` for a single key.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// The emitter cell `emitterCells.NAME[.emitterCells.NAME…].KEY` names and the key,
    /// or nil (reported) when there is no such cell or the cell has no such key.
    private func emitterCell(_ keyPath: String) -> (cell: CAEmitterCell, key: String)? {
        var parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var cells = (self as? CAEmitterLayer)?.emitterCells ?? []
        var cell: CAEmitterCell?
        while parts.count > 2, parts[0] == "emitterCells" {
            guard let next = cells.first(where: { $0.name == parts[1] }) else {
                AnimationDiagnostics.report("key path '\(keyPath)': no emitter cell named '\(parts[1])'")
                return nil
            }
            cell = next
            cells = next.emitterCells ?? []
            parts.removeFirst(2)
        }
        guard let cell, parts.count == 1, EmitterCellState.hasKey(parts[0]) else {
            AnimationDiagnostics.report("unknown key path '\(keyPath)'")
            return nil
        }
        return (cell, parts[0])
    }

    /// The layer a key path's hops lead to and the parsed key path, or nil (reported).
    private func resolve(_ keyPath: String) -> (CALayer, LayerKeyPath)? {
        guard let parsed = LayerKeyPath(keyPath) else {
            AnimationDiagnostics.report("unknown key path '\(keyPath)'")
            return nil
        }

        var target: CALayer = self
        for hop in parsed.hops {
            switch hop {
            case .mask:
                guard let mask = target.mask else {
                    AnimationDiagnostics.report("key path '\(keyPath)': the layer has no mask")
                    return nil
                }
                target = mask
            case .sublayer(let name):
                guard let sub = target.sublayerStorage.first(where: { $0.name == name }) else {
                    AnimationDiagnostics.report("key path '\(keyPath)': no sublayer named '\(name)'")
                    return nil
                }
                target = sub
            }
        }
        if let cell = parsed.cell {
            let cells = target.state.emitterCells?.cells ?? []
            // The first name along the path that finds no cell.
            if let missing = cell.names.indices.first(where: { EmitterCellState.cell(at: cell.names[...$0], in: cells) == nil }) {
                AnimationDiagnostics.report("key path '\(keyPath)': no emitter cell named '\(cell.names[missing])'")
                return nil
            }
        }
        return (target, parsed)
    }
}
