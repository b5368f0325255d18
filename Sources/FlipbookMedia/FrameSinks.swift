import Foundation

/// Chooses a `FrameSink` from an output path.
public enum FrameSinks {
    /// The sink a path names: `.gif` → `GIFSink`; `.png` or `.apng` → `APNGSink`; `.mp4`,
    /// `.m4v`, `.mov`, `.webm` → `VideoSink`; a path without an extension → a
    /// `PNGSequenceSink` folder. A name with an extension is always a file: a folder of that
    /// name is refused when the sink begins, never filled or replaced. Other extensions
    /// throw `invalidSettings`.
    public static func sink(for url: URL) throws(MediaError) -> any FrameSink {
        let path = url.path
        let pathExtension = url.pathExtension.lowercased()
        // A name with an extension is a file, even where a folder of that name exists (which
        // is then refused, not filled with frames); only a name without one is a folder.
        if pathExtension.isEmpty {
            return PNGSequenceSink(directory: URL(fileURLWithPath: path, isDirectory: true))
        }
        switch pathExtension {
        case "gif": return GIFSink(url: url)
        case "png", "apng": return APNGSink(url: url)
        default:
            guard VideoSink.Codec(pathExtension: pathExtension) != nil else {
                throw .invalidSettings("cannot write frames to '.\(pathExtension)'; use .gif, .png/.apng, .mp4, .mov, .webm or a folder/")
            }
            return try VideoSink(url: url)
        }
    }
}
