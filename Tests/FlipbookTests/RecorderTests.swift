import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// The recorder drives the host tick frame by frame and streams rendered frames into
/// sinks; exported files decode to the renderer's own frames.
@MainActor
@Suite(.serialized) struct RecorderTests {
    /// Seed 001's flip at 0.1 s steps.
    private func flipRecorder() -> Recorder {
        let scene = FilmStrip.flipScene(m34: 1.0 / 500)
        return Recorder(layer: scene)
    }

    /// The renderer's frames of the flip at the recording's frame times.
    private func rendererFrames(count: Int, framesPerSecond: Double) throws -> [CGImage] {
        let renderer = CARenderer(layer: FilmStrip.flipScene(m34: 1.0 / 500), bounds: CGRect(x: 0, y: 0, width: 200, height: 160))
        return try (0..<count).map { try renderer.render(at: Double($0) / framesPerSecond) }
    }

    @Test func frameCounts() {
        #expect(Recorder.frameCount(duration: 2, framesPerSecond: 30) == 60)
        #expect(Recorder.frameCount(duration: 0.1, framesPerSecond: 30) == 3)
        #expect(Recorder.frameCount(duration: 0.5, framesPerSecond: 24) == 12)
        #expect(Recorder.frameCount(duration: 0.01, framesPerSecond: 30) == 1)
        // Absurd inputs give a count, not a trap.
        #expect(Recorder.frameCount(duration: 1e300, framesPerSecond: 1000) == Int(Int32.max))
        #expect(Recorder.frameCount(duration: .infinity, framesPerSecond: 30) == 1)
    }

    /// A duration that makes more than a million frames is refused at once, writing nothing.
    @Test func absurdDurationsAreRefused() throws {
        let folder = try TemporaryDirectory()
        for duration in [1e300, 1e9] {
            do {
                try flipRecorder().record(duration: duration, framesPerSecond: 30, to: folder.file("flip.gif"))
                Issue.record("recorded \(duration) s")
            } catch {
                #expect("\(error)".contains("more than 1000000 frames"), "\(error)")
            }
        }
        #expect(folder.contents.isEmpty)
    }

