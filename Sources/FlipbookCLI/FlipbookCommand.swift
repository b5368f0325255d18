import ArgumentParser
import Flipbook

@main
struct FlipbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render Apple-style animations headless on Linux.",
        subcommands: [Demo.self])
}

/// `flipbook demo`: renders the gallery of what Flipbook can draw into an output folder:
/// the graphics contact sheet, seed 001's flip as a film strip and as an animated GIF, and
/// seed 004's tour of Core Animation as film strips.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render the demo gallery into flipbook-out/.")

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "flipbook-out"

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    func run() throws {
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8") }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("graphics.png")
        try GraphicsContactSheet.write(to: file, scale: CGFloat(scale))
        print(file.path)
        let flip = folder.appendingPathComponent("flip.png")
        try MainActor.assumeIsolated {
            let strip = try FilmStrip.render(FilmStrip.flipScene(m34: 1.0 / 500), size: CGSize(width: 200, height: 160),
                                             times: [0, 0.125, 0.25, 0.375, 0.5], scale: CGFloat(scale))
            try strip.write(to: flip)
        }
        print(flip.path)
        let gif = folder.appendingPathComponent("flip.gif")
        try MainActor.assumeIsolated {
            let recorder = Recorder(layer: FilmStrip.flipScene(m34: 1.0 / 500), scale: CGFloat(scale))
            try recorder.record(duration: 1, framesPerSecond: 30, from: 0, to: gif)
        }
        print(gif.path)
        let tour = folder.appendingPathComponent("tour.png")
        try MainActor.assumeIsolated { try CoreAnimationTour.contactSheet(scale: CGFloat(scale) / 2).write(to: tour) }
        print(tour.path)
    }
}
