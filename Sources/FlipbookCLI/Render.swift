import ArgumentParser
import Flipbook
import FlipbookGallery

/// `flipbook render SCENE`: one gallery scene, whole or at one time.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one gallery scene, or its frame at one time.",
        discussion: """
            Without --output the file is SCENE.gif (or the format's name) in the current folder; with --time it is SCENE.png. \
            With --output - the bytes go to standard output in --format (gif, apng or mp4; a PNG with --time) \
            and the summary to standard error.
            """)

    @Argument(help: "The scene (`flipbook list`).")
    var scene: String

    @Option(name: .shortAndLong, help: "The file or folder/ to write, its extension picking the format; - for standard output.")
    var output: String?

    @Option(help: "gif, apng, png (a folder of frames) or mp4, when --output does not say.")
    var format = GalleryExport.Format.gif

    @Option(parsing: .unconditional, help: "Render only the frame at this many seconds (0 to the scene's length), as a PNG.")
    var time: Double?

    @OptionGroup var options: SceneOptions

    func validate() throws {
        guard Gallery.scene(named: scene) != nil else {
            throw ValidationError("there is no scene '\(scene)'; `flipbook list` lists them")
        }
        if let time, !(time.isFinite && time >= 0) { throw ValidationError("--time must be 0 or more seconds, not \(time)") }
    }

    func run() async throws {
        guard let scene = Gallery.scene(named: scene) else { return }
        let settings = try options.settings()
        if let time {
            let frame = try await MainActor.run {
                let player = GalleryPlayer(settings: settings, framesPerSecond: options.fps)
                let length = player.duration(of: scene)
                guard time <= length else {
                    throw ValidationError("--time must be from 0 to \(length) seconds, the length of '\(scene.name)', not \(time)")
                }
                return try player.frame(of: scene, at: time)
            }
            if output == "-" {
                try FileHandle.standardOutput.write(contentsOf: frame.pngData())
                return
            }
            let url = URL(fileURLWithPath: output ?? scene.name + ".png")
            try frame.write(to: url)
            print(url.path)
            return
        }
        if output == "-" {
            let sink = try format.sink(writingInto: StreamOutput.standardOutput())
            let recording = try await MainActor.run {
                try scene.record(into: sink, settings: settings, framesPerSecond: options.fps)
            }
            FileHandle.standardError.write(Data((SummaryTable.render([recording], relativeTo: URL(fileURLWithPath: "-")) + "\n").utf8))
            return
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let url = output.map { URL(fileURLWithPath: $0) } ?? format.url(of: scene.name, in: here)
        let recording = try await MainActor.run {
            try scene.record(to: url, settings: settings, framesPerSecond: options.fps)
        }
        print(SummaryTable.render([recording], relativeTo: url.deletingLastPathComponent()))
    }
}
