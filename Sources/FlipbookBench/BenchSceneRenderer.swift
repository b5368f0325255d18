import Flipbook

/// Flipbook's side of a `bench/scenes/` scene: everything a frame needs is prepared once
/// (paths parsed, pictures decoded, layer trees built), as the peers prepare theirs, and
/// `frame(_:)` does the per-frame work into one reused bitmap.
@MainActor
final class BenchSceneRenderer {
    let scene: BenchScene
    /// The number of frames a pass draws: 1 for a still.
    let frameCount: Int
    private let drawFrame: (Int) throws -> Void
    private let image: () throws -> CGImage

    /// Prepares `scene` with pictures from `assets`, on at most `threads` threads.
    init(_ scene: BenchScene, assets: BenchAssets, threads: Int) throws {
        self.scene = scene
        frameCount = scene.frames ?? 1
        switch scene.kind {
        case .draw:
            let context = try CGContext(width: scene.width, height: scene.height)
            context.maximumThreadCount = threads
            let draw = try Self.drawing(scene.operations ?? [], assets: assets)
            drawFrame = { _ in context.drawInBands(draw) }
            image = { try CARenderer.image(of: context) }
        case .layers, .flip:
            let renderer = CARenderer(layer: try Self.layerTree(scene, assets: assets),
                                      bounds: CGRect(x: 0, y: 0, width: scene.width, height: scene.height))
            renderer.maximumThreadCount = threads
            let time = { (index: Int) in (scene.duration ?? 1) * Double(index) / Double(scene.frames ?? 1) }
            let context = try CGContext(width: scene.width, height: scene.height)
            drawFrame = { renderer.render(at: time($0), into: context) }
            image = { try CARenderer.image(of: context) }
        case .transition:
            guard let settings = scene.transition, let filter = CIFilter(name: settings.filter) else {
                throw MediaError.invalidSettings("\(scene.name): no transition named \(scene.transition?.filter ?? "(none)")")
            }
            let frame = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
            filter.setValue(CIImage(cgImage: try assets.image(settings.source)), forKey: kCIInputImageKey)
            filter.setValue(CIImage(cgImage: try assets.image(settings.target)), forKey: kCIInputTargetImageKey)
            for key in filter.inputKeys {
                if key == kCIInputExtentKey { filter.setValue(CIVector(cgRect: frame), forKey: key) }
                if key == kCIInputCenterKey { filter.setValue(CIVector(x: frame.midX, y: frame.midY), forKey: key) }
            }
            for (key, value) in settings.inputs { filter.setValue(value, forKey: key) }
            let context = CIContext()
            context.maximumThreadCount = threads
            let bitmap = try CGContext(width: scene.width, height: scene.height)
            let frames = Double(scene.frames ?? 1)
            drawFrame = { index in
                filter.setValue(Double(index) / frames, forKey: kCIInputTimeKey)
                guard let output = filter.outputImage else { throw MediaError.invalidSettings("\(settings.filter) made no image") }
                context.render(output, toBitmap: bitmap.data!, rowBytes: bitmap.bytesPerRow, bounds: frame, format: .RGBA8, colorSpace: nil)
            }
            image = { try CARenderer.image(of: bitmap) }
        case .gif:
            throw MediaError.invalidSettings("\(scene.name): a GIF scene is encoded, not drawn")
        }
    }

    /// Draws frame `index` of the scene.
    func frame(_ index: Int) throws { try drawFrame(index) }

    /// The last frame drawn (or frame 0 of an animation nothing was drawn of yet).
    func lastImage() throws -> CGImage { try image() }

