import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Foundation
import Testing

/// The `flipbook` executable end to end, at a small size: what it prints, the files it
/// writes and how it refuses bad input. `swift test` builds it beside the tests.
///
/// The suite holds the main actor while the executable runs, so the tests that read the
/// real clock around `DispatchQueue.main.asyncAfter` (seed 001's 3 ms) do not run beside
/// these busy processes.
@MainActor
@Suite(.serialized) struct CommandLineTests {
    /// The built `flipbook`, beside the running test binary.
    private static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("flipbook")

    /// Runs `flipbook arguments` in `folder`; its exit status, standard output and error.
    private func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, error: String) {
        let result = try Subprocess.run(Self.executable.path, arguments, in: folder)
        return (result.status, result.text, result.error)
    }

    @Test func theExecutableIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path)")
    }

    @Test func listNamesEveryScene() throws {
        let folder = try TemporaryDirectory()
        let result = try run(["list"], in: folder.url)
        #expect(result.status == 0)
        for scene in Gallery.scenes { #expect(result.output.contains(scene.name), "\(scene.name)") }
        #expect(result.output.contains("Seed 003 · MagnifierView"))
    }

    /// `flipbook demo` with two scenes: GIFs of the asked size and length, the index, the
    /// progress on standard error and the table on standard output.
    @Test func demoWritesTheScenesTheIndexAndATable() throws {
        let folder = try TemporaryDirectory()
        let result = try run(["demo", "--only", "flip-card", "--only", "tour-keyframe-path", "--fps", "10",
                              "--size", "140x110", "--scale", "1"], in: folder.url)
        #expect(result.status == 0, "\(result.error)")
        let out = folder.file("flipbook-out")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted()
            == ["flip-card.gif", "index.html", "tour-keyframe-path.gif"])
        let flip = try AnimatedImage(contentsOf: out.appendingPathComponent("flip-card.gif"))
        #expect(flip.frames.first?.width == 140 && flip.frames.first?.height == 110)
        #expect(abs(flip.delays.reduce(0, +) - 2.6) < 1e-9)
        let tour = try AnimatedImage(contentsOf: out.appendingPathComponent("tour-keyframe-path.gif"))
        #expect(tour.frames.first?.width == 320, "the tour keeps the article's 300-point view")
        #expect(abs(tour.delays.reduce(0, +) - 3) < 1e-9)
        #expect(result.error.contains("1/2 tour-keyframe-path") && result.error.contains("2/2 done"))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("scene") == true)
        #expect(lines.contains { $0.hasPrefix("flip-card") && $0.contains("26") && $0.contains("140×110") })
        #expect(lines.contains { $0.hasPrefix("tour-keyframe-path") && $0.contains("30") && $0.contains("3.00") })
        #expect(lines.contains { $0.hasPrefix("total") && $0.contains("56") })
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains("flip-card.gif"))
    }

    @Test func renderWritesAStillOrTheWholeScene() throws {
        let folder = try TemporaryDirectory()
        let still = try run(["render", "finale", "--time", "1.5", "--scale", "0.5"], in: folder.url)
        #expect(still.status == 0, "\(still.error)")
        let frame = try CGImage.read(contentsOf: folder.file("finale.png"))
        #expect(frame.width == 180 && frame.height == 180)
        let whole = try run(["render", "tour-fade-and-scale", "-o", "fade.png", "--fps", "10"], in: folder.url)
        #expect(whole.status == 0, "\(whole.error)")
        let apng = try AnimatedImage(contentsOf: folder.file("fade.png"))
        #expect(apng.frames.count == 10)
        #expect(folder.contents == ["fade.png", "finale.png"])
    }

    /// `-o -` writes the animation (or with `--time`, the PNG) to standard output, the
    /// summary to standard error, and no file.
    @Test func renderWritesToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        let gif = try Subprocess.run(Self.executable.path, ["render", "tour-fade-and-scale", "-o", "-", "--fps", "10"], in: folder.url)
        #expect(gif.status == 0, "\(gif.error)")
        #expect(gif.output.starts(with: Data("GIF89a".utf8)))
        #expect(try AnimatedImage(data: gif.output).frames.count > 1)
        #expect(gif.error.contains("standard output"), "\(gif.error)")
        let apng = try Subprocess.run(Self.executable.path, ["render", "tour-fade-and-scale", "-o", "-", "--format", "apng", "--fps", "10"],
                                      in: folder.url)
        #expect(apng.status == 0, "\(apng.error)")
        let apngFrames = try AnimatedImage(data: apng.output).frames.count
        #expect(apngFrames == 10)
        let still = try Subprocess.run(Self.executable.path, ["render", "finale", "--time", "1.5", "--scale", "0.5", "-o", "-"], in: folder.url)
        #expect(still.status == 0, "\(still.error)")
        let stillWidth = try CGImage.decode(still.output).width
        #expect(stillWidth == 180)
        let frames = try Subprocess.run(Self.executable.path, ["render", "finale", "-o", "-", "--format", "png"], in: folder.url)
        #expect(frames.status != 0 && frames.error.contains("cannot be written to a stream"), "\(frames.error)")
        #expect(folder.contents.isEmpty, "\(folder.contents)")
    }

    /// Interrupted mid-write (Ctrl-C), `flipbook` removes its working files — the GIF's
    /// frame spool, the partial file — and exits with 130, leaving the folder as it was.
    @Test func interruptionLeavesNothingBehind() throws {
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["render", "finale", "-o", "finale.gif", "--scale", "3", "--fps", "60"]
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (at most a minute) until the write has begun.
        var waited = 0
        while process.isRunning, folder.contents.isEmpty, waited < 600 {
            usleep(100_000)
            waited += 1
        }
        #expect(process.isRunning, "the render ended before it could be interrupted")
        #expect(folder.contents.contains { $0.hasSuffix(".frames") || $0.hasSuffix(".partial") }, "\(folder.contents)")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(folder.contents.isEmpty, "\(folder.contents)")
    }

    /// Killed outright (`kill -9`) mid-video, `flipbook` cannot clean up, but its ffmpeg dies
    /// with it instead of finishing a file nobody will use.
    @Test func ffmpegDiesWithAKilledFlipbook() throws {
        let folder = try TemporaryDirectory(), tools = try TemporaryDirectory()
        let standIn = try StandInFFmpeg(in: tools.url)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["render", "finale", "-o", "finale.mp4", "--scale", "3", "--fps", "60"]
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(["FLIPBOOK_FFMPEG": standIn.url.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = try #require(standIn.processIdentifier(), "flipbook never started ffmpeg")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(StandInFFmpeg.ends(pid, within: 10), "ffmpeg \(pid) outlived flipbook")
        if StandInFFmpeg.isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// Bad input exits non-zero with a message that says what to do, and writes nothing.
    @Test(arguments: [
        (["render", "nope"], "flipbook list"),
        (["demo", "--format", "webp"], "one of 'gif', 'apng', 'png' or 'mp4'"),
        (["demo", "--size", "10x10"], "WIDTHxHEIGHT"),
        (["demo", "--scale", "0"], "--scale"),
        (["demo", "--only", "nope"], "there is no scene 'nope'"),
        (["render", "finale", "-o", "finale.bmp"], ".gif, .png/.apng"),
        // Numbers out of range — huge, negative, not finite — are refused with their range.
        (["render", "flip-card", "--time", "1e308"], "--time must be from 0 to"),
        (["render", "flip-card", "--time", "-1"], "--time must be 0 or more seconds, not -1.0"),
        (["render", "flip-card", "--time", "nan"], "--time must be 0 or more seconds"),
        (["demo", "--scale", "-1"], "--scale must be above 0 and at most 8, not -1.0"),
        (["demo", "--fps", "-5"], "--fps must be above 0 and at most 120, not -5.0"),
        (["demo", "--fps", "1e9"], "--fps must be above 0 and at most 120"),
        (["preview", "--port", "-1"], "--port must be from 0 to 65535, not -1"),
        (["transition", "a.png", "b.png", "-o", "t.gif", "--duration", "1e300"], "--duration must be above 0 and at most 3600"),
        (["transition", "a.png", "b.png", "-o", "t.gif", "--fps", "1e308"], "--fps must be above 0 and at most 120"),
        // Words that say what is wrong, under the command's own usage.
        (["transition", "a.png", "b.png", "-o", "t.gif", "--param", "inputAngle"], "expected key=value, e.g. inputAngle=1.2"),
        (["filters", "--category", "bogus"], "the categories are blur,"),
        (["transition", "/dev/zero", "/dev/zero", "-o", "t.gif"], "not a regular file"),
        (["transition", ".", ".", "-o", "t.gif"], "it is a folder"),
        (["render", "shimmer", "--time", "0.5", "-o", "/dev/full"], "its name has no extension"),
    ])
    func badInputIsRefused(arguments: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        let result = try run(arguments, in: folder.url)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
        let left = folder.contents.filter { $0 != "flipbook-out" }
        #expect(left.isEmpty, "\(left)")
    }
}
