import Flipbook
import Foundation

/// `flipbook-bench filters [--frames N] [--only dissolve|swipe|…|ffmpeg]`: Core Image transitions and a blur on 1920×1080 frames, on 1
/// and 2 threads, against ffmpeg's xfade (fade, wipeleft, circleopen) on the same two
/// pictures at the same size, timed in the same run.
///
/// ffmpeg reads both pictures as raw RGBA, converts them to planar RGB with alpha (a
/// format xfade takes) and blends them; a second run that only converts gives the
/// baseline, and xfade's cost is the difference, per frame.
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
        let peerFrames = max(frames, 60)
        print("ffmpeg xfade on the same pictures (\(peerFrames) frames; its cost = run − the same run without xfade)")
        print("  xfade            threads    ms/frame     fps   Flipbook's peer   Flipbook ÷ ffmpeg per frame")
        let peers = [("fade", "dissolve"), ("wipeleft", "swipe"), ("circleopen", "ripple")]
        for threads in [1, 2] {
            let baseline = try ffmpegSeconds(ffmpeg, a, b, transition: nil, frames: peerFrames, threads: threads)
            for (transition, peer) in peers {
                let total = try ffmpegSeconds(ffmpeg, a, b, transition: transition, frames: peerFrames, threads: threads)
                let ms = max(total - baseline, 1e-6) * 1000 / Double(peerFrames)
                let mine = ours[peer]?[threads] ?? .nan
                print("  " + transition.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: " %7d %11.2f %7.1f   ", threads, ms, 1000 / ms)
                      + peer.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: " %6.2f×", mine / ms))
            }
        }
    }

    /// Seconds ffmpeg takes to make `frames` frames of `transition` between the raw
    /// pictures (or, for nil, only to read and convert them).
    static func ffmpegSeconds(_ ffmpeg: String, _ a: URL, _ b: URL, transition: String?, frames: Int, threads: Int) throws -> Double {
        let seconds = Double(frames) / 30
        let input = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", "30", "-stream_loop", "-1"]
        let graph = transition.map { "[0]format=gbrap[a];[1]format=gbrap[b];[a][b]xfade=transition=\($0):duration=\(seconds):offset=0" }
            ?? "[0]format=gbrap[a];[1]format=gbrap,nullsink;[a]null"
        let arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "\(threads)", "-filter_threads", "\(threads)"]
            + input + ["-i", a.path] + input + ["-i", b.path]
            + ["-filter_complex", graph, "-frames:v", "\(frames)", "-f", "null", "-"]
        var best = Double.infinity
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments = arguments
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw MediaError.invalidSettings("ffmpeg failed: \(arguments.joined(separator: " "))") }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
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
