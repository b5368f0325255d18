import Flipbook
import Foundation

/// `flipbook-bench filters [--frames N] [--only dissolve|swipe|…|ffmpeg]`: Core Image transitions and a blur on 1920×1080 frames, on 1
/// and 2 threads, against ffmpeg's xfade (fade, wipeleft, circleopen) on the same two
/// pictures at the same size, timed in the same run.
///
/// ffmpeg reads both pictures as raw RGBA, converts them to planar RGB with alpha (a
/// format xfade takes) and blends them. xfade's cost is the CPU time it adds a frame over
/// a run that only reads and converts: perf's samples in libavfilter, where xfade runs
/// (or, without perf, the whole process's CPU time, which is noisier). CPU time rather
/// than wall time, because ffmpeg reads its inputs on threads of their own, which hide
/// part of xfade's work from the clock. Per core, Flipbook's one-thread time compares.
enum FilterBenchmark {
    static let width = 1920, height = 1080

    static func run(frames: Int, only: String?) throws {
        let source = picture(warm: true), target = picture(warm: false)
        let sourceImage = CIImage(cgImage: source), targetImage = CIImage(cgImage: target)
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        print("filters on 1920×1080 frames (8-bit sRGB in and out, rendered into one reused bitmap as ffmpeg reuses its frames;")
        print("Flipbook mixes in linear light, straight in 8-bit where the recipe allows, in floating point otherwise)")
        let bitmap = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
        defer { bitmap.deallocate() }
        print("  filter                               threads    ms/frame     fps")
        var ours: [String: [Int: Double]] = [:]
        let cases: [(String, String, [String: Any])] = [
            ("copy (a bound)", "CICrop", ["inputRectangle": CIVector(cgRect: frame)]),
            ("dissolve", "CIDissolveTransition", [:]),
            ("swipe", "CISwipeTransition", [kCIInputExtentKey: CIVector(cgRect: frame), kCIInputWidthKey: 100.0]),
            ("mod", "CIModTransition", [kCIInputCenterKey: CIVector(x: 960, y: 540)]),
            ("flash", "CIFlashTransition", [kCIInputCenterKey: CIVector(x: 960, y: 540), kCIInputExtentKey: CIVector(cgRect: frame)]),
            ("ripple", "CIRippleTransition", [kCIInputCenterKey: CIVector(x: 960, y: 540), kCIInputExtentKey: CIVector(cgRect: frame)]),
            ("page curl", "CIPageCurlTransition", [kCIInputExtentKey: CIVector(cgRect: frame)]),
            ("gaussian blur r10", "CIGaussianBlur", [kCIInputRadiusKey: 10.0]),
        ]
        for (label, name, settings) in cases where only == nil || only == label {
            guard let filter = CIFilter(name: name) else { continue }
            filter.setValue(sourceImage, forKey: kCIInputImageKey)
            if filter.inputKeys.contains(kCIInputTargetImageKey) { filter.setValue(targetImage, forKey: kCIInputTargetImageKey) }
            for (key, value) in settings { filter.setValue(value, forKey: key) }
            for threads in [1, 2] {
                let context = CIContext()
                context.maximumThreadCount = threads
                let ms = try RenderBenchmark.perFrame(frames) { index in
                    if filter.inputKeys.contains(kCIInputTimeKey) { filter.setValue((Double(index % 8) + 0.5) / 8, forKey: kCIInputTimeKey) }
                    guard let image = filter.outputImage else { throw FilterError.noOutput(name) }
                    context.render(image, toBitmap: bitmap, rowBytes: width * 4, bounds: frame, format: .RGBA8, colorSpace: nil)
                }
                ours[label, default: [:]][threads] = ms
                print("  " + label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: " %7d %11.2f %7.1f", threads, ms, 1000 / ms))
            }
        }

