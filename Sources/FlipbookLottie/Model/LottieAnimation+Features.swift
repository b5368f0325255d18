import Foundation

extension LottieAnimation {
    /// What Flipbook does not draw of this animation, one line per feature with the layers
    /// that use it, in a stable order; empty when everything plays.
    public var unsupportedFeatures: [String] {
        var found: [String: [String]] = [:]
        func note(_ feature: String, _ layer: LottieLayer) {
            let name = layer.name.map { "“\($0)”" } ?? "#\(layer.index.map(String.init) ?? "?")"
            if found[feature]?.contains(name) != true { found[feature, default: []].append(name) }
        }
        func visit(_ items: [LottieShapeItem], in layer: LottieLayer) {
            for item in items {
                switch item {
                case .group(let group): visit(group.items ?? [], in: layer)
                case .gradientFill(let fill) where fill.paint.animatesHighlight: note("animated radial gradient highlights (the first frame's is kept)", layer)
                case .gradientStroke(let stroke) where stroke.paint.animatesHighlight: note("animated radial gradient highlights (the first frame's is kept)", layer)
                case .repeater(let repeater) where repeater.copies?.isAnimated == true: note("repeaters whose number of copies changes (the first frame's is kept)", layer)
                case .merge(let merge) where !(1...5).contains(merge.mode ?? 1): note("merge paths of mode \(merge.mode ?? 1) (drawn as plain merges)", layer)
                case .unsupported(let type, _): note("shape items of type \"\(type)\"", layer)
                case .rectangle, .ellipse, .path, .fill, .stroke, .transform, .polystar, .trim, .gradientFill, .gradientStroke, .repeater, .roundedCorners, .merge, .offsetPath, .puckerBloat: break
                }
            }
        }
        for layer in layers + assets.flatMap({ $0.layers ?? [] }) {
            switch layer.kind {
            case .text(nil): note("text layers without a text document", layer)
            case .unsupported(let type): note("layers of type \(type)" + ([6: " (audio)", 13: " (camera)", 15: " (data)"][type] ?? ""), layer)
            case .shape(let items): visit(items, in: layer)
            case .precomposition, .solid, .null, .image, .text: break
            }
            for effect in LottieEffectLayers.undrawn(layer.effects) {
                note(effect.showsShadowOnly ? "drop shadows shown alone (the layer is drawn, without them)" : "effects (\(effect.kind))", layer)
            }
            if layer.is3D || layer.transform.turnsIn3D { note("3-D layers (drawn without perspective)", layer) }
            if layer.autoOrient, case .split? = layer.transform.position { note("auto-orient with separate x and y positions", layer) }
            if !LottieMaskLayers.canDraw(layer.masks) { note("masks that add after a subtract or intersect, lighten, darken or take the difference at part opacity", layer) }
            if let mode = layer.matteMode, mode > 4 { note("track mattes of mode \(mode)", layer) }
            if layer.blendMode != 0, LottieLayerBuilder.compositingFilters[layer.blendMode] == nil { note("blend mode \(layer.blendMode)", layer) }
        }
        var lines = found.keys.sorted().map { "\($0): \(found[$0]!.joined(separator: ", "))" }
        if expressionCount > 0 { lines.insert("expressions: \(expressionCount) properties (their keyframes play)", at: 0) }
        return lines
    }

    /// How many properties of `data` carry an After Effects expression (`"x": "…"`, JSON
    /// whitespace allowed around the colon). A scan of the bytes: a regular expression
    /// took a third as long as decoding the file (534 M instructions over lottie-web's
    /// 1.1 MB bodymovin).
    static func expressions(in data: Data) -> Int {
        data.withUnsafeBytes { bytes in
            func isSpace(_ i: Int) -> Bool {
                i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D)
            }
            func byte(_ i: Int, is character: Unicode.Scalar) -> Bool { i < bytes.count && bytes[i] == UInt8(ascii: character) }
            /// Where the expression starting at `start` ends (past the quote opening its
            /// text); nil when none starts there.
            func expression(at start: Int) -> Int? {
                guard byte(start, is: "\""), byte(start + 1, is: "x"), byte(start + 2, is: "\"") else { return nil }
                var i = start + 3
                while isSpace(i) { i += 1 }
                guard byte(i, is: ":") else { return nil }
                i += 1
                while isSpace(i) { i += 1 }
                return byte(i, is: "\"") ? i + 1 : nil
            }
            var count = 0, i = 0
            while i < bytes.count {
                if let end = expression(at: i) {
                    count += 1
                    i = end
                } else {
                    i += 1
                }
            }
            return count
        }
    }
}

extension LottieAnimation {
    /// Layers in the animation, its precompositions' included.
    public var layerCount: Int { layers.count + assets.reduce(0) { $0 + ($1.layers?.count ?? 0) } }

    /// Precompositions among the assets.
    public var precompositionCount: Int { assets.filter { $0.layers != nil }.count }
}
