import ArgumentParser
import Flipbook
import FlipbookGallery

/// The options every command that renders gallery scenes takes.
struct SceneOptions: ParsableArguments {
    @Option(help: "The canvas in points, as WIDTHxHEIGHT (each scene's own size when absent).")
    var size: String?

    // Numbers are read `.unconditional`ly, so that a negative one is read as the value it is
    // (and refused with its range) rather than as an unknown option.
    @Option(parsing: .unconditional, help: "Pixels per point, above 0 and at most 8.")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Frames per second, above 0 and at most 120.")
    var fps: Double = 20

    @Option(parsing: .unconditional, help: "The seed of the scenes' random choices (the loupe's path, the confetti), 0 or more.")
    var seed: UInt64 = 1

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8, not \(scale)") }
        guard fps.isFinite, fps > 0, fps <= 120 else { throw ValidationError("--fps must be above 0 and at most 120, not \(fps)") }
        _ = try canvas()
    }

    /// The `--size` given, or nil.
    func canvas() throws -> CGSize? {
        guard let size else { return nil }
        return try CanvasSize.parse(size, range: 16...4096, example: "320x480")
    }

    /// The settings scenes are built with.
    func settings() throws -> GalleryScene.Settings {
        GalleryScene.Settings(size: try canvas(), scale: CGFloat(scale), randomSeed: seed)
    }
}

extension GalleryExport.Format: ExpressibleByArgument {}