        guard only == nil || only == "ffmpeg" else { return }
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile) else {
            print("ffmpeg not found (scripts/install-dependencies.sh installs it): no peer this run")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.rgba"), b = folder.appendingPathComponent("b.rgba")
        try Data(source.premultipliedBytes).write(to: a)
        try Data(target.premultipliedBytes).write(to: b)
        let peerFrames = max(frames, 150)
        let perf = ["/usr/bin/perf", "/usr/local/bin/perf"].first(where: FileManager.default.isExecutableFile)
        print("ffmpeg xfade on the same pictures, \(peerFrames) frames on 1 thread: the CPU time xfade takes a frame, less that of a")
        print("run that only reads and converts: " + (perf != nil ? "perf's samples of 0.1 ms of CPU time in libavfilter, where xfade runs"
                                                            : "ffmpeg's CPU time, the least of three runs (bash bench/setup.sh installs perf, which is steadier)"))
        print("  xfade            ffmpeg ms/frame   Flipbook's peer   1 thread ms/frame   Flipbook ÷ ffmpeg per core")
        let cost = { (transition: String?) throws -> Double in
            let arguments = ffmpegArguments(a, b, transition: transition, frames: peerFrames)
            if let perf { return try perfFilterMilliseconds(perf, ffmpeg, arguments, folder: folder) }
            return try cpuMilliseconds(ffmpeg, arguments)
        }
        let baseline = try cost(nil)
        for (transition, peer) in [("fade", "dissolve"), ("wipeleft", "swipe"), ("circleopen", "ripple")] {
            let ms = max(try cost(transition) - baseline, 1e-6) / Double(peerFrames)
            let mine = ours[peer]?[1] ?? .nan
            print("  " + transition.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: " %15.2f   ", ms)
                  + peer.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: " %19.2f %10.2f×", mine, mine / ms))
        }
    }

    /// ffmpeg's arguments for `frames` frames of `transition` between the raw pictures (or,
    /// for nil, only reading and converting them), on one thread.
    static func ffmpegArguments(_ a: URL, _ b: URL, transition: String?, frames: Int) -> [String] {
        let seconds = Double(frames) / 30
        let input = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", "30", "-stream_loop", "-1"]
        let graph = transition.map { "[0]format=gbrap[a];[1]format=gbrap[b];[a][b]xfade=transition=\($0):duration=\(seconds):offset=0" }
            ?? "[0]format=gbrap[a];[1]format=gbrap,nullsink;[a]null"
        return ["-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "1", "-filter_threads", "1"]
            + input + ["-i", a.path] + input + ["-i", b.path]
            + ["-filter_complex", graph, "-frames:v", "\(frames)", "-f", "null", "-"]
    }

    /// Milliseconds of CPU time a run of ffmpeg spends in libavfilter, counted by perf in
    /// samples of 0.1 ms of CPU time each.
    static func perfFilterMilliseconds(_ perf: String, _ ffmpeg: String, _ arguments: [String], folder: URL) throws -> Double {
        let data = folder.appendingPathComponent("perf.data").path
        try run(perf, ["record", "-q", "-e", "cpu-clock", "-c", "100000", "-o", data, "--", ffmpeg] + arguments)
        // Lines read "  26.53%   18807  libavfilter.so.8.44.100".
        let report = try run(perf, ["report", "-i", data, "--stdio", "--sort", "dso", "-n", "-q"])
        let samples = report.split(separator: "\n").first { $0.contains("libavfilter") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        return samples * 0.1
    }

    /// Milliseconds of CPU time (user and system) a run of ffmpeg takes, the least of three.
    static func cpuMilliseconds(_ ffmpeg: String, _ arguments: [String]) throws -> Double {
        func childrenCPU() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            return (seconds(usage.ru_utime) + seconds(usage.ru_stime)) * 1000
        }
        var best = Double.infinity
        for _ in 0..<3 {
            let before = childrenCPU()
            try run(ffmpeg, arguments)
            best = min(best, childrenCPU() - before)
        }
        return best
    }

    /// Runs a program to its end and returns what it printed; throws if it failed.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MediaError.invalidSettings("failed: \(program) \(arguments.joined(separator: " "))") }
        return text
    }

    /// A warm picture (gradient, discs) or a cool one (checkerboard) filling the frame.
    static func picture(warm: Bool) -> CGImage {
        try! CGContext.image(width: width, height: height) { context in
            if warm {
                let gradient = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB)!,
                                          colors: [CGColor(srgbRed: 1, green: 0.55, blue: 0.1, alpha: 1),
                                                   CGColor(srgbRed: 0.45, green: 0.1, blue: 0.6, alpha: 1)], locations: nil)!
                context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
                context.setFillColor(CGColor(gray: 1, alpha: 1))
                for k in 0..<6 { context.fillEllipse(in: CGRect(x: 120 + 290 * k, y: 300 + 60 * (k % 3), width: 240, height: 240)) }
            } else {
                context.setFillColor(CGColor(srgbRed: 0.05, green: 0.45, blue: 0.5, alpha: 1))
                context.fill(CGRect(x: 0, y: 0, width: width, height: height))
                context.setFillColor(CGColor(srgbRed: 0.8, green: 0.95, blue: 0.9, alpha: 1))
                for row in 0..<(height / 60 + 1) {
                    for column in 0..<(width / 60) where (row + column) % 2 == 0 {
                        context.fill(CGRect(x: column * 60, y: row * 60, width: 60, height: 60))
                    }
                }
            }
        }
    }
}
