import FlipbookAnimation
import FlipbookGraphics

extension Gallery {
    /// Seed 004's year-end piece: the article closes its talk at a year-end party
    /// (望年会) with something made of Core Animation. Confetti from an emitter, a
    /// replicated ring of dots chasing round, and the title springing in.
    static let finaleScene = GalleryScene(
        name: "finale", title: "Seed 004 · the year-end finale",
        summary: "CAEmitterLayer confetti, a CAReplicatorLayer ring and CATextLayer titles springing in: the article's party piece.",
        size: CGSize(width: 360, height: 360)
    ) { size, settings in
        let root = CAGradientLayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.colors = [CGColor(srgbRed: 0.05, green: 0.07, blue: 0.2, alpha: 1), CGColor(srgbRed: 0.2, green: 0.08, blue: 0.3, alpha: 1)]
        root.addSublayer(finaleRing(in: size))
        for (index, (text, fontSize)) in [("望年会", size.width / 6), ("Core Animation · Flipbook", size.width / 22)].enumerated() {
            root.addSublayer(finaleTitle(text, fontSize: fontSize, centre: CGPoint(x: size.width / 2, y: size.height * (index == 0 ? 0.47 : 0.6)),
                                         width: size.width, delay: 0.3 + 0.4 * Double(index)))
        }
        root.addSublayer(confetti(in: size, seed: UInt32(truncatingIfNeeded: settings.randomSeed)))
        return GalleryStage(layer: root, duration: 4)
    }

    /// Sixteen gold dots on a ring, each pulsing a sixteenth of a second after the last,
    /// the ring turning slowly.
    @MainActor
    static func finaleRing(in size: CGSize) -> CALayer {
        let radius = min(size.width, size.height) * 0.36
        let ring = CAReplicatorLayer()
        ring.frame = CGRect(x: size.width / 2 - radius, y: size.height / 2 - radius, width: 2 * radius, height: 2 * radius)
        ring.instanceCount = 16
        ring.instanceTransform = CATransform3DMakeRotation(2 * .pi / 16, 0, 0, 1)
        ring.instanceDelay = 1.0 / 16
        let dot = CALayer()
        dot.frame = CGRect(x: radius - 6, y: 0, width: 12, height: 12)
        dot.cornerRadius = 6
        dot.backgroundColor = CGColor(srgbRed: 1, green: 0.8, blue: 0.3, alpha: 1)
        ring.addSublayer(dot)
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1.4
        pulse.toValue = 0.4
        pulse.duration = 1
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = Double.pi / 2
        turn.duration = 4
        ring.add(turn, forKey: "turn")
        return ring
    }

    /// A centred line of white text fading in and springing from a third of its size
    /// after `delay` seconds (hidden until then by the group's backwards fill).
    @MainActor
    static func finaleTitle(_ text: String, fontSize: CGFloat, centre: CGPoint, width: CGFloat, delay: CFTimeInterval) -> CALayer {
        let title = CATextLayer()
        title.string = text
        title.fontSize = fontSize
        title.foregroundColor = CGColor(gray: 1, alpha: 1)
        title.alignmentMode = .center
        title.bounds = CGRect(x: 0, y: 0, width: width, height: fontSize * 1.3)
        title.position = centre
        let appear = CABasicAnimation(keyPath: "opacity")
        appear.fromValue = 0
        appear.toValue = 1
        appear.duration = 0.4
        let grow = CASpringAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.3
        grow.toValue = 1
        grow.damping = 8
        grow.duration = grow.settlingDuration
        let group = CAAnimationGroup()
        group.animations = [appear, grow]
        group.beginTime = CACurrentMediaTime() + delay
        group.duration = max(grow.duration, appear.duration)
        group.fillMode = .backwards
        title.add(group, forKey: "appear")
        return title
    }

    /// Confetti falling from the top edge: five colours of small spinning rectangles.
    @MainActor
    static func confetti(in size: CGSize, seed: UInt32) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(origin: .zero, size: size)
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: -10)
        emitter.emitterSize = CGSize(width: size.width, height: 1)
        emitter.seed = seed
        let piece = try? CGContext(width: 8, height: 4)
        piece?.setFillColor(CGColor(gray: 1, alpha: 1))
        piece?.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        let image = piece?.makeImage()
        emitter.emitterCells = [(1, 0.3, 0.4), (1, 0.8, 0.2), (0.3, 0.8, 0.5), (0.3, 0.6, 1), (0.9, 0.4, 0.9)].map { red, green, blue in
            let cell = CAEmitterCell()
            cell.contents = image
            cell.color = CGColor(srgbRed: red, green: green, blue: blue, alpha: 1)
            cell.birthRate = 6
            cell.lifetime = 6
            cell.velocity = 60
            cell.velocityRange = 40
            cell.emissionLongitude = .pi / 2
            cell.emissionRange = .pi / 4
            cell.yAcceleration = 60
            cell.spin = 3
            cell.spinRange = 4
            cell.scale = 1
            cell.scaleRange = 0.4
            return cell
        }
        return emitter
    }
}
