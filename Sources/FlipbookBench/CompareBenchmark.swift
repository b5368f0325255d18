import Flipbook

/// `flipbook-bench compare SCENES OUT [--iterations N] [--only SCENE,…] [--threads N]`: Flipbook's half of
/// bench/compare.sh. For every scene of SCENES (or those `--only` names, separated by commas) it
/// writes into OUT:
///
/// - `flipbook.json`: the median milliseconds a frame takes on 1 and on 2 threads
///   (a pass draws every frame of an animation; the median is over passes, divided by
///   the frames) and the fastest pass's, and for each GIF scene its size and encoding time;
/// - `frames/flipbook/NAME.png`: the reference frame (frame ⌊frames ÷ 3⌋ of an
///   animation, drawn once on a clear canvas), against which the peers' frames are checked;
/// - `gif/NAME/frames/NNNN.png`, the unquantised frames of each GIF scene, and
///   `gif/NAME/flipbook.gif`, Flipbook's GIF of them;
/// - `assets/`, the pictures the scenes name.
///
/// `--threads N` draws everything on N threads only, so that a profile of the run under
/// `valgrind --tool=callgrind` counts the same instructions every time.
enum CompareBenchmark {
    /// Milliseconds a frame on 1 and 2 threads: the median pass's and the fastest's.
    struct Timing: Codable { var threads1 = 0.0, threads2 = 0.0, fastest1 = 0.0, fastest2 = 0.0 }
    struct GIFResult: Codable { var bytes: Int; var encodeMilliseconds: Double; var frames: Int }
    struct Results: Codable { var scenes: [String: Timing] = [:]; var gifs: [String: GIFResult] = [:] }

    @MainActor
    static func run(scenes folder: URL, output: URL, iterations: Int, only: [String]?, threads: Int? = nil) throws {
        let assets = BenchAssets(folder: output.appendingPathComponent("assets"))
        try BenchSceneFactory.writeAssets(to: assets.folder)
        let references = output.appendingPathComponent("frames/flipbook")
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        let scenes = try BenchScene.load(from: folder)
        var results = Results()
        for scene in scenes where only?.contains(scene.name) ?? true {
            if scene.kind == .gif {
                guard let source = scenes.first(where: { $0.name == scene.gif?.scene }) else {
                    throw MediaError.invalidSettings("\(scene.name): no scene named \(scene.gif?.scene ?? "(none)")")
                }
                results.gifs[scene.name] = try gif(scene, of: source, assets: assets, output: output)
                print("  \(scene.name): \(results.gifs[scene.name]!.bytes) bytes")
                continue
            }
            let reference = try BenchSceneRenderer(scene, assets: assets, threads: threads ?? 2)
            try reference.frame(reference.frameCount / 3)
            try reference.lastImage().write(to: references.appendingPathComponent(scene.name + ".png"))
            var timing = Timing()
            for count in threads.map({ [$0] }) ?? [1, 2] {
                let renderer = try BenchSceneRenderer(scene, assets: assets, threads: count)
                let passes = try RenderBenchmark.samples(iterations) { _ in
                    for index in 0..<renderer.frameCount { try renderer.frame(index) }
                }.map { $0 / Double(renderer.frameCount) }
                if count == 1 {
                    (timing.threads1, timing.fastest1) = (passes[passes.count / 2], passes[0])
                } else {
                    (timing.threads2, timing.fastest2) = (passes[passes.count / 2], passes[0])
                }
            }
            results.scenes[scene.name] = timing
            print("  " + scene.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                  + String(format: "%8.2f ms (1 thread) %8.2f ms (2 threads)", timing.threads1, timing.threads2))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results).write(to: output.appendingPathComponent("flipbook.json"))
    }

    /// Renders `source`'s frames at the GIF scene's size, writes them as PNG and encodes
    /// them with `GIFSink` (the encoding timed, best of three).
    @MainActor
    static func gif(_ scene: BenchScene, of source: BenchScene, assets: BenchAssets, output: URL) throws -> GIFResult {
        let folder = output.appendingPathComponent("gif/\(scene.name)")
        let framesFolder = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: framesFolder, withIntermediateDirectories: true)
        let renderer = CARenderer(layer: try BenchSceneRenderer.layerTree(source, assets: assets),
                                  bounds: CGRect(x: 0, y: 0, width: source.width, height: source.height),
                                  scale: Double(scene.width) / Double(source.width))
        let count = source.frames ?? 1
        let frames = try (0..<count).map { try renderer.render(at: (source.duration ?? 1) * Double($0) / Double(count)) }
        for (index, frame) in frames.enumerated() {
            try frame.write(to: framesFolder.appendingPathComponent(String(format: "%04d.png", index)))
        }
        let url = folder.appendingPathComponent("flipbook.gif")
        let format = try FrameSequenceFormat(width: scene.width, height: scene.height, framesPerSecond: scene.gif?.fps ?? 30)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let sink = GIFSink(url: url)
            try sink.begin(format)
            for frame in frames { try sink.append(frame) }
            try sink.finish()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return GIFResult(bytes: bytes, encodeMilliseconds: best / Double(count), frames: count)
    }
}