    /// The operations of a `draw` scene, prepared, as one closure drawing them all.
    static func drawing(_ operations: [BenchScene.Operation], assets: BenchAssets) throws -> (CGContext) -> Void {
        let steps = try operations.map { operation -> (CGContext) -> Void in
            let rect = operation.rect.map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } ?? .zero
            let color = BenchScene.color(operation.rgba ?? [0, 0, 0, 1])
            switch operation.op {
            case .fillPath:
                let path = try Self.path(operation.path ?? "")
                return { c in c.addPath(path); c.setFillColor(color); c.fillPath() }
            case .strokeRoundedRect:
                let radius = operation.radius ?? 0, width = operation.lineWidth ?? 1
                let path = CGPath(roundedRect: rect, cornerWidth: radius, cornerHeight: radius, transform: nil)
                return { c in c.setLineWidth(width); c.setStrokeColor(color); c.addPath(path); c.strokePath() }
            case .fillRect:
                return { c in c.setFillColor(color); c.fill(rect) }
            case .linearGradient:
                let stops = operation.stops ?? []
                let start = operation.start ?? [0, 0], end = operation.end ?? [0, 0]
                guard let gradient = CGGradient(colorsSpace: nil, colors: stops.map { BenchScene.color(Array($0.dropFirst())) },
                                                locations: stops.map { CGFloat($0[0]) }) else {
                    throw MediaError.invalidSettings("a gradient needs two stops or more")
                }
                return { c in
                    c.drawLinearGradient(gradient, start: CGPoint(x: start[0], y: start[1]), end: CGPoint(x: end[0], y: end[1]), options: [])
                }
            case .drawImage:
                let picture = try assets.image(operation.image ?? "")
                let m = operation.transform ?? [1, 0, 0, 1, 0, 0]
                let transform = CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
                return { c in
                    c.saveGState()
                    c.interpolationQuality = .low
                    c.concatenate(transform)
                    c.draw(picture, in: rect)
                    c.restoreGState()
                }
            }
        }
        return { c in for step in steps { step(c) } }
    }

    /// The path of "M x y", "L x y", "C x1 y1 x2 y2 x y" and "Z" commands.
    static func path(_ text: String) throws -> CGPath {
        let path = CGMutablePath()
        var tokens = text.split(separator: " ")[...]
        func numbers(_ count: Int) throws -> [CGPoint] {
            let values = tokens.prefix(count * 2).compactMap { Double($0) }
            guard values.count == count * 2 else { throw MediaError.invalidSettings("a path command lacks numbers: \(text.prefix(40))…") }
            tokens = tokens.dropFirst(count * 2)
            return stride(from: 0, to: values.count, by: 2).map { CGPoint(x: values[$0], y: values[$0 + 1]) }
        }
        while let command = tokens.popFirst() {
            switch command {
            case "M": path.move(to: try numbers(1)[0])
            case "L": path.addLine(to: try numbers(1)[0])
            case "C":
                let p = try numbers(3)
                path.addCurve(to: p[2], control1: p[0], control2: p[1])
            case "Z": path.closeSubpath()
            default: throw MediaError.invalidSettings("unknown path command \(command)")
            }
        }
        return path
    }

    /// The layer tree of a `layers` or `flip` scene, its animations added at media time 0.
    static func layerTree(_ scene: BenchScene, assets: BenchAssets) throws -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
        root.backgroundColor = BenchScene.color(scene.background ?? [1, 1, 1, 1])
        let duration = scene.duration ?? 1
        func animation(_ keyPath: String, _ from: Any, _ to: Any) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = duration
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
            return animation
        }
        var animated: [(CALayer, CABasicAnimation)] = []
        for spec in scene.layers ?? [] {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: spec.size[0], height: spec.size[1])
            layer.cornerRadius = spec.cornerRadius
            layer.backgroundColor = BenchScene.color(spec.rgba)
            layer.position = CGPoint(x: spec.from.position[0], y: spec.from.position[1])
            root.addSublayer(layer)
            let radians = { (degrees: Double) in degrees * .pi / 180 }
            animated += [(layer, animation("position", CGPoint(x: spec.from.position[0], y: spec.from.position[1]),
                                           CGPoint(x: spec.to.position[0], y: spec.to.position[1]))),
                         (layer, animation("transform.rotation.z", radians(spec.from.rotationDegrees), radians(spec.to.rotationDegrees))),
                         (layer, animation("opacity", spec.from.opacity, spec.to.opacity))]
        }
        if let flip = scene.flip {
            var perspective = CATransform3DIdentity
            perspective.m34 = flip.m34
            root.sublayerTransform = perspective
            let turn = flip.toDegrees * .pi / 180
            for (name, start) in [(flip.back, Double.pi), (flip.front, 0)] {
                let face = CALayer()
                face.bounds = CGRect(x: 0, y: 0, width: flip.size[0], height: flip.size[1])
                face.position = CGPoint(x: Double(scene.width) / 2, y: Double(scene.height) / 2)
                face.contents = try assets.image(name)
                face.isDoubleSided = false
                face.transform = CATransform3DMakeRotation(start, 1, 0, 0)
                root.addSublayer(face)
                animated.append((face, animation("transform.rotation.x", start, start + turn)))
            }
        }
        AnimationHost.shared.tick()
        for (index, (layer, animation)) in animated.enumerated() { layer.add(animation, forKey: "bench\(index)") }
        AnimationHost.shared.tick()
        return root
    }
}
