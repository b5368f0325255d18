import FlipbookAnimation
import FlipbookFilters
import FlipbookGraphics
import Foundation

/// Turns a `LottieAnimation` into a Core Animation layer tree whose animations play it, so
/// that Flipbook's one timing model drives everything and any frame renders through
/// `CARenderer`. The composition's layer time is `LottieTimeline`'s: frame `f` at
/// `origin + f / framerate` seconds.
///
/// Each Lottie layer becomes its parents' transforms (without their opacity, as in After
/// Effects), its own transform (position and rotation, then scale, then the anchor point
/// moved to the origin) and its content — shapes, a solid, or a precomposition's layers in
/// their own time — shown from its in point until its out point.
struct LottieLayerBuilder {
    let animation: LottieAnimation
    /// Gives text layers their text (nil: the file's).
    var textProvider: AnimationKeypathTextProvider?
    /// The colours of the fills and strokes built, by keypath.
    let colors = LottieColorTargets()
    private let precompositions: [String: [LottieLayer]]
    private let pictures: [String: LottieAsset]

    init(animation: LottieAnimation) {
        self.animation = animation
        var precompositions: [String: [LottieLayer]] = [:], pictures: [String: LottieAsset] = [:]
        for asset in animation.assets {
            if let layers = asset.layers { precompositions[asset.id] = layers } else { pictures[asset.id] = asset }
        }
        self.precompositions = precompositions
        self.pictures = pictures
    }

    /// The composition: its layers in a container of the animation's size, clipped to it.
    /// Reports what it leaves out (`LottieAnimation.unsupportedFeatures`).
    func makeLayer() -> CALayer {
        for feature in animation.unsupportedFeatures { LottieDiagnostics.report("Lottie \(animation.name.map { "“\($0)”" } ?? "animation") does not draw \(feature)") }
        let root = composition(animation.layers, size: animation.size, timeline: LottieTimeline(framerate: animation.framerate), names: [])
        root.masksToBounds = true
        return root
    }

    /// `layers` in a container of `size`, the first layer on top.
    /// `names` lead to the composition in keypaths (the precomposition layers' names).
    private func composition(_ layers: [LottieLayer], size: CGSize, timeline: LottieTimeline, names: [String]) -> CALayer {
        let container = CALayer()
        container.anchorPoint = .zero
        container.bounds = CGRect(origin: .zero, size: size)
        // Layers by the index parents and mattes name them by (the first of equal ones).
        let indexed = Dictionary(layers.compactMap { layer in layer.index.map { ($0, layer) } }, uniquingKeysWith: { first, _ in first })
        for (index, layer) in layers.enumerated().reversed() where !layer.hidden && !layer.isMatte {
            // A track matte: the layer the file names, or the one above, masks by its alpha
            // or, through CIMaskToAlpha, its luminance (inverted: an opaque cover composited
            // source-out over it keeps what the matte does not).
            var matte: LottieLayer?
            if let mode = layer.matteMode, (1...4).contains(mode) {
                matte = layer.matteParent.flatMap { indexed[$0] } ?? (index > 0 ? layers[index - 1] : nil)
            }
            let made = make(layer, among: indexed, timeline: timeline, names: names, untransformed: matte != nil)
            if let mode = layer.matteMode, let matte {
                let shape = make(matte, among: indexed, timeline: timeline, names: names)
                if mode >= 3 { shape.filters = [CIFilter.maskToAlpha()] }
                if mode % 2 == 1 {
                    made.mask = shape
                } else {
                    // The cover reaches past the composition by its size on every side,
                    // so that no edge of its own meets the layer's: the layer is kept where
                    // the matte is not (the layer times one less the matte's alpha, as
                    // lottie-web and ThorVG keep it) and drawn destination-out.
                    let inverted = CALayer(), cover = CALayer()
                    cover.frame = CGRect(origin: .zero, size: size).insetBy(dx: -size.width, dy: -size.height)
                    cover.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                    cover.compositingFilter = "sourceOutCompositing"
                    inverted.addSublayer(shape)
                    inverted.addSublayer(cover)
                    made.mask = inverted
                }
            }
            made.compositingFilter = Self.compositingFilters[layer.blendMode]
            container.addSublayer(made)
        }
        return container
    }

