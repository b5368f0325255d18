import FlipbookGraphics
import FlipbookMedia
import Foundation

/// Golden files for tests: references in a `__Snapshots__` folder beside the test file,
/// named after the test that compares with them — `<TestFile>.<testFunction>.png`, or
/// `<TestFile>.<testFunction>.<variant>.png` when one test has several — and compared
/// exactly, since Flipbook's output is byte-identical from run to run and machine to machine.
///
/// `FLIPBOOK_RECORD=1 swift test` re-records every reference a test reaches. A missing
/// reference is recorded and the test fails, so that it is looked at before it is
/// committed. A mismatch writes the actual file (and for images a difference image) beside
/// the reference, and the failure names them. ``unusedReferences(in:)`` finds references
/// that no test function names any more.
public enum Golden {
    /// Compares `image` with its reference; nil when every pixel matches exactly (as a PNG
    /// file keeps it: straight alpha), otherwise the failure to report.
    /// - Parameters:
    ///   - variant: which of a test's references, when it has several (a scene, a time).
    ///   - test: the test function; its name, up to its parameters, names the reference.
    ///   - file: the test file; the reference lies in `__Snapshots__` beside it.
    ///   - recording: whether to record the reference over the old one (by default, when
    ///     `FLIPBOOK_RECORD=1`).
    public static func compare(_ image: CGImage, _ variant: String? = nil, test: String = #function,
                               file: String = #filePath, recording: Bool = recordingRequested) -> String? {
        let reference = referenceURL(test: test, variant: variant, file: file, extension: "png")
        if let recorded = record(at: reference, replacing: recording, { try image.write(to: $0) }) { return recorded.message }
        let expected: CGImage
        do { expected = try CGImage.read(contentsOf: reference) } catch { return "cannot read golden \(reference.path): \(error)" }
        guard expected.width == image.width, expected.height == image.height else {
            return "size \(image.width)×\(image.height) differs from the golden's \(expected.width)×\(expected.height) at \(reference.path)"
        }
        guard let difference = ImageDifference(image.pngRoundTripped, from: expected), difference.differingPixels > 0 else { return nil }
        let actualURL = sibling(of: reference, "actual"), diffURL = sibling(of: reference, "diff")
        try? image.write(to: actualURL)
        try? difference.makeImage().write(to: diffURL)
        return "\(reference.lastPathComponent): \(difference.differingPixels) pixels differ (by up to \(difference.largestChannelDifference)); "
            + "golden \(reference.path), actual \(actualURL.path), difference \(diffURL.path)"
    }

    /// The reference file of `test` (and `variant`) beside `file`.
    static func referenceURL(test: String, variant: String?, file: String, extension ext: String) -> URL {
        let source = URL(fileURLWithPath: file)
        let function = test.prefix { $0 != "(" }
        var name = "\(source.deletingPathExtension().lastPathComponent).\(function)"
        if let variant { name += "." + fileNamePart(variant) }
        return source.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(name).appendingPathExtension(ext)
    }

    /// `variant` as a file name's part: letters, digits, `.`, `-` and `_`; anything else
    /// becomes `-` (runs of it one), and `×` becomes `x`.
    static func fileNamePart(_ variant: String) -> String {
        var part = ""
        for character in variant.replacingOccurrences(of: "×", with: "x") {
            if character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character)) {
                part.append(character)
            } else if !part.hasSuffix("-") {
                part.append("-")
            }
        }
        return part
    }

    /// `reference` with `kind` before its extension: `A.b.png` → `A.b.actual.png`.
    static func sibling(of reference: URL, _ kind: String) -> URL {
        reference.deletingPathExtension().appendingPathExtension(kind).appendingPathExtension(reference.pathExtension)
    }

    /// Whether the environment asks for references to be recorded: `FLIPBOOK_RECORD=1`.
    public static var recordingRequested: Bool { ProcessInfo.processInfo.environment["FLIPBOOK_RECORD"] == "1" }

    /// What recording did, when it happened: nil message when asked to re-record.
    struct Recording { let message: String? }

    /// Records the reference with `write` when `recording` or when it is missing; nil when
    /// there is a reference to compare with.
    static func record(at reference: URL, replacing recording: Bool, _ write: (URL) throws -> Void) -> Recording? {
        guard recording || !FileManager.default.fileExists(atPath: reference.path) else { return nil }
        do {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try write(reference)
        } catch {
            return Recording(message: "could not record \(reference.path): \(error)")
        }
        return Recording(message: recording ? nil : "recorded new golden \(reference.path); look at it, then commit it")
    }

    /// The references under `tests` (a folder of test targets, each with its
    /// `__Snapshots__`) whose test function no longer exists: `A.b.png` is used while a
    /// file `A.swift` in the same target declares `func b(`; so is swift-snapshot-testing's
    /// `A/b.name.png`. Paths relative to `tests`, sorted. A test's variants are not
    /// checked: that needs the test to run.
    public static func unusedReferences(in tests: URL) throws -> [String] {
        let manager = FileManager.default
        var unused: [String] = []
        for target in try manager.contentsOfDirectory(atPath: tests.path).sorted() {
            let folder = tests.appendingPathComponent(target)
            let snapshots = folder.appendingPathComponent("__Snapshots__")
            guard let references = try? manager.contentsOfDirectory(atPath: snapshots.path) else { continue }
            var sources: [String: String] = [:]
            for case let path as String in manager.enumerator(atPath: folder.path) ?? NSEnumerator() where path.hasSuffix(".swift") {
                let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                sources[stem] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            }
            func declares(_ file: String, _ function: Substring) -> Bool { sources[file]?.contains("func \(function)(") == true }
            for reference in references.sorted() where !reference.hasPrefix(".") {
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: snapshots.appendingPathComponent(reference).path, isDirectory: &isFolder), isFolder.boolValue {
                    // swift-snapshot-testing's: a folder per test file, `<test>.<name>.<extension>` in it.
                    for file in try manager.contentsOfDirectory(atPath: snapshots.appendingPathComponent(reference).path).sorted()
                    where !file.hasPrefix(".") {
                        let function = file.prefix { $0 != "." && $0 != "-" }
                        if !declares(reference, function) { unused.append("\(target)/__Snapshots__/\(reference)/\(file)") }
                    }
                    continue
                }
                let parts = reference.split(separator: ".")
                if parts.count >= 4, ["actual", "diff"].contains(parts[parts.count - 2]) { continue }
                let used = parts.count >= 3 && declares(String(parts[0]), parts[1])
                if !used { unused.append("\(target)/__Snapshots__/\(reference)") }
            }
        }
        return unused
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
}
