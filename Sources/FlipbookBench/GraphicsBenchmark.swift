import Flipbook

/// `flipbook-bench graphics`: five 1920×1080 scenes, ours on 1 and 2 threads against Cairo
/// on the same scene file.
enum GraphicsBenchmark {
    static func run() throws {
        let iterations = option("--iterations", default: 15)
        let runPeer = !arguments.contains("--no-peer")
        let only: String? = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let photo = try GraphicsScenes.makePhoto()
        let photoURL = work.appendingPathComponent("photo.png")
        try photo.write(to: photoURL)
        let scenes = GraphicsScenes.make(photoPath: photoURL.path)
        let sceneURL = work.appendingPathComponent("scenes.json")
        try JSONEncoder().encode(scenes).write(to: sceneURL)

        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }

        func time(_ name: String, threads: Int) throws -> Double {
            let context = try CGContext(width: scenes.width, height: scenes.height)
            context.maximumThreadCount = threads
            GraphicsSceneRenderer.draw(name, scenes: scenes, photo: photo, in: context)  // warm-up
            var samples: [Double] = []
            for _ in 0..<iterations {
                let start = DispatchTime.now().uptimeNanoseconds
                GraphicsSceneRenderer.draw(name, scenes: scenes, photo: photo, in: context)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return median(samples)
        }

        /// Runs the Cairo peer on the same scene file; returns median ms per scene, or nil.
        func cairoTimes() -> [String: Double]? {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let python = root.appendingPathComponent("bench/.venv/bin/python").path
            let script = root.appendingPathComponent("bench/peers/cairo_graphics.py").path
            guard FileManager.default.isExecutableFile(atPath: python) else {
                print("(Cairo peer not installed: run bench/setup.sh)")
                return nil
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script, sceneURL.path, String(iterations)]
            let pipe = Pipe()
            process.standardOutput = pipe
            do { try process.run() } catch { print("(Cairo peer failed to start: \(error))"); return nil }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { print("(Cairo peer exited with \(process.terminationStatus))"); return nil }
            return try? JSONDecoder().decode([String: Double].self, from: output)
        }

        let pixels = Double(scenes.width * scenes.height)
        var rows: [(String, Double, Double)] = []
        for name in GraphicsSceneRenderer.names where only == nil || name == only {
            rows.append((name, try time(name, threads: 1), try time(name, threads: 2)))
        }
        let cairo = runPeer ? cairoTimes() : nil
        print("graphics 1920×1080, median of \(iterations) runs (ms; Mpixel/s = frame pixels ÷ time)")
        print("scene                     1 thread    Mpx/s   2 threads    Mpx/s     Cairo   ours(1t)/Cairo  ours(2t)/Cairo")
        for (name, one, two) in rows {
            var line = name.padding(toLength: 24, withPad: " ", startingAt: 0)
            line += String(format: "%10.2f %8.0f %11.2f %8.0f", one, pixels / one / 1000, two, pixels / two / 1000)
            if let c = cairo?[name] {
                line += String(format: " %9.2f %15.2f %15.2f", c, one / c, two / c)
            }
            print(line)
        }
    }
}
