import FlipbookGraphics
import FlipbookMedia
import Foundation
import Testing

/// Working files of a process that was killed outright are removed by the next write into
/// the same folder; those of live processes are left alone.
struct WorkingFilesTests {
    @Test func staleWorkingFilesAreRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process number no process has (above the kernel's pid_max of 2^22), one of a
        // live process, and a user's own hidden file that only looks similar.
        let names = [".out.gif.9999999.\(UUID().uuidString).frames", ".out.mp4.9999999.\(UUID().uuidString).log",
                     ".out.gif.1.\(UUID().uuidString).partial", ".notes.1.txt"]
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let image = try CGImage(width: 2, height: 2, pixels: Data(repeating: 255, count: 16), layout: .rgba(premultiplied: false))
        try image.write(to: folder.appendingPathComponent("still.png"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [names[2], names[3], "still.png"].sorted())
    }
}
