import Flipbook
import FlipbookGallery
import Hummingbird
import HummingbirdCore

/// `flipbook preview`: the gallery served on localhost, each scene with a time scrubber;
/// every frame is rendered when the page asks for it.
///
/// | route | answer |
/// | --- | --- |
/// | `GET /` | the page (`?only=NAME` shows one scene, `?t=SECONDS` starts every scrubber there) |
/// | `GET /frame/NAME?t=SECONDS` | the scene's frame at that time, as PNG (404 for an unknown scene, 400 for a bad time); a time past the scene's end is its last frame |
///
/// `HEAD` answers as `GET` without the body; other methods get 405 with `Allow`. Frames
/// render one at a time; when `maximumWaitingFrames` are already waiting, a request gets 503
/// at once. A connection idle for `idleTimeout`, or slower than `requestHeadTimeout` to send
/// a request head, is closed, and at most `maximumConnections` are open at once.
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
    /// How many frame requests may wait for the renderer before more are turned away (503).
    public var maximumWaitingFrames = 64
    /// How long a connection may send nothing before it is closed, in seconds.
    public var idleTimeout: Int64 = 10
    /// How long a connection may take to send a whole request head, from opening or from
    /// its last response, in seconds.
    public var requestHeadTimeout: Int64 = 10
    /// How many connections may be open at once; more wait to be accepted.
    public var maximumConnections = 512

    public init(host: String = "127.0.0.1", port: Int = 8080, settings: GalleryScene.Settings = .init(),
                framesPerSecond: Double = 30) {
        self.host = host
        self.port = port
        self.settings = settings
        self.framesPerSecond = framesPerSecond
    }

    /// Whether the address is reachable only from this machine.
    public var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

    /// The server, ready to run (`runService()` until interrupted, or `run()` until its
    /// task is cancelled); `onReady` hears the port once it listens.
    public func application(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async -> some ApplicationProtocol {
        let (renderer, page) = await MainActor.run {
            let renderer = PreviewRenderer(settings: settings, framesPerSecond: framesPerSecond)
            return (renderer, PreviewPage.html(scenes: renderer.entries))
        }
        let queue = RenderQueue(capacity: maximumWaitingFrames)
        let router = Router()
        @Sendable func pageResponse(_ request: Request, _ context: some RequestContext) -> Response {
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        @Sendable func frameResponse(_ request: Request, _ context: some RequestContext) async -> Response {
            let name = context.parameters.get("name") ?? ""
            let raw = request.uri.queryParameters["t"].map(String.init) ?? "0"
            guard let time = Double(raw), time.isFinite, time >= 0 else {
                return Self.text(.badRequest, "t must be a time in seconds, 0 or more")
            }
            guard queue.enter() else {
                return Self.text(.serviceUnavailable, "\(maximumWaitingFrames) frames are waiting to render; ask again soon")
            }
            defer { queue.leave() }
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
        router.get("/") { request, context in pageResponse(request, context) }
        router.head("/") { request, context in Self.withoutBody(pageResponse(request, context)) }
        router.get("/frame/:name") { request, context in await frameResponse(request, context) }
        router.head("/frame/:name") { request, context in Self.withoutBody(await frameResponse(request, context)) }
        for path in ["/", "/frame/:name"] {
            for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options] {
                router.on(RouterPath(path), method: method) { _, _ in
                    var response = Self.text(.methodNotAllowed, "only GET and HEAD are served")
                    response.headers[.allow] = "GET, HEAD"
                    return response
                }
            }
        }
        return Application(router: router,
                           server: .http1(configuration: .init(additionalChannelHandlers: [RequestHeadTimeout(.seconds(requestHeadTimeout))],
                                                               idleTimeout: .seconds(idleTimeout))),
                           configuration: .init(address: .hostname(host, port: port), serverName: "flipbook",
                                                availableConnectionsDelegate: MaximumAvailableConnections(maximumConnections)),
                           onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) })
    }

    /// A response's headers, with no body: `HEAD`'s answer.
    private static func withoutBody(_ response: Response) -> Response {
        var headers = response.headers
        headers[.contentLength] = response.body.contentLength.map(String.init)
        return Response(status: response.status, headers: headers, body: .init())
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
