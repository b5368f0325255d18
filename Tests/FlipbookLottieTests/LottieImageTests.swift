import Flipbook
@testable import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// Image layers show their asset, embedded as a data URL or in a file beside the
/// animation; a missing one is reported and the rest plays.
@MainActor
@Suite(.serialized) struct LottieImageTests {
    /// A 2 × 2 picture: red, green / blue, white.
    static func picture() throws -> CGImage {
        try CGImage(width: 2, height: 2, pixels: Data([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]),
                    layout: .rgba(premultiplied: true))
    }

    static func json(assets: String) -> String {
        #"""
        {"fr":30,"ip":0,"op":10,"w":40,"h":20,"nm":"pictures","assets":\#(assets),"layers":[
          {"ty":2,"ind":1,"nm":"left","refId":"inline","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[1000,1000]}}},
          {"ty":2,"ind":2,"nm":"right","refId":"file","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[20,0]},"s":{"a":0,"k":[1000,1000]}}},
          {"ty":2,"ind":3,"nm":"gone","refId":"nowhere","ip":0,"op":10,"st":0,"ks":{}}]}
        """#
    }

    @Test func embeddedAndFilePicturesShowAndAMissingOneIsReported() throws {
        let folder = try TemporaryDirectory()
        let png = try Self.picture().pngData()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try png.write(to: folder.url.appendingPathComponent("images/grid.png"))
        let assets = #"[{"id":"inline","w":2,"h":2,"p":"data:image/png;base64,\#(png.base64EncodedString())","e":1},"#
            + #"{"id":"file","w":2,"h":2,"u":"images/","p":"grid.png","e":0},{"id":"nowhere","w":2,"h":2,"u":"images/","p":"none.png"}]"#
        try Data(Self.json(assets: assets).utf8).write(to: folder.file("pictures.json"))
        let animation = try LottieAnimation.from(contentsOf: folder.file("pictures.json"))
        var image: CGImage?
        let reported = try collectingDiagnostics(from: LottieDiagnostics.channel) {
            image = try LottieLayerTreeTests.render(animation, frame: 0)
        }.filter { $0.hasPrefix("Lottie image") }
        let frame = try #require(image)
        // Each picture scaled 10× (sampled bilinearly): pure within half a pixel of its edges.
        #expect(frame.pixel(2, 2) == [255, 0, 0, 255] && frame.pixel(17, 2) == [0, 255, 0, 255] && frame.pixel(2, 17) == [0, 0, 255, 255])
        #expect(frame.pixel(22, 2) == [255, 0, 0, 255] && frame.pixel(37, 17) == [255, 255, 255, 255])
        #expect(reported.count == 1 && reported[0].hasPrefix("Lottie image asset “nowhere” shows nothing: \(folder.url.path)/images/none.png cannot be read"),
                "\(reported)")
        // Read from memory, a file's picture has no folder to come from.
        let fromMemory = try LottieAnimation.from(data: Data(Self.json(assets: assets).utf8))
        let messages = collectingDiagnostics(from: LottieDiagnostics.channel) { _ = LottieLayerBuilder(animation: fromMemory).makeLayer() }
        #expect(messages.contains { $0.contains("the file grid.png is not embedded and the animation was not read from a file") })
    }
}
