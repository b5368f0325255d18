import Flipbook
import Foundation

/// `flipbook-bench lottie PATH OUT [--iterations N]`: Flipbook's half of `bench/lottie`.
/// PATH is a Lottie file (`.json` or `.lot`) or a folder of them. Each is loaded and played
/// by `LottieAnimationView` at the file's own size; its frames at 0, 25, 50, 75 and 100 % —
/// whole frame numbers counted from the in point, the way ThorVG and rlottie number them —
/// are written to `OUT/flipbook/<id>-<percent>.png` (`<id>` is `<folder>-<file name>`), and
/// timed on one thread: one warm-up pass, then the median of N passes (a pass sets each of
/// the five frames and renders it into one reused bitmap), divided by five.
/// `OUT/flipbook/<id>.json` holds the file's path, size, the five frame numbers, the
/// milliseconds a frame, what Flipbook reported it does not draw, or the error for a file
/// it cannot load.
enum LottieBenchmark {
    struct Result: Codable {
        var id: String
        var path: String
        var width = 0, height = 0
        var frames: [Double] = []
        var milliseconds: Double?
        var unsupported: [String] = []
        var error: String?
    }

    static let percents = [0, 25, 50, 75, 100]

    @MainActor
    static func run(path: URL, output: URL, iterations: Int) throws {
        let folder = output.appendingPathComponent("flipbook")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        for url in try files(at: path) {
            let id = url.deletingLastPathComponent().lastPathComponent + "-" + url.deletingPathExtension().lastPathComponent
            var result = Result(id: id, path: url.path)
            do {
                try measure(url, into: &result, folder: folder, iterations: iterations)
            } catch {
                result.error = "\(error)"
            }
            try encoder.encode(result).write(to: folder.appendingPathComponent(id + ".json"))
            let time = result.milliseconds.map { String(format: "%8.2f ms", $0) } ?? "  " + (result.error ?? "")
            print("  " + id.padding(toLength: 28, withPad: " ", startingAt: 0) + time)
        }
    }

    /// Loads `url`, writes its five frames and times them.
    @MainActor
    private static func measure(_ url: URL, into result: inout Result, folder: URL, iterations: Int) throws {
        let animation = try LottieAnimation.from(contentsOf: url)
        result.unsupported = animation.unsupportedFeatures
        result.width = Int(animation.size.width.rounded())
        result.height = Int(animation.size.height.rounded())
        // The frames the peers draw: whole frames from the in point, the last one shown.
        let last = max((animation.endFrame - animation.startFrame).rounded() - 1, 0)
        result.frames = percents.map { (last * Double($0) / 100).rounded() }
        AnimationHost.shared.reset(time: 0)
        let view = LottieAnimationView(animation: animation)
        view.frame = CGRect(x: 0, y: 0, width: result.width, height: result.height)
        view.backgroundColor = .clear
        let renderer = CARenderer(layer: view.layer, bounds: view.bounds)
        renderer.maximumThreadCount = 1
        let context = try CGContext(width: result.width, height: result.height)
        func draw(_ index: Int) {
            view.currentFrame = animation.startFrame + result.frames[index]
            AnimationHost.shared.tick()
            renderer.render(at: CACurrentMediaTime(), into: context)
        }
        for (index, percent) in percents.enumerated() {
            draw(index)
            let name = result.id + "-" + String(percent) + ".png"
            try CARenderer.image(of: context).write(to: folder.appendingPathComponent(name))
        }
        let passes = try RenderBenchmark.samples(iterations) { _ in
            for index in percents.indices { draw(index) }
        }
        result.milliseconds = passes[passes.count / 2] / Double(percents.count)
    }

    /// `path` itself if it is a file, or the Lottie files under it, in order of their paths.
    static func files(at path: URL) throws -> [URL] {
        var folder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &folder) else {
            throw ReferenceError.unreadable(path.path)
        }
        guard folder.boolValue, let walk = FileManager.default.enumerator(at: path, includingPropertiesForKeys: nil) else { return [path] }
        return walk.compactMap { $0 as? URL }
            .filter { ["json", "lot"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }
}
