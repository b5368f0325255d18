import Foundation

/// Frames kept in a temporary file beside an encoder's destination, each with its start
/// time, until a second pass reads them back in order; the file is removed when the spool
/// is closed or released.
final class FrameSpool {
    private let url: URL
    private var handle: FileHandle?
    private let frameBytes: Int
    /// Each frame's start, in the order written.
    private(set) var starts: [Int] = []

    /// Creates the temporary file beside `destination`, for frames of `pixelCount` pixels.
    init(beside destination: URL, pixelCount: Int) throws(MediaError) {
        url = WorkingFiles.url(beside: destination, suffix: "frames")
        frameBytes = pixelCount * 4
        // Counted before it exists, so an interruption at any moment finds it.
        WorkingFiles.opened(url)
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forUpdating: url) else {
            try? FileManager.default.removeItem(at: url)
            WorkingFiles.closed(url)
            throw .writeFailed("cannot create a temporary file beside \(destination.path)")
        }
        self.handle = handle
    }

    deinit { close() }

    /// Appends one frame's pixels and its start.
    func append(_ pixels: [UInt32], start: Int) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(url.path): the spool is closed") }
        do {
            try pixels.withUnsafeBytes { try handle.write(contentsOf: $0) }
        } catch {
            close()
            throw .writeFailed("\(url.path): \(error.localizedDescription)")
        }
        starts.append(start)
    }

    /// Reads the frames back with their starts, in the order they were written.
    func forEach(_ body: ([UInt32], Int) throws(MediaError) -> Void) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(url.path): the spool is closed") }
        var pixels = [UInt32](repeating: 0, count: frameBytes / 4)
        do { try handle.seek(toOffset: 0) } catch { throw .writeFailed("\(url.path): \(error.localizedDescription)") }
        for start in starts {
            let data: Data?
            do { data = try handle.read(upToCount: frameBytes) } catch { throw .writeFailed("\(url.path): \(error.localizedDescription)") }
            guard let data, data.count == frameBytes else { throw .writeFailed("\(url.path): the temporary file was cut short") }
            pixels.withUnsafeMutableBytes { _ = data.copyBytes(to: $0) }
            try body(pixels, start)
        }
    }

    /// Closes and removes the file.
    func close() {
        guard let handle else { return }
        self.handle = nil
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
        WorkingFiles.closed(url)
    }
}