    /// Lottie's blend modes (`bm`) as Core Image's compositing filters.
    static let compositingFilters = [
        1: "multiplyBlendMode", 2: "screenBlendMode", 3: "overlayBlendMode", 4: "darkenBlendMode", 5: "lightenBlendMode",
        6: "colorDodgeBlendMode", 7: "colorBurnBlendMode", 8: "hardLightBlendMode", 9: "softLightBlendMode",
        10: "differenceBlendMode", 11: "exclusionBlendMode", 12: "hueBlendMode", 13: "saturationBlendMode",
        14: "colorBlendMode", 15: "luminosityBlendMode", 16: "additionCompositing",
    ]

    /// One layer in its composition: its parents' transforms and its own around its
    /// content, shown from its in point until its out point. `untransformed`: in a layer of
    /// its own outside the transforms (a track matte masks that one in the composition's
    /// space).
    private func make(_ layer: LottieLayer, among indexed: [Int: LottieLayer], timeline: LottieTimeline, names: [String],
                      untransformed: Bool = false) -> CALayer {
        // Keyframe times are the composition's frames whatever the layer's start time, which
        // moves only a precomposition's content (lottie-web takes the start time off both
        // the frame and the keyframe's time).
        // Turns in 3-D compose in 3-D, flattened once outside them all.
        let ancestors = ancestors(of: layer, among: indexed)
        let keepsDepth = (ancestors + [layer]).filter(\.transform.turnsIn3D).count > 1
        var chain: [(top: CALayer, inner: CALayer)] = ancestors.map { ancestor in
            LottieTransformLayers.make(ancestor.transform, timeline: timeline, opacity: false, keepingDepth: keepsDepth)
        }
        chain.append(LottieTransformLayers.make(layer.transform, timeline: timeline, opacity: true, autoOrient: layer.autoOrient,
                                                keepingDepth: keepsDepth))
        for (outer, inner) in zip(chain, chain.dropFirst()) { outer.inner.addSublayer(inner.top) }
        // The content, with its effects, in the layer's own space, under its transform.
        LottieEffectLayers.apply(layer.effects, to: chain[chain.count - 1].inner, timeline: timeline) {
            content(of: layer, timeline: timeline, names: names + [layer.name ?? ""]).map {
                LottieMaskLayers.masked($0, by: layer.masks, timeline: timeline)
            }
        }
        var made = chain[0].top
        if untransformed {
            made = CALayer()
            made.anchorPoint = .zero
            made.addSublayer(chain[0].top)
        }
        // Shown while in point ≤ frame < out point: hidden as a model value, shown by an
        // animation active over exactly that span.
        made.isHidden = true
        if timeline.remap != nil {
            // A remapped clock may show the span in pieces, or backwards.
            let shown = timeline.sampled(keyPath: "hidden", over: layer.inPoint...max(layer.outPoint, layer.inPoint)) { frame in
                !(layer.inPoint <= frame && frame < layer.outPoint)
            }
            shown.calculationMode = .discrete
            made.add(shown, forKey: "shown")
        } else {
            let shown = CAKeyframeAnimation(keyPath: "hidden")
            shown.values = [false]
            shown.calculationMode = .discrete
            shown.beginTime = timeline.time(ofFrame: layer.inPoint)
            shown.duration = max(layer.outPoint - layer.inPoint, 0) / animation.framerate
            shown.isRemovedOnCompletion = false
            if shown.duration > 0 { made.add(shown, forKey: "shown") }
        }
        return made
    }

    /// The clock of a precomposition layer's content when it is time-remapped (lottie-web:
    /// the remap's seconds, at the parent composition's frame, times the frame rate) or
    /// lies inside a remapped one: its frame at each frame of the outer composition.
    private static func remappedTimeline(of layer: LottieLayer, in timeline: LottieTimeline) -> LottieTimeline {
        let framerate = timeline.framerate, start = layer.startTime, stretch = layer.timeStretch
        let outer = timeline.remap
        let frame: @Sendable (Double) -> Double
        switch (layer.timeRemap, outer) {
        case let (remap?, outer?): frame = { remap.value(atFrame: outer.frame($0)).value * framerate }
        case let (remap?, nil): frame = { remap.value(atFrame: $0).value * framerate }
        case let (nil, outer?): frame = { (outer.frame($0) - start) / stretch }
        case (nil, nil): frame = { ($0 - start) / stretch }
        }
        let span = outer?.span ?? layer.inPoint...max(layer.outPoint, layer.inPoint)
        return LottieTimeline(framerate: framerate, remap: LottieTimeline.Remap(frame: frame, span: span, phase: outer?.phase ?? timeline.phase))
    }

