import Foundation

/// Frames kept in a temporary file beside an encoder's destination until a second pass
/// reads them back in order; the file is removed when the spool is closed or released.
final class FrameSpool {
    private let url: URL
    private var handle: FileHandle?
    private let frameBytes: Int
    /// How many frames were written.
    private(set) var count = 0

    /// Creates the temporary file beside `destination`, for frames of `pixelCount` pixels.
    init(beside destination: URL, pixelCount: Int) throws(MediaError) {
        url = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).frames")
        frameBytes = pixelCount * 4
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forUpdating: url) else {
            throw .writeFailed("cannot create a temporary file beside \(destination.path)")
        }
        self.handle = handle
    }

    deinit { close() }

    /// Appends one frame's pixels.
    func append(_ pixels: [UInt32]) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(url.path): the spool is closed") }
        do {
            try pixels.withUnsafeBytes { try handle.write(contentsOf: $0) }
        } catch {
            close()
            throw .writeFailed("\(url.path): \(error.localizedDescription)")
        }
        count += 1
    }

    /// Reads the frames back, in the order they were written.
    func forEach(_ body: ([UInt32]) throws(MediaError) -> Void) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(url.path): the spool is closed") }
        var pixels = [UInt32](repeating: 0, count: frameBytes / 4)
        do { try handle.seek(toOffset: 0) } catch { throw .writeFailed("\(url.path): \(error.localizedDescription)") }
        for _ in 0..<count {
            let data: Data?
            do { data = try handle.read(upToCount: frameBytes) } catch { throw .writeFailed("\(url.path): \(error.localizedDescription)") }
            guard let data, data.count == frameBytes else { throw .writeFailed("\(url.path): the temporary file was cut short") }
            pixels.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
            try body(pixels)
        }
    }

    /// Closes and removes the file.
    func close() {
        guard let handle else { return }
        self.handle = nil
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
