import Testing
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
@testable import FlipbookAnimation

/// When particles are born and where they are, as functions of the cell's timing and its
/// parent: births where the cell's local time crosses multiples of 1/birthRate while the
/// cell is active, particles ageing at the cell's speed, sub-cells emitting from their
/// parent particle while it lives.
@Suite struct ParticleEmitterTests {
    private let sprite: CGImage = {
        let context = try! CGContext(width: 2, height: 2)
        return context.makeImage()!
    }()

    private func cell(rate: Double = 10, lifetime: Double = 10, velocity: Double = 0, drawn: Bool = true,
                      timing: Timing = Timing(), cells: [EmitterCellState] = []) -> EmitterCellState {
        var cell = EmitterCellState()
        (cell.birthRate, cell.lifetime, cell.velocity, cell.timing, cell.emitterCells) = (rate, lifetime, velocity, timing, cells)
        if drawn { cell.contents = sprite }
        return cell
    }

    private func particles(_ cells: [EmitterCellState], at time: Double, seed: UInt32 = 1) -> [ParticleEmitter.Particle] {
        var state = LayerState()
        state.emitterCells = EmitterCellList(cells)
        state.emitterPosition = CGPoint(x: 100, y: 50)
        return ParticleEmitter(state: state, shape: .point, mode: .volume, seed: seed).particles(at: time)
    }

    private func births(_ cells: [EmitterCellState], at time: Double) -> [Double] {
        particles(cells, at: time).map { ($0.birth * 1000).rounded() / 1000 }
    }

    @Test func birthsAtMultiplesOfTheBirthInterval() {
        #expect(births([cell()], at: 0.35) == [0, 0.1, 0.2, 0.3])
        #expect(births([cell(lifetime: 0.25)], at: 0.36) == [0.2, 0.3])  // older ones have died
    }

    @Test func beginTimeDelaysEmission() {
        let late = cell(timing: Timing(beginTime: 1))
        #expect(births([late], at: 0.95).isEmpty)
        #expect(births([late], at: 1.25) == [1, 1.1, 1.2])
    }

    /// A duration bounds the half-open active interval; repeats lengthen it; 0 is for ever.
    @Test func durationEndsEmission() {
        #expect(births([cell(timing: Timing(duration: 0.5))], at: 2) == [0, 0.1, 0.2, 0.3, 0.4])
        #expect(births([cell(timing: Timing(duration: 0.2, repeatCount: 2))], at: 2) == [0, 0.1, 0.2, 0.3])
        #expect(births([cell()], at: 2).count == 21)
    }

    @Test func speedQuickensBirthsAndAgeing() {
        let fast = cell(velocity: 10, timing: Timing(speed: 2))
        #expect(births([fast], at: 0.2) == [0, 0.05, 0.1, 0.15, 0.2])
        // Born at 0 and 0.1 s on, it has aged 0.2 s and moved 2 points along +x.
        #expect(abs(particles([fast], at: 0.1)[0].position.x - 102) < 1e-9)
        #expect(births([cell(timing: Timing(speed: 0))], at: 1).isEmpty)
    }

    @Test func timeOffsetShiftsTheBirthPhase() {
        #expect(births([cell(timing: Timing(timeOffset: 0.05))], at: 0.3) == [0.05, 0.15, 0.25])
    }

    /// A rocket (not drawn) flying right at 100 pt/s; its burst sub-cell begins half a
    /// second into the rocket's life and emits for a quarter second where the rocket is.
    @Test func subCellsEmitFromTheirParentParticle() {
        let burst = cell(rate: 20, lifetime: 1, timing: Timing(beginTime: 0.5, duration: 0.25))
        let rocket = cell(rate: 1, lifetime: 1, velocity: 100, drawn: false, cells: [burst])
        let sparks = particles([rocket], at: 1)
        #expect(sparks.map { ($0.birth * 1000).rounded() / 1000 } == [0.5, 0.55, 0.6, 0.65, 0.7])
        #expect(sparks.map { ($0.position.x * 1000).rounded() / 1000 } == [150, 155, 160, 165, 170])
        #expect(sparks.allSatisfy { $0.position.y == 50 })
        // Sparks outlive the rocket, but a dead rocket emits no more.
        #expect(particles([rocket], at: 1.45).count == 5)
        let shortRocket = cell(rate: 1, lifetime: 0.6, velocity: 100, drawn: false,
                               cells: [cell(rate: 20, lifetime: 1, timing: Timing(beginTime: 0.5))])
        #expect(births([shortRocket], at: 0.99) == [0.5, 0.55])
    }

    /// Each sub-particle draws its own numbers: sparks of one burst fly apart.
    @Test func subParticlesHaveTheirOwnRandomness() {
        var spark = cell(rate: 100, lifetime: 1, velocity: 50)
        spark.emissionRange = 2 * .pi
        let rocket = cell(rate: 2, lifetime: 0.2, velocity: 0, drawn: false, cells: [spark])
        let shown = particles([rocket], at: 0.6)
        let directions = Set(shown.map { Int(($0.position.x * 10).rounded()) })
        #expect(shown.count > 20 && directions.count > shown.count / 2)
        #expect(particles([rocket], at: 0.6).map(\.position) == shown.map(\.position))
        #expect(particles([rocket], at: 0.6, seed: 2).map(\.position) != shown.map(\.position))
    }

    /// A particle's colour multiplies its sprite's colours: a red-and-blue sprite drawn at
    /// colour (0.5, 1, 1) keeps its blue and halves its red; a white sprite takes the colour.
    @Test func colourMultipliesTheSprite() throws {
        func render(_ sprite: CGImage) throws -> CGImage {
            var spark = cell(rate: 1, lifetime: 10)
            (spark.contents, spark.scale, spark.color) = (sprite, 2, SIMD4(0.5, 1, 1, 1))
            var state = LayerState()
            state.emitterCells = EmitterCellList([spark])
            state.emitterPosition = CGPoint(x: 10, y: 10)
            let context = try CGContext(width: 20, height: 20)
            ParticleEmitter(state: state, shape: .point, mode: .volume, seed: 1).draw(at: 0.5, renderMode: .unordered, in: context)
            return try #require(context.makeImage())
        }
        var halves = [UInt8]()
        for _ in 0..<4 { halves += [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255] }
        let painted = try render(CGImage(width: 4, height: 4, pixels: Data(halves), layout: .rgba(premultiplied: true)))
        #expect(painted.pixel(8, 10) == [128, 0, 0, 255])
        #expect(painted.pixel(12, 10) == [0, 0, 255, 255])
        #expect(painted.pixel(2, 10)[3] == 0)
        let white = try render(CGImage(width: 4, height: 4, pixels: Data(repeating: 255, count: 64), layout: .rgba(premultiplied: true)))
        #expect(white.pixel(8, 10) == [128, 255, 255, 255])
    }
}
