import Foundation

/// Where a sink writes: a file, opened under a working name when the sink begins, or an
/// output given (memory, a stream).
enum SinkDestination {
    case file(URL)
    case output(any ByteOutput)

    /// The file, if the destination is one.
    var url: URL? {
        if case .file(let url) = self { return url }
        return nil
    }

    /// The output to write into; a file's is created now.
    func open() throws(MediaError) -> any ByteOutput {
        switch self {
        case .file(let url): try AtomicFile(destination: url)
        case .output(let output): output
        }
    }

    /// A name beside which working files go: the file's own, else one in the temporary folder.
    var workingFilesAnchor: URL {
        url ?? FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-output")
    }
}
