import Foundation
import FlipbookAnimation
import Flipbook
import FlipbookGraphics
import FlipbookMedia

/// What recording a gallery scene made: where, how many frames over how long, and how big.
public struct GalleryRecording: Sendable, Equatable {
    /// The scene's name.
    public let scene: String
    /// The file (or, for PNG frames, the folder) written; nil for an output that is not a file.
    public let url: URL?
    /// Frames written.
    public let frameCount: Int
    /// Seconds recorded; 0 for a still.
    public let duration: Double
    /// Width and height of a frame in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// Bytes written (the folder's files together for PNG frames; 0 when not to a file).
    public let byteCount: Int

    public init(scene: String, url: URL?, frameCount: Int, duration: Double, pixelWidth: Int, pixelHeight: Int, byteCount: Int) {
        self.scene = scene
        self.url = url
        self.frameCount = frameCount
        self.duration = duration
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.byteCount = byteCount
    }
}

extension GalleryScene {
    /// Builds the scene with `settings` and records it into the file or folder `url`
    /// names (see `FrameSinks.sink(for:)`): its whole play time at `framesPerSecond`, or
    /// one frame for a still.
    @MainActor
    public func record(to url: URL, settings: Settings = Settings(),
                       framesPerSecond: Double = 15) throws(RecordingError) -> GalleryRecording {
        let sink: any FrameSink
        do { sink = try FrameSinks.sink(for: url) } catch { throw .output(error) }
        return try record(into: sink, at: url, settings: settings, framesPerSecond: framesPerSecond)
    }

    /// Builds the scene with `settings` and records it into `sink` (its whole play time at
    /// `framesPerSecond`, or one frame for a still); `url` names where the sink writes,
    /// nil for an output that is not a file (standard output, memory).
    @MainActor
    public func record(into sink: any FrameSink, at url: URL? = nil, settings: Settings = Settings(),
                       framesPerSecond: Double = 15) throws(RecordingError) -> GalleryRecording {
        let stage = makeStage(settings)
        let recorder = Recorder(layer: stage.layer, bounds: stage.bounds, scale: settings.scale)
        let duration = stage.duration > 0 ? stage.duration : 1 / framesPerSecond
        try recorder.record(duration: duration, framesPerSecond: framesPerSecond, from: 0, to: sink)
        let pixels = try? RenderTree.pixelSize(bounds: stage.bounds, scale: settings.scale)
        return GalleryRecording(scene: name, url: url,
                                frameCount: Recorder.frameCount(duration: duration, framesPerSecond: framesPerSecond),
                                duration: stage.duration, pixelWidth: pixels?.width ?? 0, pixelHeight: pixels?.height ?? 0,
                                byteCount: url.map(Self.byteCount(at:)) ?? 0)
    }

    /// The size of the file at `url`, or of the files in the folder.
    public static func byteCount(at url: URL) -> Int {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return 0 }
        let files = isFolder.boolValue
            ? ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).map { url.appendingPathComponent($0).path }
            : [url.path]
        return files.reduce(0) { total, path in
            total + ((try? manager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }
}
