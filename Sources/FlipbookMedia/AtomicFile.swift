import Foundation

/// A file written under a temporary name in its destination's directory and renamed to
/// the destination only when complete, so an interrupted or failed write never leaves a
/// partial file under the final name. Streaming encoders append to it frame by frame.
public final class AtomicFile {
    /// Where the file ends up.
    public let destination: URL
    /// Where it is written until `commit()`.
    public let temporaryURL: URL
    private var handle: FileHandle?

    /// Creates the temporary file. Throws if the destination's directory is missing or
    /// not writable, or if something other than a regular file is at the destination (a
    /// folder, a device, a pipe): only a file is ever replaced.
    public init(destination: URL) throws(MediaError) {
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        try Self.checkDirectory(directory)
        try Self.checkReplaceable(destination)
        temporaryURL = WorkingFiles.url(beside: destination, suffix: "partial")
        // Counted before it exists, so an interruption at any moment finds it.
        WorkingFiles.opened(temporaryURL)
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: temporaryURL) else {
            try? FileManager.default.removeItem(at: temporaryURL)
            WorkingFiles.closed(temporaryURL)
            throw .writeFailed("cannot create a file in \(directory.path): the directory is not writable")
        }
        self.handle = handle
    }

    deinit { abort() }

    /// Appends `data`.
    public func write(_ data: Data) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(destination.path): the file is already closed") }
        do { try handle.write(contentsOf: data) } catch {
            abort()
            throw .writeFailed("\(destination.path): \(error.localizedDescription)")
        }
    }

    /// Overwrites bytes at `offset` (for headers that are known only at the end).
    public func write(_ data: Data, at offset: UInt64) throws(MediaError) {
        guard let handle else { throw .writeFailed("\(destination.path): the file is already closed") }
        do {
            let end = try handle.offset()
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: data)
            try handle.seek(toOffset: end)
        } catch {
            abort()
            throw .writeFailed("\(destination.path): \(error.localizedDescription)")
        }
    }

    /// Closes the file and renames it to `destination`, replacing any file there.
    public func commit() throws(MediaError) {
        guard let handle else { throw .writeFailed("\(destination.path): the file is already closed") }
        self.handle = nil
        defer { WorkingFiles.closed(temporaryURL) }
        do {
            try handle.close()
            try Self.replace(destination, with: temporaryURL)
        } catch {
            try? FileManager.default.removeItem(at: temporaryURL)
            throw .writeFailed("\(destination.path): \(error.localizedDescription)")
        }
    }

    /// Closes and removes the temporary file; the destination is left as it was.
    public func abort() {
        guard let handle else { return }
        self.handle = nil
        try? handle.close()
        try? FileManager.default.removeItem(at: temporaryURL)
        WorkingFiles.closed(temporaryURL)
    }

    /// Writes `data` to `url` atomically.
    public static func write(_ data: Data, to url: URL) throws(MediaError) {
        let file = try AtomicFile(destination: url)
        try file.write(data)
        try file.commit()
    }

    /// Throws unless `directory` exists and is a writable directory.
    static func checkDirectory(_ directory: URL) throws(MediaError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .writeFailed("directory \(directory.path) does not exist; create it first")
        }
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            throw .writeFailed("directory \(directory.path) is not writable")
        }
    }

    /// Throws unless nothing, or a regular file, is at `destination`.
    static func checkReplaceable(_ destination: URL) throws(MediaError) {
        var status = stat()
        guard lstat(destination.path, &status) == 0 else { return }  // nothing there
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFLNK else {
            let what = type == S_IFDIR ? "a folder" : "not a regular file"
            throw .writeFailed("\(destination.path) is \(what); write to a file name (a folder of PNG frames is named without an extension)")
        }
    }

    /// Renames `source` to `destination` in one step (rename(2)), replacing a file there;
    /// a folder or anything else at the destination is never removed.
    static func replace(_ destination: URL, with source: URL) throws {
        try checkReplaceable(destination)
        guard rename(source.path, destination.path) == 0 else {
            throw MediaError.writeFailed("cannot rename to \(destination.path): \(String(cString: strerror(errno)))")
        }
    }
}
