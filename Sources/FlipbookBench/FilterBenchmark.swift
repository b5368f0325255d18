import Flipbook
import Foundation

/// `flipbook-bench filters [--frames N] [--only dissolve|swipe|…]`: Core Image transitions
/// and a blur on 1920×1080 frames, on 1 and 2 threads. (bench/compare.sh sets two of them
/// against ffmpeg's xfade.)
enum FilterBenchmark {
    static let width = 1920, height = 1080

    static func run(frames: Int, only: String?) throws {
        let source = try BenchSceneFactory.picture(warm: true, width: width, height: height)
        let target = try BenchSceneFactory.picture(warm: false, width: width, height: height)
        let sourceImage = CIImage(cgImage: source), targetImage = CIImage(cgImage: target)
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        print("filters on 1920×1080 frames (8-bit sRGB in and out, rendered into one reused bitmap as ffmpeg reuses its frames;")
        print("Flipbook mixes in linear light, straight in 8-bit where the recipe allows, in floating point otherwise)")
        let bitmap = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
        defer { bitmap.deallocate() }
        print("  filter                               threads    ms/frame     fps")
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
                print("  " + label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: " %7d %11.2f %7.1f", threads, ms, 1000 / ms))
            }
        }
    }
}
