import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook lottie` end to end on the project's own file: --info, a whole animation with
/// its table, one frame, and bad input refused with what is wrong.
@MainActor
@Suite(.serialized) struct LottieCommandTests {
    nonisolated static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("flipbook")
    nonisolated static let shapes = LottieFixture.url("shapes").path

    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, error: String) {
        let result = try Subprocess.run(Self.executable.path, ["lottie"] + arguments, in: folder)
        return (result.status, result.text, result.error)
    }

    @Test func infoDescribesTheFile() throws {
        let folder = try TemporaryDirectory()
        let info = try run([Self.shapes, "--info"], in: folder.url)
        #expect(info.status == 0, "\(info.error)")
        #expect(info.output == """
            shapes.json (“Flipbook shapes”)
            size        200 × 120 points
            frame rate  30 a second
            frames      0 to 60
            duration    2.000 s
            layers      5 (1 precompositions)
            Flipbook draws all of it.

            """)
    }

    @Test func theWholeAnimationAndOneFrame() throws {
        let folder = try TemporaryDirectory()
        let whole = try run([Self.shapes, "--fps", "10", "--background", "#ffffff"], in: folder.url)
        #expect(whole.status == 0, "\(whole.error)")
        #expect(whole.output.contains("shapes.gif") && whole.output.contains("200×120"), "\(whole.output)")
        let gif = try AnimatedImage(contentsOf: folder.file("shapes.gif"))
        #expect(gif.frames.count == 20 && gif.frames[0].pixel(0, 0) != [0, 0, 0, 0])
        let still = try run([Self.shapes, "--frame", "15", "--scale", "2", "-o", "middle.png"], in: folder.url)
        #expect(still.status == 0, "\(still.error)")
        // Frame 15 as the layer tree renders it alone: the square half-way, at x = 100.
        #expect(try CGImage.read(contentsOf: folder.file("middle.png")).pixel(200, 120) == [230, 51, 51, 255])
        #expect(folder.contents == ["middle.png", "shapes.gif"])
    }

    @Test(arguments: [
        (["missing.json"], "no Lottie file at"),
        (["broken.json"], "not a Lottie animation: The given data was not valid JSON."),
        (["cycle.json"], "the layer with index 1 is its own ancestor through its parents"),
        ([shapes, "--progress", "2"], "--progress must be from 0 to 1, not 2.0"),
        ([shapes, "--frame", "1", "--progress", "0.5"], "give --progress or --frame, not both"),
        ([shapes, "--frame", "99"], "--frame must be from 0.0 to 60.0"),
        ([shapes, "--fps", "1e9"], "--fps must be above 0 and at most 120"),
        ([shapes, "--size", "0x10"], "--size 0x10: expected WIDTHxHEIGHT"),
        ([shapes, "--background", "teal"], "--background teal: expected #rrggbb"),
    ])
    func badInputIsRefused(arguments: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        try Data("{".utf8).write(to: folder.file("broken.json"))
        try Data(#"{"fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[{"ty":3,"ind":1,"parent":2,"ks":{}},{"ty":3,"ind":2,"parent":1,"ks":{}}]}"#.utf8)
            .write(to: folder.file("cycle.json"))
        let result = try run(arguments, in: folder.url)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(folder.contents == ["broken.json", "cycle.json"])
    }
}
