import ArgumentParser
import Flipbook

@main
struct FlipbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render Apple-style animations headless on Linux.",
        subcommands: [Demo.self, Transition.self, Filters.self])
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

/// `flipbook transition FROM TO`: a Core Image transition between two pictures, written as
/// a GIF, APNG, video or PNG folder (as ffmpeg's xfade does between two videos).
struct Transition: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a Core Image transition between two images.",
        discussion: "The target is resized to the source. Centre and extent default to the whole picture.")

    @Argument(help: "The picture to start from (PNG or JPEG).")
    var from: String

    @Argument(help: "The picture to end on (PNG or JPEG).")
    var to: String

    @Option(help: "The transition filter, e.g. CIModTransition (`flipbook filters --category transition`).")
    var filter = "CIDissolveTransition"

    @Option(name: .customLong("param"), help: "An input as key=value, e.g. inputAngle=1.2 or inputCenter=60,45; repeatable.")
    var parameters: [String] = []

    @Option(help: "Seconds.")
    var duration: Double = 1.5

    @Option(help: "Frames per second.")
    var fps: Double = 30

    @Option(name: .shortAndLong, help: "out.gif, out.png/.apng, out.mp4/.mov/.webm, or a folder/ of PNGs.")
    var output: String

    func run() throws {
        var inputs: [String: String] = [:]
        for parameter in parameters {
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw ValidationError("--param \(parameter): expected key=value") }
            inputs[parts[0]] = parts[1]
        }
        let source = try CGImage.read(contentsOf: URL(fileURLWithPath: from))
        let target = try CGImage.read(contentsOf: URL(fileURLWithPath: to))
        let recording = try TransitionRecording(from: source, to: target, filter: filter, inputs: inputs)
        let url = URL(fileURLWithPath: output)
        try recording.record(duration: duration, framesPerSecond: fps, to: try FrameSinks.sink(for: url))
        print(url.path)
    }
}

/// `flipbook filters`: the built-in filters with their inputs, defaults and ranges.
struct Filters: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the Core Image filters Flipbook has.")

    @Option(help: "Only this category: transition, blur, generator, … or a full name like CICategoryTransition.")
    var category: String?

    func run() throws {
        let full = category.map { $0.hasPrefix("CICategory") ? $0 : "CICategory" + $0.prefix(1).uppercased() + $0.dropFirst() }
        let names = CIFilter.filterNames(inCategory: full)
        guard !names.isEmpty else { throw ValidationError("no filters in category \(category ?? "")") }
        for name in names {
            guard let filter = CIFilter(name: name) else { continue }
            print(filter.summary)
        }
    }
}
