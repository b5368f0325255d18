import Flipbook

/// The file an animation snapshot is kept in.
enum SnapshotAnimationFormat: String, Sendable {
    case gif
    case apng

    /// The reference's extension: an APNG is a `.png` file.
    var pathExtension: String { self == .gif ? "gif" : "png" }

    /// The format's name in messages.
    var name: String { self == .gif ? "a GIF" : "an APNG" }

    /// A sink encoding into `output`.
    func sink(writingInto output: DataOutput) -> any FrameSink {
        self == .gif ? GIFSink(output: output) : APNGSink(output: output)
    }
}
