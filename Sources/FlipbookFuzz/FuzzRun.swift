import Foundation
import FlipbookGraphics
import FlipbookMedia

/// One format's fuzzing: mutated seeds through the decoders, each input written to
/// `current.bin` first (so a crash leaves it behind), timed, and a watchdog that ends the
/// process if one input runs for a minute.
final class FuzzRun: @unchecked Sendable {
    enum Limit {
        case seconds(Double)
        case inputs(Int)
    }

    struct Report {
        let format: FuzzFormat
        let inputs: Int
        let decoded: Int
        let refused: Int
        let hangs: Int
        let seconds: Double
        let slowest: Double
        let peakMiB: Int

        var line: String {
            String(format: "%@: %d inputs in %.1f s (%.0f a second): %d decoded, %d refused, %d hangs; slowest %.3f s; peak memory %d MiB",
                   format.rawValue, inputs, seconds, Double(inputs) / max(seconds, 1e-9), decoded, refused, hangs, slowest, peakMiB)
        }
    }

    /// An input slower than this is a hang.
    static let hangSeconds = 5.0

    private let format: FuzzFormat
    private let seeds: [Data]
    private var mutator: FuzzMutator
    private let output: URL
    private let current: Int32
    /// The index of the input being decoded and when it started (for the watchdog).
    private let progress = NSLock()
    private var running: (index: Int, start: Double)?

    init(format: FuzzFormat, seeds: [Data], randomSeed: UInt64, output: URL) {
        self.format = format
        self.seeds = seeds
        mutator = FuzzMutator(seed: randomSeed &+ UInt64(FuzzFormat.allCases.firstIndex(of: format) ?? 0))
        self.output = output
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        current = open(output.appendingPathComponent("current.bin").path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
    }

    deinit { close(current) }

    func run(_ limit: Limit) -> Report {
        guard !seeds.isEmpty else { return Report(format: format, inputs: 0, decoded: 0, refused: 0, hangs: 0, seconds: 0, slowest: 0, peakMiB: 0) }
        startWatchdog()
        let start = Self.now()
        var inputs = 0, decoded = 0, refused = 0, hangs = 0, slowest = 0.0
        func finished() -> Bool {
            switch limit {
            case .seconds(let seconds): Self.now() - start >= seconds
            case .inputs(let count): inputs >= count
            }
        }
        while !finished() {
            let seed = seeds[mutator.next(seeds.count)]
            let input = mutator.mutate(seed, other: seeds[mutator.next(seeds.count)])
            record(input)
            let began = Self.now()
            progress.withLock { running = (inputs, began) }
            if decode(input) { decoded += 1 } else { refused += 1 }
            let took = Self.now() - began
            slowest = max(slowest, took)
            if took > Self.hangSeconds {
                hangs += 1
                try? input.write(to: output.appendingPathComponent("hang-\(format.rawValue)-\(inputs).bin"))
            }
            inputs += 1
        }
        progress.withLock { running = nil }
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return Report(format: format, inputs: inputs, decoded: decoded, refused: refused, hangs: hangs,
                      seconds: Self.now() - start, slowest: slowest, peakMiB: usage.ru_maxrss / 1024)
    }

    /// Every decoder that reads the format; true when one gave an image.
    private func decode(_ data: Data) -> Bool {
        var any = false
        if format != .gif, (try? CGImage.decode(data)) != nil { any = true }
        if format != .jpeg, (try? AnimatedImage(data: data)) != nil { any = true }
        return any
    }

    /// Writes the input where a crash leaves it.
    private func record(_ input: Data) {
        _ = ftruncate(current, 0)
        input.withUnsafeBytes { raw in _ = pwrite(current, raw.baseAddress, raw.count, 0) }
    }

    /// Ends the process, naming the input, if one input runs for a minute.
    private func startWatchdog() {
        let thread = Thread { [self] in
            while true {
                sleep(5)
                let stuck = progress.withLock { running.map { Self.now() - $0.start > 60 ? $0.index : nil } ?? nil }
                if let stuck {
                    FileHandle.standardError.write(Data("flipbook-fuzz: input \(stuck) of \(format.rawValue) ran for a minute; it is \(output.path)/current.bin\n".utf8))
                    exit(3)
                }
            }
        }
        thread.start()
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
