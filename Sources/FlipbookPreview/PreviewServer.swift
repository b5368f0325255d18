import Flipbook
import Hummingbird

/// `flipbook preview`: the gallery served on localhost, each scene with a time scrubber;
/// every frame is rendered when the page asks for it.
///
/// | route | answer |
/// | --- | --- |
/// | `GET /` | the page (`?only=NAME` shows one scene, `?t=SECONDS` starts every scrubber there) |
/// | `GET /frame/NAME?t=SECONDS` | the scene's frame at that time, as PNG (404 for an unknown scene, 400 for a bad time) |
///
/// ```swift
/// try await PreviewServer(port: 8080).application().runService()
/// ```
public struct PreviewServer: Sendable {
    /// The address listened on (loopback by default).
    public var host: String
    /// The port; 0 lets the system choose (`onReady` hears which).
    public var port: Int
    /// What scenes are built with; `scale` is the frames' pixels a point.
    public var settings: GalleryScene.Settings
    /// The rate scenes are ticked at on their way to the time asked.
    public var framesPerSecond: Double

    public init(host: String = "127.0.0.1", port: Int = 8080, settings: GalleryScene.Settings = .init(),
                framesPerSecond: Double = 30) {
        self.host = host
        self.port = port
        self.settings = settings
        self.framesPerSecond = framesPerSecond
    }

    /// The server, ready to run (`runService()` until interrupted, or `run()` until its
    /// task is cancelled); `onReady` hears the port once it listens.
    public func application(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async -> some ApplicationProtocol {
        let (renderer, page) = await MainActor.run {
            let renderer = PreviewRenderer(settings: settings, framesPerSecond: framesPerSecond)
            return (renderer, PreviewPage.html(scenes: renderer.entries))
        }
        let router = Router()
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.get("/frame/:name") { request, context in
            let name = context.parameters.get("name") ?? ""
            let raw = request.uri.queryParameters["t"].map(String.init) ?? "0"
            guard let time = Double(raw), time.isFinite, time >= 0 else {
                return Self.text(.badRequest, "t must be a time in seconds, 0 or more")
            }
            let png = await MainActor.run { renderer.png(of: name, at: time) }
            switch png {
            case .success(let data):
                return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(bytes: data)))
            case .failure(.unknownScene):
                return Self.text(.notFound, "there is no scene '\(name)'; GET / lists them")
            case .failure(.render(let reason)):
                return Self.text(.internalServerError, reason)
            }
        }
        return Application(router: router, configuration: .init(address: .hostname(host, port: port), serverName: "flipbook"),
                           onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) })
    }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}

/// Renders the preview's frames on the main actor, one scene kept playing at a time.
@MainActor
final class PreviewRenderer {
    enum Failure: Error { case unknownScene, render(String) }

    /// Every scene with how long it plays under the server's settings.
    let entries: [(scene: GalleryScene, duration: Double)]
    private let player: GalleryPlayer

    init(settings: GalleryScene.Settings, framesPerSecond: Double) {
        player = GalleryPlayer(settings: settings, framesPerSecond: framesPerSecond)
        entries = Gallery.scenes.map { ($0, $0.makeStage(settings).duration) }
    }

    func png(of name: String, at time: Double) -> Result<Data, Failure> {
        guard let scene = Gallery.scene(named: name) else { return .failure(.unknownScene) }
        do {
            return .success(try player.frame(of: scene, at: time).pngData())
        } catch {
            return .failure(.render("cannot render \(name) at \(time) s: \(error)"))
        }
    }
}
