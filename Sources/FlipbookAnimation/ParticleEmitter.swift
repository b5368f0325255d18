import Foundation

/// A `CAEmitterLayer`'s particles at one moment, computed rather than simulated step by
/// step: cell c emits particle k at `k / birthRate` seconds after the layer began
/// emitting, and everything about that particle (lifetime, where on the emitter shape it
/// starts, direction, speed, scale, spin, colour) comes from a hash of the layer's `seed`,
/// c and k. A particle's state at age a is then closed-form (position p₀ + v·a + ½·g·a²,
/// scale, spin and colour changing linearly at their speeds), so any frame renders alone,
/// in any order, on any thread, identically.
///
/// Emission directions: `emissionLongitude` from +x towards +y (clockwise on screen), spread
/// ±`emissionRange`/2. The layer's birthRate, lifetime, velocity, scale and spin multiply
/// each cell's. Cells draw their `contents` image centred on the particle, tinted by the
/// particle colour (exact for white sprites: the image's alpha masks the colour). Cells
/// of cells (sub-emitters) and per-cell timing are not simulated.
struct ParticleEmitter {
    let state: LayerState
    let shape: CAEmitterLayerEmitterShape
    let mode: CAEmitterLayerEmitterMode
    let seed: UInt32

    struct Particle {
        var position: CGPoint
        var scale: CGFloat
        var rotation: CGFloat
        var color: SIMD4<Double>
        var birth: Double
        let image: CGImage
        let imageScale: CGFloat
    }

    /// Every particle alive `elapsed` seconds after emission began, oldest first.
    func particles(at elapsed: Double) -> [Particle] {
        guard elapsed >= 0, let cells = state.emitterCells?.cells else { return [] }
        var result: [Particle] = []
        for (c, cell) in cells.enumerated() where cell.isEnabled {
            guard let image = cell.contents as? CGImage else { continue }
            let rate = cell.birthRate * state.birthRate
            let longest = (cell.lifetime + abs(cell.lifetimeRange)) * state.lifetime
            guard rate > 0, rate.isFinite, longest > 0 else { continue }
            let first = max(0, Int(((elapsed - longest) * rate).rounded(.up)))
            let last = Int((elapsed * rate).rounded(.down))
            guard last >= first else { continue }
            for k in first...last {
                let birth = Double(k) / rate
                let age = elapsed - birth
                var random = ParticleRandom(seed: seed, cell: c, particle: k)
                let lifetime = (cell.lifetime + cell.lifetimeRange * random.signed()) * state.lifetime
                guard age >= 0, age < lifetime else { continue }
                let origin = emissionPoint(&random)
                let angle = cell.emissionLongitude + cell.emissionRange * random.signed() / 2
                let speed = (cell.velocity + cell.velocityRange * random.signed()) * state.velocity
                let x = origin.x + speed * cos(angle) * age + cell.xAcceleration * age * age / 2
                let y = origin.y + speed * sin(angle) * age + cell.yAcceleration * age * age / 2
                let scale = max(0, (cell.scale + cell.scaleRange * random.signed() + cell.scaleSpeed * age) * state.scale)
                let spin = (cell.spin + cell.spinRange * random.signed()) * state.spin
                let base = cell.color ?? SIMD4(1, 1, 1, 1)
                let ranges = SIMD4(cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange)
                let speeds = SIMD4(cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
                let offsets = SIMD4(random.signed(), random.signed(), random.signed(), random.signed())
                let color = (base + ranges * offsets + speeds * age).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                let contentsScale = cell.contentsScale > 0 ? CGFloat(cell.contentsScale) : 1
                result.append(Particle(position: CGPoint(x: x, y: y), scale: CGFloat(scale), rotation: CGFloat(spin * age),
                                       color: color, birth: birth, image: image, imageScale: contentsScale))
            }
        }
        return result.sorted { $0.birth < $1.birth }
    }

    /// Where on the emitter shape a particle starts.
    private func emissionPoint(_ random: inout ParticleRandom) -> CGPoint {
        let centre = state.emitterPosition, size = state.emitterSize
        let outline = mode == .outline
        switch shape {
        case .line:
            return CGPoint(x: centre.x + size.width * random.signed() / 2, y: centre.y)
        case .rectangle, .cuboid:
            if outline {
                let perimeter = 2 * (size.width + size.height)
                var d = random.unit() * perimeter
                if d < size.width { return CGPoint(x: centre.x - size.width / 2 + d, y: centre.y - size.height / 2) }
                d -= size.width
                if d < size.height { return CGPoint(x: centre.x + size.width / 2, y: centre.y - size.height / 2 + d) }
                d -= size.height
                if d < size.width { return CGPoint(x: centre.x + size.width / 2 - d, y: centre.y + size.height / 2) }
                return CGPoint(x: centre.x - size.width / 2, y: centre.y + size.height / 2 - (d - size.width))
            }
            return CGPoint(x: centre.x + size.width * random.signed() / 2, y: centre.y + size.height * random.signed() / 2)
        case .circle, .sphere:
            let angle = random.unit() * 2 * .pi
            let radius = size.width / 2 * (outline ? 1 : random.unit().squareRoot())
            return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        default:
            return centre
        }
    }

    /// Draws the particles, oldest first (newest first for `oldestLast`; added together
    /// for `additive`).
    func draw(at elapsed: Double, renderMode: CAEmitterLayerRenderMode, in context: CGContext) {
        var particles = particles(at: elapsed)
        if renderMode == .oldestLast { particles.reverse() }
        context.saveGState()
        if renderMode == .additive { context.setBlendMode(.plusLighter) }
        for particle in particles where particle.scale > 0 && particle.color.w > 0 {
            let width = CGFloat(particle.image.width) / particle.imageScale * particle.scale
            let height = CGFloat(particle.image.height) / particle.imageScale * particle.scale
            let rect = CGRect(x: -width / 2, y: -height / 2, width: width, height: height)
            context.saveGState()
            context.translateBy(x: particle.position.x, y: particle.position.y)
            context.rotate(by: particle.rotation)
            context.clip(to: rect, mask: particle.image)
            context.setFillColor(AnimatableValue.cgColor(particle.color))
            context.fill(rect)
            context.restoreGState()
        }
        context.restoreGState()
    }
}

/// Random numbers for one particle: SplitMix64 seeded from the emitter seed, the cell and
/// the particle's number, so each particle's draws never depend on any other's.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(truncatingIfNeeded: particle) &* 0x94D0_49BB_1331_11EB
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Uniform in −1..<1.
    mutating func signed() -> Double { 2 * unit() - 1 }
}