    /// APNG is lossless: every recorded frame equals the renderer's frame at that time.
    @Test func apngMatchesRendererExactly() throws {
        let folder = try TemporaryDirectory()
        try flipRecorder().record(duration: 0.7, framesPerSecond: 10, to: folder.file("flip.png"))
        let apng = try AnimatedImage(contentsOf: folder.file("flip.png"))
        let expected = try rendererFrames(count: 7, framesPerSecond: 10)
        // The frames at 0.5 s and 0.6 s are the same (the flip has ended), so the file
        // holds 6, the last showing twice as long.
        #expect(apng.frames.count == 6)
        #expect(apng.delays.map { ($0 * 10).rounded() } == [1, 1, 1, 1, 1, 2])
        for (decoded, frame) in zip(apng.frames, expected) { #expect(decoded.difference(from: frame).maximum == 0) }
        #expect(folder.contents == ["flip.png"])
    }

    /// A GIF of the flip within a stated error per frame, and a PNG sequence exactly.
    @Test func gifAndPNGSequence() throws {
        let folder = try TemporaryDirectory()
        let expected = try rendererFrames(count: 5, framesPerSecond: 10)
        try flipRecorder().record(duration: 0.5, framesPerSecond: 10, to: folder.file("flip.gif"))
        let gif = try AnimatedImage(contentsOf: folder.file("flip.gif"))
        #expect(gif.frames.count == 5)
        for (decoded, frame) in zip(gif.frames, expected) {
            let error = decoded.difference(from: frame)
            #expect(error.mean < 1.5, "mean error \(error.mean)")
        }
        try flipRecorder().record(duration: 0.5, framesPerSecond: 10, to: folder.file("frames/"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("frames").path).sorted()
        #expect(names.count == 5)
        for (name, frame) in zip(names, expected) {
            #expect(try CGImage.read(contentsOf: folder.file("frames/\(name)")).difference(from: frame).maximum == 0)
        }
    }

    /// The same scene gives the same bytes with 1, 2 and 3 threads and any number in flight.
    @Test func identicalBytesForAnyThreadCount() throws {
        let folder = try TemporaryDirectory()
        var files: [Data] = []
        for (threads, inFlight) in [(1, 1), (2, 4), (3, 1)] {
            let recorder = flipRecorder()
            recorder.threadCount = threads
            recorder.maximumFramesInFlight = inFlight
            try recorder.record(duration: 0.6, framesPerSecond: 20, to: folder.file("flip-\(threads).gif"))
            files.append(try Data(contentsOf: folder.file("flip-\(threads).gif")))
        }
        #expect(files[0] == files[1] && files[1] == files[2])
    }

    /// Display links fire on each frame's tick, at the frame's time, and changes they make
    /// show in that frame.
    @Test func displayLinksDriveFrames() throws {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let bar = CALayer()
        bar.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(bar)
        var times: [CFTimeInterval] = []
        let link = CADisplayLink(handler: { link in
            times.append(link.timestamp)
            CATransaction.setDisableActions(true)
            bar.frame = CGRect(x: 0, y: 0, width: 10 * CGFloat(times.count), height: 20)
        })
        link.add(to: .main, forMode: .common)
        let folder = try TemporaryDirectory()
        try Recorder(layer: root).record(duration: 0.4, framesPerSecond: 10, to: folder.file("bar.png"))
        link.invalidate()
        #expect(times == [0, 0.1, 0.2, 0.3])
        let frames = try AnimatedImage(contentsOf: folder.file("bar.png")).frames
        #expect(frames.map { $0.pixel(15, 10)[3] } == [0, 255, 255, 255])
        #expect(frames.map { $0.pixel(35, 10)[3] } == [0, 0, 0, 255])
    }

    /// MP4 through ffmpeg: ffprobe sees every frame at the recorded size and rate.
    @Test func mp4() throws {
        let folder = try TemporaryDirectory()
        try flipRecorder().record(duration: 0.5, framesPerSecond: 30, to: folder.file("flip.mp4"))
        let probe = try FFmpeg.probe(folder.file("flip.mp4"))
        #expect(probe.width == 200 && probe.height == 160 && probe.frames == 15 && probe.rate == "30/1")
        let decoded = try FFmpeg.decodeFrames(of: folder.file("flip.mp4"), width: 200, height: 160)
        let expected = try rendererFrames(count: 15, framesPerSecond: 30)
        for (a, b) in zip(decoded, expected) { #expect(a.difference(from: b).mean < 3) }
    }

    /// Bad settings and paths throw clear errors and leave no files behind.
    @Test func badInput() throws {
        let folder = try TemporaryDirectory()
        let recorder = flipRecorder()
        let out = folder.file("x.gif")
        #expect(throws: RecordingError.self) { try recorder.record(duration: 0, framesPerSecond: 30, to: out) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: -1, framesPerSecond: 30, to: out) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 0, to: out) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: .nan, framesPerSecond: 30, to: out) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 30, to: folder.file("missing/x.gif")) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 30, to: URL(fileURLWithPath: "/proc/x.gif")) }
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 30, to: folder.file("x.tiff")) }
        recorder.bounds = CGRect(x: 0, y: 0, width: 0, height: 10)
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 30, to: out) }
        recorder.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
        #expect(throws: RecordingError.self) { try recorder.record(duration: 1, framesPerSecond: 30, to: out) }
        #expect(folder.contents.isEmpty)
    }
}

/// A window records as a scene: seed 001's transition, started by delayed work, appears
/// in the frames of an APNG recorded from the window.
@MainActor
@Suite(.serialized) struct WindowRecordingTests {
    @Test func windowsRecordWithTheirAnimations() throws {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.makeKeyAndVisible()
        let blue = UIView(frame: window.bounds)
        blue.backgroundColor = .blue
        window.addSubview(blue)
        AnimationHost.shared.tick()
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) {
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: { blue.alpha = 0 })
        }
        let recorder = Recorder(window: window, scale: 1)
        #expect(recorder.scale == 1 && recorder.bounds == window.bounds)
        #expect(Recorder(window: window).scale == 3)
        let folder = try TemporaryDirectory()
        try recorder.record(duration: 0.4, framesPerSecond: 10, to: folder.file("fade.png"))
        let apng = try AnimatedImage(contentsOf: folder.file("fade.png"))
        let alphas = apng.frames.map { Int($0.premultipliedBytes[3]) }
        // Opaque until the work runs at 0.1 s, fading over 0.2 s, then clear.
        #expect(alphas.first == 255 && alphas.last == 0, "\(alphas)")
        #expect(alphas.contains { $0 > 0 && $0 < 255 }, "\(alphas)")
    }
}
