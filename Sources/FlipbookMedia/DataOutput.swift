import Foundation

/// Bytes kept in memory: an animation to hand back from a server without a file.
/// `data` holds everything written; with `target`, `commit()` then hands it all on in
/// one piece (how a format whose header comes last is streamed).
public final class DataOutput: ByteOutput {
    /// Everything written so far.
    public private(set) var data = Data()
    /// Where the bytes go when committed, if anywhere.
    public let target: (any ByteOutput)?
    private var isOpen = true

    /// An output into memory, handed on to `target` when committed.
    public init(committingInto target: (any ByteOutput)? = nil) {
        self.target = target
    }

    public var canRewrite: Bool { true }

    public func write(_ data: Data) throws(MediaError) {
        guard isOpen else { throw .writeFailed("the output is already closed") }
        self.data.append(data)
    }

    public func write(_ data: Data, at offset: UInt64) throws(MediaError) {
        guard isOpen else { throw .writeFailed("the output is already closed") }
        guard offset <= UInt64(self.data.count), let start = Int(exactly: offset), start + data.count <= self.data.count else {
            throw .writeFailed("bytes \(offset)..<\(offset + UInt64(data.count)) are not all written yet")
        }
        self.data.replaceSubrange(start..<(start + data.count), with: data)
    }

    public func commit() throws(MediaError) {
        guard isOpen else { throw .writeFailed("the output is already closed") }
        isOpen = false
        guard let target else { return }
        do throws(MediaError) {
            try target.write(data)
            try target.commit()
        } catch {
            target.abort()
            throw error
        }
    }

    public func abort() {
        guard isOpen else { return }
        isOpen = false
        target?.abort()
    }
}