    /// The layers whose transforms apply to `layer`, the topmost first; a parent that does
    /// not exist ends the chain (cycles were refused when the file was read).
    private func ancestors(of layer: LottieLayer, among indexed: [Int: LottieLayer]) -> [LottieLayer] {
        var chain: [LottieLayer] = []
        var next = layer.parent
        while let index = next, let parent = indexed[index], chain.count < indexed.count {
            chain.insert(parent, at: 0)
            next = parent.parent
        }
        return chain
    }

    /// What the layer draws inside its transform.
    private func content(of layer: LottieLayer, timeline: LottieTimeline, names: [String]) -> CALayer? {
        switch layer.kind {
        case .shape(let items):
            return LottieShapeBuilder(timeline: timeline, colors: colors, names: names).group(items)
        case let .solid(color, width, height):
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            solid.backgroundColor = Self.color(hex: color)
            return solid
        case let .precomposition(id, width, height):
            guard let layers = precompositions[id] else { return nil }
            let size = CGSize(width: width ?? animation.size.width, height: height ?? animation.size.height)
            guard layer.timeRemap != nil || timeline.remap != nil else {
                let inner = timeline.precomposition(startingAt: layer.startTime, stretch: layer.timeStretch)
                let content = composition(layers, size: size, timeline: inner, names: names)
                content.masksToBounds = true
                // Its frame c′ = (c − st) / sr: layer time (t − origin − st/fr) / sr + origin.
                content.beginTime = LottieTimeline.origin + layer.startTime / animation.framerate
                content.speed = Float(1 / layer.timeStretch)
                content.timeOffset = LottieTimeline.origin
                return content
            }
            let remapped = Self.remappedTimeline(of: layer, in: timeline)
            let content = composition(layers, size: size, timeline: remapped, names: names)
            content.masksToBounds = true
            return content
        case .image(let id):
            guard let asset = pictures[id] else {
                LottieDiagnostics.report("Lottie image layer \(layer.name.map { "“\($0)”" } ?? "") shows nothing: there is no image asset “\(id)”")
                return nil
            }
            switch asset.image(in: animation.imageFolder) {
            case .success(let image):
                let picture = CALayer()
                picture.anchorPoint = .zero
                picture.bounds = CGRect(x: 0, y: 0, width: asset.width ?? Double(image.width), height: asset.height ?? Double(image.height))
                picture.contents = image
                return picture
            case .failure(let problem):
                LottieDiagnostics.report("Lottie image asset “\(id)” shows nothing: \(problem.reason)")
                return nil
            }
        case .text(var document?):
            document.text = textProvider?.text(for: AnimationKeypath(keys: names), sourceText: document.text) ?? document.text
            return Self.text(document)
        case .null, .text(nil), .unsupported:
            return nil
        }
    }

    /// A text document's glyph outlines, filled: the first line's baseline at y = 0, lines
    /// starting at x = 0 (left), ending there (right) or centred on it (lottie-spec's
    /// justification 0, 1 and 2). Lottie breaks lines with carriage returns.
    private static func text(_ document: LottieTextDocument) -> CALayer {
        let string = document.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let size = CGFloat(document.fontSize)
        let measured = TextLayout(string: string, fontName: document.fontName, fontSize: size)
        let width = measured.lineWidths.max() ?? 0
        let alignment: TextLayout.Alignment = [1: .right, 2: .center][document.justification] ?? .left
        let layout = TextLayout(string: string, fontName: document.fontName, fontSize: size, width: width, alignment: alignment)
        let shift: CGFloat = document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        var place = CGAffineTransform(translationX: shift, y: -(layout.baselines.first ?? 0))
        layer.path = layout.path.copy(using: &place)
        let color = document.fillColor ?? [0, 0, 0]
        layer.fillColor = LottieVector(color).color
        return layer
    }

    /// A solid's `#rrggbb` as an opaque colour; black when it is not one.
    static func color(hex: String) -> CGColor {
        (hex.filter(\.isHexDigit).count == 6 ? CGColor(hex: hex) : nil) ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    }
}
