import Foundation

/// Where an encoder's bytes go: a file renamed into place when complete (`AtomicFile`),
/// memory (`DataOutput`), or a stream that takes each piece as soon as it is ready
/// (`StreamOutput`: standard output, an HTTP response body). Used once: writes, then
/// `commit()` or `abort()`.
public protocol ByteOutput: AnyObject {
    /// Whether bytes already written can be overwritten (`write(_:at:)`); a stream cannot.
    var canRewrite: Bool { get }
    /// Appends `data`.
    func write(_ data: Data) throws(MediaError)
    /// Overwrites bytes at `offset`, for headers known only at the end; only where
    /// `canRewrite`.
    func write(_ data: Data, at offset: UInt64) throws(MediaError)
    /// Completes the output.
    func commit() throws(MediaError)
    /// Abandons the output: a file leaves nothing behind; a stream stops.
    func abort()
}

extension AtomicFile: ByteOutput {
    public var canRewrite: Bool { true }
}
