import Flipbook
import FlipbookGallery
import FlipbookTestSupport

/// `flipbook-bench render`: layer trees rendered to 1920×1080 frames, against the cost of
/// one full-frame copy of 1920×1080 RGBA8 timed in the same run.
///
/// - seed 001's flip (rendered one frame at a time, the frame's bands on 1 and 2 threads,
///   and as a recording, frames on 1 and 2 threads);
/// - 200 rounded cards with shadows whose content is clipped by masksToBounds, moving;
/// - offscreen work: 20 cards in perspective, with sublayers and shadows (100 layers), on
///   their own and under a `CATransition` with `CIPageCurlTransition`, one frame (mid-curl)
///   on 1 and 2 threads (the frame tree resolves the planes, both pictures and the filter
///   once; the threads share only the rasterizing);
/// - a 2-second 30 fps GIF export of the flip, with its file size;
/// - peak memory, and resident memory along a 1,000-frame GIF export (it should not grow).
enum RenderBenchmark {
    static let width = 1920, height = 1080

    /// A sink that keeps nothing.
    final class DiscardingSink: FrameSink {
        func begin(_ format: FrameSequenceFormat) {}
        func append(_ frame: CGImage) {}
        func finish() {}
        func cancel() {}
    }

    /// Runs every part, or only the one named `only` (flip, cards, perspective, offscreen,
    /// gif, png, memory); `threads`, when given, is the only thread count the perspective
    /// and offscreen parts use
    /// (for counting its instructions one count at a time).
    @MainActor
    static func run(frames: Int, only: String?, threads: Int? = nil) throws {
        func wanted(_ part: String) -> Bool { only == nil || only == part }
        let copy = copyMilliseconds()
        print(String(format: "render 1920×1080; one full-frame RGBA8 copy takes %.3f ms (= 1×)", copy))
        // Frames that are mostly filling memory speed up no more than memory traffic does.
        print(String(format: "  memory-bound ceiling: two copies at once on 2 threads run %.2f× as fast as one after the other",
                     2 * copy / copyMilliseconds(threads: 2)))
        func report(_ name: String, _ milliseconds: Double) {
            print(String(format: "  %-44@ %8.2f ms  %6.1f fps  %6.1f× copy", name as NSString, milliseconds, 1000 / milliseconds, milliseconds / copy))
        }

        // Seed 001's flip drawn at 9.6 points per pixel fills 1920×1080.
        let flipScale: CGFloat = 9.6
        let flipBounds = CGRect(x: 0, y: 0, width: 200, height: 112.5)
        if wanted("flip") { try flip(frames: frames, bounds: flipBounds, scale: flipScale, report: report) }
        if wanted("cards") { try cards(frames: frames, report: report) }
        if wanted("perspective") {
            try offscreen(frames: frames, threads: threads.map { [$0] } ?? [1, 2], transition: false, report: report)
        }
        if wanted("offscreen") { try offscreen(frames: frames, threads: threads.map { [$0] } ?? [1, 2], transition: true, report: report) }
        if wanted("gif") { try gif(bounds: flipBounds, scale: flipScale, report: report) }
        if wanted("png") { try png(bounds: flipBounds, scale: flipScale, report: report) }
        if wanted("memory") { try memory(bounds: flipBounds) }
    }

    @MainActor
    static func flip(frames: Int, bounds flipBounds: CGRect, scale flipScale: CGFloat, report: (String, Double) -> Void) throws {
        for threads in [1, 2] {
            let renderer = CARenderer(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: flipBounds, scale: flipScale)
            renderer.maximumThreadCount = threads
            report("flip frame, bands on \(threads) thread(s)", try perFrame(frames) { _ = try renderer.render(at: 0.2 + 0.1 * Double($0 % 2)) })
        }
        var recorded: [Int: Double] = [:]
        for threads in [1, 2] {
            let recorder = Recorder(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: flipBounds, scale: flipScale)
            recorder.threadCount = threads
            recorded[threads] = try perFrame(1) { _ in
                try recorder.record(duration: Double(frames) / 60, framesPerSecond: 60, from: 0, to: DiscardingSink())
            } / Double(frames)
            report("flip recording, frames on \(threads) thread(s)", recorded[threads]!)
        }
        print(String(format: "  flip recording speed-up 1 → 2 threads: %.2f×", recorded[1]! / recorded[2]!))
    }

    @MainActor
    static func cards(frames: Int, report: (String, Double) -> Void) throws {
        for threads in [1, 2] {
            let recorder = Recorder(layer: cardsScene(), bounds: CGRect(x: 0, y: 0, width: width, height: height))
            recorder.threadCount = threads
            let milliseconds = try perFrame(1) { _ in
                try recorder.record(duration: Double(frames) / 60, framesPerSecond: 60, from: 0, to: DiscardingSink())
            } / Double(frames)
            report("200 cards recording, frames on \(threads) thread(s)", milliseconds)
        }
    }

