import ArgumentParser
import Flipbook

/// `flipbook transition FROM TO`: a Core Image transition between two pictures, written as
/// a GIF, APNG, video or PNG folder (as ffmpeg's xfade does between two videos).
struct Transition: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a Core Image transition between two images.",
        discussion: """
            The target is resized to the source. Centre and extent default to the whole picture. \
            As in every recording, frame i shows the time i / fps: the first frame is the source, \
            the last one frame short of the target.
            """)

    @Argument(help: "The picture to start from (PNG or JPEG).")
    var from: String

    @Argument(help: "The picture to end on (PNG or JPEG).")
    var to: String

    @Option(help: "The transition filter, e.g. CIModTransition (`flipbook filters --category transition`).")
    var filter = "CIDissolveTransition"

    @Option(name: .customLong("param"), help: "An input as key=value, e.g. inputAngle=1.2 or inputCenter=60,45; repeatable.")
    var parameters: [String] = []

    @Option(parsing: .unconditional, help: "Seconds, above 0 and at most 3600.")
    var duration: Double = 1.5

    @Option(parsing: .unconditional, help: "Frames per second, above 0 and at most 120.")
    var fps: Double = 30

    @Option(name: .shortAndLong, help: "out.gif, out.png/.apng, out.mp4/.mov/.webm, or a folder/ of PNGs.")
    var output: String

    func validate() throws {
        guard duration.isFinite, duration > 0, duration <= 3600 else {
            throw ValidationError("--duration must be above 0 and at most 3600 seconds, not \(duration)")
        }
        guard fps.isFinite, fps > 0, fps <= 120 else { throw ValidationError("--fps must be above 0 and at most 120, not \(fps)") }
        _ = try inputs()
    }

    /// The `--param key=value` inputs.
    private func inputs() throws -> [String: String] {
        var inputs: [String: String] = [:]
        for parameter in parameters {
            let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--param \(parameter): expected key=value, e.g. inputAngle=1.2")
            }
            inputs[parts[0]] = parts[1]
        }
        return inputs
    }

    func run() throws {
        let inputs = try inputs()
        let source = try CGImage.read(contentsOf: URL(fileURLWithPath: from))
        let target = try CGImage.read(contentsOf: URL(fileURLWithPath: to))
        let transition = try TransitionFrames(from: source, to: target, filter: filter, inputs: inputs)
        let url = URL(fileURLWithPath: output)
        try Recorder.record(transition, duration: duration, framesPerSecond: fps, to: url)
        print(url.path)
    }
}
