import FlipbookGraphics
import FlipbookMedia
import Foundation

/// Golden-image comparison for tests: reference PNGs live in a `__Snapshots__` folder next
/// to the test file. `FLIPBOOK_RECORD=1 swift test` re-records them; a mismatch writes the
/// actual image and a diff image next to the reference and reports their paths.
public enum Golden {
    /// The outcome of a comparison; `failure` is nil when the image matches.
    public struct Result: Sendable {
        public let failure: String?
        public let maximumDifference: Int
        public let differingPixels: Int
    }

    /// Compares `image` with `__Snapshots__/<name>.png` beside `file`.
    /// - Parameters:
    ///   - tolerance: the largest per-channel difference that still counts as equal.
    ///   - allowedDifferingPixels: how many pixels may exceed the tolerance.
    public static func compare(_ image: CGImage, named name: String, file: String = #filePath,
                               tolerance: Int = 2, allowedDifferingPixels: Int = 0) -> Result {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let reference = folder.appendingPathComponent("\(name).png")
        let recording = ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1"
        if recording || !FileManager.default.fileExists(atPath: reference.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do { try image.write(to: reference) } catch { return Result(failure: "could not record: \(error)", maximumDifference: 0, differingPixels: 0) }
            return Result(failure: recording ? nil : "recorded new golden \(reference.path); look at it, then commit it",
                          maximumDifference: 0, differingPixels: 0)
        }
        let expected: CGImage
        do { expected = try CGImage.read(contentsOf: reference) } catch {
            return Result(failure: "cannot read golden \(reference.path): \(error)", maximumDifference: 0, differingPixels: 0)
        }
        guard expected.width == image.width, expected.height == image.height else {
            return Result(failure: "size \(image.width)×\(image.height) differs from golden \(expected.width)×\(expected.height) at \(reference.path)",
                          maximumDifference: 255, differingPixels: image.width * image.height)
        }
        // Compare what a PNG round trip keeps (straight alpha on disk).
        let actualBytes = roundTripped(image)
        let expectedBytes = expected.withUnsafePremultipliedBytes { Array($0) }
        var maxDiff = 0, differing = 0
        var diff = [UInt8](repeating: 0, count: actualBytes.count)
        for p in stride(from: 0, to: actualBytes.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actualBytes[p + c]) - Int(expectedBytes[p + c]))) }
            maxDiff = max(maxDiff, d)
            if d > tolerance {
                differing += 1
                diff[p] = 255; diff[p + 3] = 255
            } else {
                let gray = UInt8(Int(expectedBytes[p + 3]) / 4)
                diff[p] = gray; diff[p + 1] = gray; diff[p + 2] = gray; diff[p + 3] = 255
            }
        }
        guard differing > allowedDifferingPixels else {
            return Result(failure: nil, maximumDifference: maxDiff, differingPixels: differing)
        }
        let actualURL = folder.appendingPathComponent("\(name).actual.png")
        let diffURL = folder.appendingPathComponent("\(name).diff.png")
        try? image.write(to: actualURL)
        if let diffImage = try? CGImage(width: image.width, height: image.height, pixels: Data(diff), layout: .rgba(premultiplied: true)) {
            try? diffImage.write(to: diffURL)
        }
        return Result(failure: "\(name): \(differing) pixels differ by more than \(tolerance) (largest \(maxDiff)); "
                          + "golden \(reference.path), actual \(actualURL.path), diff \(diffURL.path)",
                      maximumDifference: maxDiff, differingPixels: differing)
    }

    static func roundTripped(_ image: CGImage) -> [UInt8] {
        guard let data = try? image.pngData(), let back = try? CGImage.decode(data) else {
            return image.withUnsafePremultipliedBytes { Array($0) }
        }
        return back.withUnsafePremultipliedBytes { Array($0) }
    }
}

/// Small helpers for reading pixels in tests.
public extension CGImage {
    /// The premultiplied RGBA of the pixel at (x, y).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        withUnsafePremultipliedBytes { bytes in
            let i = (y * width + x) * 4
            return [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
        }
    }

    /// The sum of alpha over all pixels, in units of whole pixels.
    var totalCoverage: Double {
        withUnsafePremultipliedBytes { bytes in
            stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } / 255
        }
    }
}

public extension CGImage {
    /// All premultiplied RGBA bytes.
    var premultipliedBytes: [UInt8] { withUnsafePremultipliedBytes { Array($0) } }

    /// The largest and the mean absolute difference of any channel from `other` (of the
    /// same size), in 0…255.
    func difference(from other: CGImage) -> (maximum: Int, mean: Double) {
        let a = premultipliedBytes, b = other.premultipliedBytes
        guard a.count == b.count, !a.isEmpty else { return (255, 255) }
        var maximum = 0, total = 0
        for i in a.indices {
            let d = abs(Int(a[i]) - Int(b[i]))
            maximum = max(maximum, d)
            total += d
        }
        return (maximum, Double(total) / Double(a.count))
    }

    /// The image as a PNG file stores it (straight alpha), decoded again: what an exact
    /// lossless export of it decodes to.
    var pngRoundTripped: CGImage { (try? CGImage.decode(pngData())) ?? self }
}
