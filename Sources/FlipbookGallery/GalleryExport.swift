import Foundation
import Flipbook
import FlipbookGraphics

/// Renders gallery scenes into a folder, one file each, and an `index.html` that shows
/// them all: what `flipbook demo` does.
///
/// ```swift
/// let export = GalleryExport(folder: URL(fileURLWithPath: "flipbook-out"), format: .gif)
/// let recordings = try export.run()
/// ```
public struct GalleryExport: Sendable {
    /// How each scene is written.
    public enum Format: String, CaseIterable, Sendable {
        /// An animated GIF, `NAME.gif`.
        case gif
        /// An animated PNG, `NAME.png` (lossless; browsers play it).
        case apng
        /// A folder of PNG frames, `NAME/frame-00000.png`, ….
        case png
        /// An H.264 video, `NAME.mp4` (needs ffmpeg).
        case mp4

        /// A sink writing this format into `output` (standard output, memory); a folder of
        /// PNG frames cannot go there.
        public func sink(writingInto output: any ByteOutput) throws(MediaError) -> any FrameSink {
            switch self {
            case .gif: return GIFSink(output: output)
            case .apng: return APNGSink(output: output)
            case .mp4: return VideoSink(output: output)
            case .png: throw .invalidSettings("a folder of PNG frames cannot be written to a stream; choose gif, apng or mp4")
            }
        }

        /// Where `scene` is written in `folder`.
        public func url(of scene: String, in folder: URL) -> URL {
            switch self {
            case .gif: folder.appendingPathComponent(scene + ".gif")
            case .apng: folder.appendingPathComponent(scene + ".png")
            case .png: folder.appendingPathComponent(scene, isDirectory: true)
            case .mp4: folder.appendingPathComponent(scene + ".mp4")
            }
        }
    }

    /// The folder written into (created if missing).
    public var folder: URL
    public var format: Format
    /// What every scene is built with (size, scale, random seed).
    public var settings: GalleryScene.Settings
    public var framesPerSecond: Double
    /// The scenes' names, in order; nil for the whole gallery.
    public var sceneNames: [String]?

    public init(folder: URL, format: Format = .gif, settings: GalleryScene.Settings = .init(),
                framesPerSecond: Double = 15, sceneNames: [String]? = nil) {
        self.folder = folder
        self.format = format
        self.settings = settings
        self.framesPerSecond = framesPerSecond
        self.sceneNames = sceneNames
    }

    /// The scenes to render, in order; an unknown name throws, listing the known ones.
    public func scenes() throws(RecordingError) -> [GalleryScene] {
        guard let sceneNames else { return Gallery.scenes }
        return try sceneNames.map { name throws(RecordingError) in
            guard let scene = Gallery.scene(named: name) else {
                throw .invalidSettings("there is no scene '\(name)'; the scenes are \(Gallery.scenes.map(\.name).joined(separator: ", "))")
            }
            return scene
        }
    }

    /// Renders each scene, telling `progress` before each one (its index and the count),
    /// then writes `index.html`; returns what was written, in order.
    @MainActor
    public func run(progress: (_ index: Int, _ count: Int, _ scene: GalleryScene) -> Void = { _, _, _ in })
        throws(RecordingError) -> [GalleryRecording] {
        let scenes = try scenes()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .invalidSettings("cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
        var recordings: [GalleryRecording] = []
        for (index, scene) in scenes.enumerated() {
            progress(index, scenes.count, scene)
            recordings.append(try scene.record(to: format.url(of: scene.name, in: folder), settings: settings,
                                               framesPerSecond: framesPerSecond))
        }
        let page = GalleryPage.html(recordings, scenes: scenes, format: format)
        do {
            try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"), options: .atomic)
        } catch {
            throw .invalidSettings("cannot write index.html in \(folder.path): \(error.localizedDescription)")
        }
        return recordings
    }
}
