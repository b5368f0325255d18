import ArgumentParser
import Flipbook
import FlipbookGallery

/// `flipbook lottie FILE.json`: a Lottie animation rendered to a GIF, APNG, video or PNG
/// frames, or one frame of it to a PNG; `--info` describes the file.
struct LottieCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Render a Lottie (Bodymovin JSON) animation, or one frame of it.",
        discussion: """
            Without --output the file is NAME.gif beside the current folder's other files (NAME.png with --frame or \
            --progress). The animation plays once, from its first frame to its last, at its own frame rate unless \
            --fps says otherwise. What Flipbook does not draw of the file is listed by --info and reported while rendering.
            """)

    @Argument(help: "The Lottie JSON file.")
    var file: String

    @Option(name: .shortAndLong, help: "out.gif, out.png (APNG), out.mp4/.mov/.webm, or a folder/ of PNG frames.")
    var output: String?

    @Option(parsing: .unconditional, help: "Frames per second (the animation's own by default), above 0 and at most 120.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point, above 0 and at most 8.")
    var scale: Double = 1

    @Option(help: "The canvas in points, as WIDTHxHEIGHT; the animation is fitted into it (its own size by default).")
    var size: String?

    @Option(help: "The background: #rrggbb, #rrggbbaa, white, black or transparent (the default).")
    var background = "transparent"

    @Option(parsing: .unconditional, help: "Render only the frame at this progress, 0 to 1, as a PNG.")
    var progress: Double?

    @Option(parsing: .unconditional, help: "Render only this frame number, as a PNG.")
    var frame: Double?

    @Flag(help: "Describe the file: size, frame rate, duration, layers and what Flipbook does not draw.")
    var info = false

    func validate() throws {
        if let fps, !(fps.isFinite && fps > 0 && fps <= 120) { throw ValidationError("--fps must be above 0 and at most 120, not \(fps)") }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8, not \(scale)") }
        if let progress, !(progress.isFinite && (0...1).contains(progress)) {
            throw ValidationError("--progress must be from 0 to 1, not \(progress)")
        }
        if let frame, !frame.isFinite { throw ValidationError("--frame must be a number, not \(frame)") }
        if progress != nil, frame != nil { throw ValidationError("give --progress or --frame, not both") }
        _ = try canvas()
        _ = try backgroundColor()
    }

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let animation: LottieAnimation
        do { animation = try LottieAnimation.from(contentsOf: url) } catch { throw ValidationError(error.description) }
        if info {
            print(Self.describe(animation, named: url.lastPathComponent))
            return
        }
        let name = url.deletingPathExtension().lastPathComponent
        let canvas = try canvas() ?? animation.size
        let color = try backgroundColor()
        let still: Double? = frame ?? progress.map { animation.startFrame + (animation.endFrame - animation.startFrame) * $0 }
        if let still {
            guard (animation.startFrame...animation.endFrame).contains(still) else {
                throw ValidationError("--frame must be from \(animation.startFrame) to \(animation.endFrame), the animation's frames, not \(still)")
            }
            let target = URL(fileURLWithPath: output ?? name + ".png")
            try await MainActor.run {
                let (window, view) = Self.stage(animation, canvas: canvas, background: color)
                view.currentFrame = AnimationFrameTime(still)
                AnimationHost.shared.tick()
                try CARenderer(layer: window.layer, bounds: window.bounds, scale: CGFloat(scale)).render(at: CACurrentMediaTime())
                    .write(to: target)
            }
            print(target.path)
            return
        }
        let target = URL(fileURLWithPath: output ?? name + ".gif")
        let rate = fps ?? animation.framerate
        let bar = ProgressBar()
        let recording = try await MainActor.run {
            let (window, view) = Self.stage(animation, canvas: canvas, background: color)
            view.play()
            let recorder = Recorder(window: window, scale: CGFloat(scale))
            recorder.onFrame = { index, count in if index % 10 == 0 { bar.show(done: index, of: count, now: name) } }
            try recorder.record(duration: animation.duration, framesPerSecond: rate, from: 0, to: target)
            let pixels = try RenderTree.pixelSize(bounds: window.bounds, scale: CGFloat(scale))
            return GalleryRecording(scene: name, url: target, frameCount: Recorder.frameCount(duration: animation.duration, framesPerSecond: rate),
                                    duration: animation.duration, pixelWidth: pixels.width, pixelHeight: pixels.height,
                                    byteCount: GalleryScene.byteCount(at: target))
        }
        bar.finish(count: recording.frameCount)
        print(SummaryTable.render([recording], relativeTo: target.deletingLastPathComponent(), subject: "animation"))
    }

    /// A window of `canvas` with the animation fitted in it, at media time 0, shown.
    @MainActor
    static func stage(_ animation: LottieAnimation, canvas: CGSize, background: CGColor?) -> (UIWindow, LottieAnimationView) {
        AnimationHost.shared.reset(time: 0)
        let window = UIWindow(frame: CGRect(origin: .zero, size: canvas))
        window.backgroundColor = background.map { UIColor(cgColor: $0) } ?? .clear
        let view = LottieAnimationView(animation: animation)
        view.frame = window.bounds
        view.backgroundColor = .clear
        window.addSubview(view)
        window.makeKeyAndVisible()
        AnimationHost.shared.tick()
        return (window, view)
    }

    /// `--info`'s text.
    static func describe(_ animation: LottieAnimation, named name: String) -> String {
        let features = animation.unsupportedFeatures
        var lines = [
            "\(name)\(animation.name.map { " (“\($0)”)" } ?? "")",
            "size        \(Self.number(animation.size.width)) × \(Self.number(animation.size.height)) points",
            "frame rate  \(Self.number(animation.framerate)) a second",
            "frames      \(Self.number(animation.startFrame)) to \(Self.number(animation.endFrame))",
            "duration    \(String(format: "%.3f", animation.duration)) s",
            "layers      \(animation.layerCount) (\(animation.precompositionCount) precompositions)",
        ]
        if !animation.markerNames.isEmpty { lines.append("markers     \(animation.markerNames.joined(separator: ", "))") }
        lines.append(features.isEmpty ? "Flipbook draws all of it." : "Flipbook does not draw:")
        lines += features.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private func canvas() throws -> CGSize? {
        guard let size else { return nil }
        return try CanvasSize.parse(size, range: 1...8192, example: "512x512")
    }

    private func backgroundColor() throws -> CGColor? {
        switch background.lowercased() {
        case "transparent", "clear": return nil
        case "white": return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "black": return CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        default:
            guard let color = CGColor(hex: background) else {
                throw ValidationError("--background \(background): expected #rrggbb, #rrggbbaa, white, black or transparent")
            }
            return color
        }
    }
}
