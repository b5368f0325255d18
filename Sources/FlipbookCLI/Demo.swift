import ArgumentParser
import Flipbook
import FlipbookGallery

/// `flipbook demo`: renders every gallery scene into a folder, with an `index.html`.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every gallery scene into flipbook-out/, with an index.html that shows them.")

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "flipbook-out"

    @Option(help: "gif, apng, png (a folder of frames per scene) or mp4.")
    var format = GalleryExport.Format.gif

    @Option(help: "Only this scene (repeatable); `flipbook list` lists them.")
    var only: [String] = []

    @OptionGroup var options: SceneOptions

    func run() async throws {
        let export = GalleryExport(folder: URL(fileURLWithPath: output, isDirectory: true), format: format,
                                   settings: try options.settings(), framesPerSecond: options.fps,
                                   sceneNames: only.isEmpty ? nil : only)
        let bar = ProgressBar()
        let recordings = try await MainActor.run {
            try export.run { index, count, scene in bar.show(done: index, of: count, now: scene.name) }
        }
        bar.finish(count: recordings.count)
        print(SummaryTable.render(recordings, relativeTo: export.folder))
        print("Open \(export.folder.appendingPathComponent("index.html").path) to see them all.")
    }
}