    /// One frame of `offscreenScene(transition:)` (mid-curl with the transition), `frames`
    /// times, its bands on each thread count.
    @MainActor
    static func offscreen(frames: Int, threads counts: [Int], transition: Bool, report: (String, Double) -> Void) throws {
        var milliseconds: [Int: Double] = [:]
        let name = transition ? "20 perspective cards under a page curl" : "20 perspective cards"
        for threads in counts {
            let renderer = CARenderer(layer: offscreenScene(transition: transition), bounds: CGRect(x: 0, y: 0, width: width, height: height))
            renderer.maximumThreadCount = threads
            milliseconds[threads] = try perFrame(frames) { _ in _ = try renderer.render(at: 0.5) }
            report("\(name), \(threads) thread(s)", milliseconds[threads]!)
        }
        if let one = milliseconds[1], let two = milliseconds[2] {
            print(String(format: "  \(name): frame speed-up 1 → 2 threads: %.2f×", one / two))
        }
    }

    /// 20 cards turned in perspective, each with a coloured band and three text lines as
    /// sublayers and a shadow (100 layers); with `transition`, in a container whose
    /// stripes change colour under a 1-second `CATransition` with `CIPageCurlTransition`.
    @MainActor
    static func offscreenScene(transition: Bool) -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        let container = CALayer()
        container.frame = root.bounds
        root.addSublayer(container)
        var random = SeededRandom(seed: 11)
        var stripes: [CALayer] = []
        for k in 0..<20 {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 280, height: 180)
            card.position = CGPoint(x: 240 + CGFloat(k % 5) * 360, y: 160 + CGFloat(k / 5) * 250)
            card.cornerRadius = 16
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.shadowOpacity = 0.3
            card.shadowRadius = 8
            card.shadowOffset = CGSize(width: 0, height: 6)
            var turn = CATransform3DIdentity
            turn.m34 = -1 / 600
            card.transform = CATransform3DRotate(turn, random.uniform(-0.9, 0.9), 0, 1, 0)
            let stripe = CALayer()
            stripe.frame = CGRect(x: 0, y: 0, width: 280, height: 60)
            stripe.backgroundColor = CGColor(srgbRed: random.uniform(0, 1), green: random.uniform(0, 1), blue: 0.8, alpha: 1)
            card.addSublayer(stripe)
            stripes.append(stripe)
            for line in 0..<3 {
                let text = CALayer()
                text.frame = CGRect(x: 20, y: 80 + CGFloat(line) * 28, width: 240 - CGFloat(line) * 50, height: 14)
                text.cornerRadius = 7
                text.backgroundColor = CGColor(gray: 0.85, alpha: 1)
                card.addSublayer(text)
            }
            container.addSublayer(card)
        }
        AnimationHost.shared.tick()
        guard transition else { return root }
        let curl = CATransition()
        curl.duration = 1
        curl.filter = CIFilter(name: "CIPageCurlTransition")
        container.add(curl, forKey: kCATransition)
        for stripe in stripes {
            stripe.backgroundColor = CGColor(srgbRed: 0.9, green: random.uniform(0, 1), blue: random.uniform(0, 1), alpha: 1)
        }
        AnimationHost.shared.tick()
        return root
    }

    /// One flip frame at 1920×1080 (translucent edges, so RGBA) encoded as PNG at zlib's
    /// default level: the filters and the compression, as every PNG export pays them.
    @MainActor
    static func png(bounds flipBounds: CGRect, scale flipScale: CGFloat, report: (String, Double) -> Void) throws {
        let renderer = CARenderer(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: flipBounds, scale: flipScale)
        let frame = try renderer.render(at: 0.25)
        report("PNG encoding of a flip frame", try perFrame(9) { _ in _ = try frame.encoded(as: .png(compressionLevel: 6)) })
    }

    @MainActor
    static func gif(bounds flipBounds: CGRect, scale flipScale: CGFloat, report: (String, Double) -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for threads in [1, 2] {
            let gif = folder.appendingPathComponent("flip-\(threads).gif")
            let recorder = Recorder(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: flipBounds, scale: flipScale)
            recorder.threadCount = threads
            let milliseconds = try perFrame(1) { _ in
                try recorder.record(duration: 2, framesPerSecond: 30, from: 0, to: gif)
            } / 60
            let size = (try FileManager.default.attributesOfItem(atPath: gif.path)[.size] as? Int) ?? 0
            report("2 s 30 fps GIF export, \(threads) thread(s)", milliseconds)
            print(String(format: "    GIF: %d bytes (%.1f KB per frame)", size, Double(size) / 60 / 1024))
        }
    }

    @MainActor
    static func memory(bounds flipBounds: CGRect) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Memory along a long export: resident set size every 250 frames.
        let recorder = Recorder(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: flipBounds, scale: 2.4)
        let sink = GIFSink(url: folder.appendingPathComponent("long.gif"))
        var samples: [String] = []
        let memory = MemoryProbe()
        let counting = ForwardingSink(sink) { count in if count % 250 == 0 { samples.append("\(count): \(memory.residentMiB) MiB") } }
        try recorder.record(duration: 1000.0 / 30, framesPerSecond: 30, from: 0, to: counting)
        print("  1,000-frame 480×270 GIF export, resident memory: " + samples.joined(separator: ", "))
        print("  peak resident memory of the run: \(memory.peakMiB) MiB")
    }

    /// Median milliseconds per call of `body` over `count` calls (after one warm-up).
    static func perFrame(_ count: Int, _ body: (Int) throws -> Void) throws -> Double {
        let sorted = try samples(count, body)
        return sorted[sorted.count / 2]
    }

    /// The milliseconds each of `count` calls of `body` takes (at least one), fastest
    /// first, after one call not timed.
    static func samples(_ count: Int, _ body: (Int) throws -> Void) throws -> [Double] {
        try body(0)
        var samples: [Double] = []
        for index in 0..<max(count, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body(index)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return samples.sorted()
    }

    /// The median time of copying one 1920×1080 RGBA8 frame into another buffer, on each
    /// of `threads` threads at once (each its own pair of buffers).
    static func copyMilliseconds(threads: Int = 1) -> Double {
        let count = width * height * 4
        /// Each thread's source and target; each thread touches only its own pair.
        struct Pairs: @unchecked Sendable { let buffers: [(UnsafeMutableRawBufferPointer, UnsafeMutableRawBufferPointer)] }
        let pairs = Pairs(buffers: (0..<threads).map { _ in
            (UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64),
             UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64))
        })
        let buffers = pairs.buffers
        defer { for (source, target) in buffers { source.deallocate(); target.deallocate() } }
        for (source, target) in buffers {
            for i in 0..<count { source[i] = UInt8(truncatingIfNeeded: i &* 31) }
            target.copyMemory(from: UnsafeRawBufferPointer(source))
        }
        let milliseconds = (try? perFrame(50) { _ in
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                pairs.buffers[t].1.copyMemory(from: UnsafeRawBufferPointer(pairs.buffers[t].0))
            }
        }) ?? .nan
        precondition(buffers.allSatisfy { $0.1[4096] == $0.0[4096] })
        return milliseconds
    }

    /// 200 cards, each a rounded layer with a shadow holding a rounded masksToBounds layer
    /// whose stripe sublayer it clips, gliding across 1920×1080.
    @MainActor
    static func cardsScene() -> CALayer {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        var random = SeededRandom(seed: 7)
        var cards: [CALayer] = []
        for _ in 0..<200 {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            card.position = CGPoint(x: random.uniform(60, 1860), y: random.uniform(40, 1040))
            card.cornerRadius = 14
            card.backgroundColor = CGColor(gray: 1, alpha: 1)
            card.shadowOpacity = 0.35
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 4)
            let clip = CALayer()
            clip.frame = card.bounds
            clip.cornerRadius = 14
            clip.masksToBounds = true
            let stripe = CALayer()
            stripe.frame = CGRect(x: -10, y: 50, width: 140, height: 40)
            stripe.backgroundColor = CGColor(srgbRed: random.uniform(0, 1), green: random.uniform(0, 1), blue: 0.8, alpha: 1)
            clip.addSublayer(stripe)
            card.addSublayer(clip)
            root.addSublayer(card)
            cards.append(card)
        }
        AnimationHost.shared.tick()
        for card in cards {
            let glide = CABasicAnimation(keyPath: "position.x")
            glide.byValue = random.uniform(-200, 200)
            glide.duration = 2
            glide.autoreverses = true
            glide.repeatCount = .infinity
            card.add(glide, forKey: "glide")
        }
        AnimationHost.shared.tick()
        return root
    }
}

/// Passes frames on to another sink, calling `onFrame` with the count after each.
final class ForwardingSink: FrameSink {
    let target: any FrameSink
    let onFrame: (Int) -> Void
    private var count = 0

    init(_ target: any FrameSink, onFrame: @escaping (Int) -> Void) {
        self.target = target
        self.onFrame = onFrame
    }

    func begin(_ format: FrameSequenceFormat) throws(MediaError) { try target.begin(format) }
    func append(_ frame: CGImage) throws(MediaError) {
        try target.append(frame)
        count += 1
        onFrame(count)
    }
    func finish() throws(MediaError) { try target.finish() }
    func cancel() { target.cancel() }
}

/// Resident and peak memory from /proc/self/status.
struct MemoryProbe {
    private func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0) / 1024
    }
    var residentMiB: Int { field("VmRSS:") }
    var peakMiB: Int { field("VmHWM:") }
}
