import Flipbook
import FlipbookGallery
import FlipbookPreview
import FlipbookTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `flipbook preview`'s server in this process, on a port the system picks: its routes
/// over HTTP, and its page loaded in headless Chromium (which the project's set-up script
/// installs), where the frame the page shows is the one the server renders.
@Suite(.serialized) struct PreviewServerTests {
    /// Runs `body` with a server listening; the server stops when it returns.
    private func withServer(_ configure: (inout PreviewServer) -> Void = { _ in }, _ body: (URL) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var server = PreviewServer(port: 0, settings: .init(scale: 0.5))
        configure(&server)
        let application = await server.application { port in continuation.yield(port) }
        let serving = Task { try await application.run() }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body(URL(string: "http://127.0.0.1:\(port)")!)
    }

    private func get(_ url: URL) async throws -> (status: Int, type: String, body: Data) {
        let answer = try await send("GET", url)
        return (answer.status, answer.headers["Content-Type"] ?? "", answer.body)
    }

    private func send(_ method: String, _ url: URL) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers[String(describing: key)] = String(describing: value) }
        return (http.statusCode, headers, data)
    }

    /// A client that trickles its request head a byte at a time — each byte well within the
    /// idle timeout — is disconnected once the head takes longer than `requestHeadTimeout`
    /// (slow-loris: before, 1,100 such clients locked everyone out).
    @Test func tricklingClientsAreDisconnected() async throws {
        try await withServer({ $0.requestHeadTimeout = 1 }) { base in
            let sent = Self.trickle(port: base.port!, bytes: 100, every: 250_000)
            #expect(sent != nil && sent! < 40, "sent \(sent.map(String.init) ?? "all 100") bytes before the server closed")
            let page = try await get(base)
            #expect(page.status == 200)  // others are still served
        }
    }

    /// Sends a request head that never ends, a byte every `interval` microseconds; how many
    /// bytes went before the server closed the connection (nil: it never did).
    private static func trickle(port: Int, bytes count: Int, every interval: UInt32) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        let head = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: count)
        for (index, byte) in head.prefix(count).enumerated() {
            usleep(interval)
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&readable, 1, 0) > 0 {
                var scratch: UInt8 = 0
                if recv(fd, &scratch, 1, 0) <= 0 { return index }
            }
            var one = byte
            if Glibc.send(fd, &one, 1, Int32(MSG_NOSIGNAL)) <= 0 { return index }
        }
        return nil
    }

    /// `HEAD` answers as `GET` without the body; other methods are refused with `Allow`;
    /// a request for a huge time and one for another scene sent together both answer.
    @Test func methodsAndConcurrentRequests() async throws {
        try await withServer { base in
            let frame = base.appendingPathComponent("frame/finale").appending(queryItems: [.init(name: "t", value: "1.5")])
            let full = try await send("GET", frame)
            let head = try await send("HEAD", frame)
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["Content-Length"] == String(full.body.count))
            #expect(try await send("HEAD", base).status == 200)
            for method in ["POST", "PUT", "DELETE"] {
                let refused = try await send(method, frame)
                #expect(refused.status == 405 && refused.headers["Allow"] == "GET, HEAD", "\(method)")
            }
            async let huge = get(base.appendingPathComponent("frame/skeleton").appending(queryItems: [.init(name: "t", value: "1e6")]))
            async let other = get(base.appendingPathComponent("frame/shimmer").appending(queryItems: [.init(name: "t", value: "0")]))
            let (a, b) = try await (huge, other)
            #expect(a.status == 200 && b.status == 200)
        }
    }

    /// Runs headless Chromium with `arguments`, under a 90-second limit; its output.
    private func chromium(_ arguments: [String]) throws -> String {
        let profile = try TemporaryDirectory()
        return try Subprocess.run("timeout", ["90", "chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                              "--force-color-profile=srgb", "--force-device-scale-factor=1", "--window-size=1000,800",
                                              "--virtual-time-budget=10000", "--user-data-dir=\(profile.url.path)"] + arguments).text
    }

    @Test func routes() async throws {
        try await withServer { base in
            let page = try await get(base)
            #expect(page.status == 200 && page.type.hasPrefix("text/html"))
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.components(separatedBy: "<div class=\"card\"").count - 1 == Gallery.scenes.count)
            #expect(html.components(separatedBy: "class=\"scrub\"").count - 1 == 13, "a scrubber for each scene that moves")
            #expect(html.contains("data-scene=\"magnifier\" data-duration=\""))
            let frame = try await get(base.appendingPathComponent("frame/finale").appending(queryItems: [.init(name: "t", value: "1.5")]))
            #expect(frame.status == 200 && frame.type == "image/png")
            let image = try CGImage.decode(frame.body)
            #expect(image.width == 180 && image.height == 180)
            let unknown = try await get(base.appendingPathComponent("frame/nope"))
            #expect(unknown.status == 404 && String(decoding: unknown.body, as: UTF8.self).contains("no scene 'nope'"))
            for bad in ["-1", "abc", "nan"] {
                let refused = try await get(base.appendingPathComponent("frame/finale").appending(queryItems: [.init(name: "t", value: bad)]))
                #expect(refused.status == 400, "t=\(bad)")
            }
            // A time past the scene's end — however large — is its last frame: it used to
            // kill the server (t=1e308) or tick for a minute (t=1e6).
            let last = try await get(base.appendingPathComponent("frame/flip-card").appending(queryItems: [.init(name: "t", value: "2.6")]))
            for huge in ["1e308", "1e18", "1e6"] {
                let frame = try await get(base.appendingPathComponent("frame/flip-card").appending(queryItems: [.init(name: "t", value: huge)]))
                #expect(frame.status == 200 && frame.body == last.body, "t=\(huge)")
            }
        }
    }

    /// The page with `?only=finale&t=1.5` in Chromium: one card, its scrubber and label
    /// at 1.5 s, and in the screenshot, pixel for pixel, the server's frame at 1.5 s.
    @Test func pageInHeadlessChromium() async throws {
        try await withServer { base in
            let address = base.absoluteString + "/?only=finale&t=1.5"
            let dom = try chromium(["--dump-dom", address])
            #expect(dom.components(separatedBy: "<div class=\"card\"").count - 1 == 1)
            #expect(dom.contains("src=\"/frame/finale?t=1.500\""), "the scrubber asked for the frame at 1.5 s")
            #expect(dom.contains(">1.50 s<"))
            let folder = try TemporaryDirectory()
            _ = try chromium(["--screenshot=\(folder.file("page.png").path)", address])
            let screenshot = try CGImage.read(contentsOf: folder.file("page.png"))
            #expect(screenshot.width == 1000 && screenshot.height == 800)
            let served = try await get(base.appendingPathComponent("frame/finale").appending(queryItems: [.init(name: "t", value: "1.5")]))
            let frame = try CGImage.decode(served.body)
            let place = try #require(PreviewServerTests.find(frame, in: screenshot), "the frame is on the page")
            #expect(place.mean < 1, "mean difference \(place.mean)")
        }
    }

    /// Where `needle` appears in `haystack` (each channel within 3 on a grid of samples),
    /// and the mean channel difference over the whole needle there.
    static func find(_ needle: CGImage, in haystack: CGImage) -> (x: Int, y: Int, mean: Double)? {
        let small = needle.premultipliedBytes, big = haystack.premultipliedBytes
        func close(_ nx: Int, _ ny: Int, _ hx: Int, _ hy: Int) -> Bool {
            let n = (ny * needle.width + nx) * 4, h = (hy * haystack.width + hx) * 4
            return (0..<3).allSatisfy { abs(Int(small[n + $0]) - Int(big[h + $0])) <= 3 }
        }
        for y in 0...(haystack.height - needle.height) {
            for x in 0...(haystack.width - needle.width) where close(0, 0, x, y) {
                let samples = stride(from: 0, to: needle.height, by: 9).flatMap { sy in
                    stride(from: 0, to: needle.width, by: 7).map { sx in (sx, sy) }
                }
                guard samples.allSatisfy({ close($0.0, $0.1, x + $0.0, y + $0.1) }) else { continue }
                var total = 0
                for ny in 0..<needle.height {
                    for nx in 0..<needle.width {
                        let n = (ny * needle.width + nx) * 4, h = ((y + ny) * haystack.width + x + nx) * 4
                        for c in 0..<3 { total += abs(Int(small[n + c]) - Int(big[h + c])) }
                    }
                }
                return (x, y, Double(total) / Double(needle.width * needle.height * 3))
            }
        }
        return nil
    }
}
