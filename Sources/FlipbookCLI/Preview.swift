import ArgumentParser
import Flipbook
import FlipbookPreview

/// `flipbook preview`: the gallery on localhost, with a time scrubber per scene.
struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the gallery on localhost with a time scrubber for each scene; frames render on demand.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on, 0 to 65535 (0 lets the system choose).")
    var port = 8080

    @OptionGroup var options: SceneOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
    }

    func run() async throws {
        let server = PreviewServer(host: host, port: port, settings: try options.settings(), framesPerSecond: options.fps)
        if !server.isLoopback {
            FileHandle.standardError.write(Data("flipbook: warning: listening on \(host), the page is open to every machine that can reach this one\n".utf8))
        }
        let host = host
        try await server.application { port in
            print("Serving the gallery on http://\(host):\(port)/ — press Ctrl-C to stop.")
            fflush(nil)  // seen at once when standard output is a pipe
        }.runService()
    }
}
