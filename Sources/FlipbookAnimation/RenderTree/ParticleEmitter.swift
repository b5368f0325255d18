import Foundation

/// A `CAEmitterLayer`'s particles at one moment, computed rather than simulated step by
/// step: a cell emits its particle k when its local time crosses `k / birthRate`, and
/// everything about that particle (lifetime, where it starts, direction, speed, scale,
/// spin, colour) comes from a hash of the layer's `seed`, the cell's place in the cell
/// tree and k. A particle's state at age a is then closed-form (position p₀ + v·a + ½·g·a²,
/// scale, spin and colour changing linearly at their speeds), so any frame renders alone,
/// in any order, on any thread, identically.
///
/// - Emission directions: `emissionLongitude` from +x towards +y (clockwise on screen),
///   spread ±`emissionRange`/2. The layer's birthRate, lifetime, velocity, scale and spin
///   multiply those of every cell, sub-cells included.
/// - Cell timing: a cell emits while `0 ≤ (t − beginTime)·speed < active duration` in its
///   parent's time (a `duration` of 0 emits for ever; repeatCount and repeatDuration
///   lengthen it), its births falling where its local time plus `timeOffset` crosses
///   multiples of 1/birthRate; its particles age at its `speed`. A cell with speed ≤ 0
///   emits nothing.
/// - Sub-cells (a cell's `emitterCells`): each particle is an emitter of its own while it
///   lives, with its age as the sub-cells' parent time — fireworks are a rocket cell whose
///   sub-cell begins near the end of the rocket's lifetime. Sub-particles start where their
///   parent is at their birth and move in their own directions (no velocity inherited).
/// - Cells draw their `contents` image centred on the particle, its colours multiplied by
///   the particle's; a cell without contents draws nothing but still emits its sub-cells.
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
        /// When the particle was born, in seconds of emitter time.
        var birth: Double
        let image: CGImage
        let imageScale: CGFloat
    }

    /// Where emitted particles come from: the layer's emitter shape, or a parent particle.
    private struct Source {
        /// The source's path: position at a time of its own clock (nil: the emitter shape).
        var motion: Motion?
        /// How long the source lasts on its own clock (a particle emits only while alive).
        var life: Double
        /// Emitter time when the source's clock read 0, and its seconds per emitter second.
        var origin: Double
        var rate: Double
        /// Distinguishes the random streams of cells under different parent particles
        /// (nil for the emitter, whose cells' streams are their indices).
        var stream: UInt64?
    }

    /// p₀ + v·a + ½·g·a².
    private struct Motion {
        var start: SIMD2<Double>, velocity: SIMD2<Double>, acceleration: SIMD2<Double>

        func position(at age: Double) -> SIMD2<Double> {
            start + velocity * age + acceleration * (age * age / 2)
        }
    }

    /// Every particle alive `elapsed` seconds after emission began, oldest first.
    func particles(at elapsed: Double) -> [Particle] {
        guard elapsed >= 0, let cells = state.emitterCells?.cells else { return [] }
        var result: [Particle] = []
        emit(cells, from: Source(motion: nil, life: .infinity, origin: 0, rate: 1, stream: nil), now: elapsed, into: &result)
        return result.sorted { $0.birth < $1.birth }
    }

    /// The particles of `cells` (and of their sub-cells) alive when the source's clock
    /// reads `now`.
    private func emit(_ cells: [EmitterCellState], from source: Source, now: Double, into result: inout [Particle]) {
        for (c, cell) in cells.enumerated() where cell.isEnabled {
            let timing = cell.timing
            let rate = cell.birthRate * state.birthRate, speed = timing.speed
            guard rate > 0, rate.isFinite, speed > 0 else { continue }
            let active = timing.duration == 0 && timing.repeatDuration == 0 ? .infinity : timing.activeDuration
            // Births are at parent times p_k = beginTime + (k/rate − timeOffset)/speed, from
            // beginTime up to now, before the cell stops being active or the source dies;
            // the oldest that can still show (itself or through its descendants) was born
            // `reach(cell)` ago.
            let stop = min(timing.beginTime + active / speed, source.life)
            let earliest = max(timing.beginTime, now - reach(of: cell))
            let first = Int((((earliest - timing.beginTime) * speed + timing.timeOffset) * rate).rounded(.up))
            let last = Int((((min(now, stop) - timing.beginTime) * speed + timing.timeOffset) * rate).rounded(.down))
            guard now >= timing.beginTime, last >= first else { continue }
            let stream = source.stream.map { ParticleRandom.mix($0, UInt64(c)) } ?? UInt64(c)
            for k in first...last {
                let born = timing.beginTime + (Double(k) / rate - timing.timeOffset) / speed
                guard born >= timing.beginTime, born <= now, born < stop else { continue }
                let age = (now - born) * speed
                var random = ParticleRandom(seed: seed, stream: stream, particle: k)
                let lifetime = (cell.lifetime + cell.lifetimeRange * random.signed()) * state.lifetime
                var start: SIMD2<Double>
                if let parent = source.motion {
                    start = parent.position(at: born)
                } else {
                    let point = emissionPoint(&random)
                    start = SIMD2(Double(point.x), Double(point.y))
                }
                let angle = cell.emissionLongitude + cell.emissionRange * random.signed() / 2
                let velocity = (cell.velocity + cell.velocityRange * random.signed()) * state.velocity
                let motion = Motion(start: start, velocity: SIMD2(cos(angle), sin(angle)) * velocity,
                                    acceleration: SIMD2(cell.xAcceleration, cell.yAcceleration))
                let scale = cell.scale + cell.scaleRange * random.signed()
                let spin = (cell.spin + cell.spinRange * random.signed()) * state.spin
                let base = cell.color ?? SIMD4(1, 1, 1, 1)
                let ranges = SIMD4(cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange)
                let offsets = SIMD4(random.signed(), random.signed(), random.signed(), random.signed())
                let birth = source.origin + born / source.rate
                if age < lifetime, let image = cell.contents as? CGImage {
                    let speeds = SIMD4(cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
                    let color = (base + ranges * offsets + speeds * age).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                    let position = motion.position(at: age)
                    result.append(Particle(position: CGPoint(x: position.x, y: position.y),
                                           scale: CGFloat(max(0, (scale + cell.scaleSpeed * age) * state.scale)),
                                           rotation: CGFloat(spin * age), color: color, birth: birth, image: image,
                                           imageScale: cell.contentsScale > 0 ? CGFloat(cell.contentsScale) : 1))
                }
                if !cell.emitterCells.isEmpty {
                    let particle = Source(motion: motion, life: lifetime, origin: birth, rate: source.rate * speed,
                                          stream: ParticleRandom.mix(stream, UInt64(k)))
                    emit(cell.emitterCells, from: particle, now: age, into: &result)
                }
            }
        }
    }

    /// How long after its birth, in its parent's time, a particle of `cell` or one of its
    /// descendants can still be alive.
    private func reach(of cell: EmitterCellState) -> Double {
        let longest = (cell.lifetime + abs(cell.lifetimeRange)) * state.lifetime
        let descendants = cell.emitterCells.map(reach).max() ?? 0
        return (max(0, longest) + descendants) / cell.timing.speed
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
    /// for `additive`). A particle's colour multiplies its sprite's: a white sprite is its
    /// alpha filled with the colour, any other is tinted pixel by pixel.
    func draw(at elapsed: Double, renderMode: CAEmitterLayerRenderMode, in context: CGContext) {
        var particles = particles(at: elapsed)
        if renderMode == .oldestLast { particles.reverse() }
        var whiteness: [ObjectIdentifier: Bool] = [:]
        context.saveGState()
        if renderMode == .additive { context.setBlendMode(.plusLighter) }
        for particle in particles where particle.scale > 0 && particle.color.w > 0 {
            let width = CGFloat(particle.image.width) / particle.imageScale * particle.scale
            let height = CGFloat(particle.image.height) / particle.imageScale * particle.scale
            let rect = CGRect(x: -width / 2, y: -height / 2, width: width, height: height)
            context.saveGState()
            context.translateBy(x: particle.position.x, y: particle.position.y)
            context.rotate(by: particle.rotation)
            let key = ObjectIdentifier(particle.image)
            let white = whiteness[key] ?? Self.isWhite(particle.image)
            whiteness[key] = white
            if white {
                context.clip(to: rect, mask: particle.image)
                context.setFillColor(AnimatableValue.cgColor(particle.color))
                context.fill(rect)
            } else if let tinted = Self.tint(particle.image, by: particle.color) {
                context.draw(tinted, in: rect)
            }
            context.restoreGState()
        }
        context.restoreGState()
    }

    /// Whether every pixel of `image` is white at some alpha (premultiplied r = g = b = a).
    private static func isWhite(_ image: CGImage) -> Bool {
        image.withUnsafePremultipliedBytes { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = bytes[i + 3]
                guard bytes[i] == alpha, bytes[i + 1] == alpha, bytes[i + 2] == alpha else { return false }
            }
            return true
        }
    }

    /// `image` with every premultiplied component multiplied by the straight colour `color`
    /// (its alpha too).
    private static func tint(_ image: CGImage, by color: SIMD4<Double>) -> CGImage? {
        let factors = SIMD4(color.x * color.w, color.y * color.w, color.z * color.w, color.w)
        var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
        image.withUnsafePremultipliedBytes { bytes in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                for c in 0..<4 {
                    pixels[i + c] = UInt8((Double(bytes[i + c]) * factors[c]).rounded())
                }
            }
        }
        return try? CGImage(width: image.width, height: image.height, pixels: Data(pixels),
                            layout: .rgba(premultiplied: true))
    }
}

/// Random numbers for one particle: SplitMix64 seeded from the emitter seed, the cell and
/// the particle's number, so each particle's draws never depend on any other's.
struct ParticleRandom {
    private var state: UInt64

    /// The stream for particle `particle` of the cell stream `stream` (a top-level cell's
    /// stream is its index).
    init(seed: UInt32, stream: UInt64, particle: Int) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ stream &* 0xBF58_476D_1CE4_E5B9
            ^ UInt64(truncatingIfNeeded: particle) &* 0x94D0_49BB_1331_11EB
    }

    /// A stream number for `child` under `parent`, well mixed.
    static func mix(_ parent: UInt64, _ child: UInt64) -> UInt64 {
        var random = ParticleRandom(seed: 0, stream: parent, particle: Int(truncatingIfNeeded: child))
        return random.next()
    }

    mutating func next() -> UInt64 {
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
