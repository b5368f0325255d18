import Foundation

/// Bytes handed on as soon as they are ready, to a closure: standard output, a socket, an
/// HTTP response body. A stream cannot go back, so formats whose header is known only at
/// the end (APNG's frame count, a video's index) collect their bytes first and hand them
/// on when complete; a GIF streams frame by frame.
public final class StreamOutput: ByteOutput {
    private let send: (Data) throws -> Void
    private let end: () throws -> Void
    private var isOpen = true

    /// A stream that hands each piece to `send`, and calls `end` once the output is complete.
    public init(_ send: @escaping (Data) throws -> Void, end: @escaping () throws -> Void = {}) {
        self.send = send
        self.end = end
    }

    /// The process's standard output.
    public static func standardOutput() -> StreamOutput {
        StreamOutput { data in try FileHandle.standardOutput.write(contentsOf: data) }
    }

    public var canRewrite: Bool { false }

    public func write(_ data: Data) throws(MediaError) {
        guard isOpen else { throw .writeFailed("the stream is already closed") }
        do { try send(data) } catch {
            isOpen = false
            throw .writeFailed("the stream stopped taking bytes: \(error.localizedDescription)")
        }
    }

    public func write(_ data: Data, at offset: UInt64) throws(MediaError) {
        throw .writeFailed("a stream cannot rewrite bytes it has sent")
    }

    public func commit() throws(MediaError) {
        guard isOpen else { throw .writeFailed("the stream is already closed") }
        isOpen = false
        do { try end() } catch { throw .writeFailed("the stream could not be ended: \(error.localizedDescription)") }
    }

    public func abort() { isOpen = false }
}
