import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// Writing never destroys what a user has at the destination.
struct DestinationTests {
    /// A folder where a file is to be written is refused and left as it was (the replace
    /// step used to remove it with everything in it), for stills and for animations; a
    /// regular file is replaced in one rename.
    @Test func foldersAreNeverReplaced() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-keep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["keep.png", "keep.gif"] {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: folder.appendingPathComponent("precious.txt"))
        }
        let image = try CGImage(width: 2, height: 2, pixels: Data(repeating: 255, count: 16), layout: .rgba(premultiplied: false))
        do {
            try image.write(to: root.appendingPathComponent("keep.png"))
            Issue.record("wrote over a folder")
        } catch {
            #expect(error.description.contains("is a folder"), "\(error)")
        }
        let sink = try FrameSinks.sink(for: root.appendingPathComponent("keep.gif"))
        #expect(sink is GIFSink)
        #expect(throws: MediaError.self) { try sink.begin(try FrameSequenceFormat(width: 2, height: 2, framesPerSecond: 10)) }
        for name in ["keep.png", "keep.gif"] {
            let left = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(name).path)
            #expect(left == ["precious.txt"], "\(name): \(left)")
        }
        // A file is replaced, and nothing else is left beside it.
        let file = root.appendingPathComponent("still.png")
        try Data("old".utf8).write(to: file)
        try image.write(to: file)
        #expect(try CGImage.read(contentsOf: file).width == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["keep.gif", "keep.png", "still.png"])
    }
}
