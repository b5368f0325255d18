import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// The gallery's scenes play by themselves, deterministically, and export into files that
/// decode to what was rendered.
@MainActor
@Suite(.serialized) struct GalleryTests {
    /// Whether `pixel` is within 3 of `rgb`.
    private func near(_ pixel: [UInt8], _ rgb: (Int, Int, Int)) -> Bool {
        abs(Int(pixel[0]) - rgb.0) <= 3 && abs(Int(pixel[1]) - rgb.1) <= 3 && abs(Int(pixel[2]) - rgb.2) <= 3
    }

    /// The share of `image`'s pixels (every 2nd in each direction) for which `test` holds.
    private func share(of image: CGImage, where test: ([UInt8]) -> Bool) -> Double {
        let bytes = image.premultipliedBytes
        var hits = 0, total = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let i = (y * image.width + x) * 4
                total += 1
                if test([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]) { hits += 1 }
            }
        }
        return Double(hits) / Double(total)
    }

    private func isWhite(_ pixel: [UInt8]) -> Bool { pixel[0] > 240 && pixel[1] > 240 && pixel[2] > 240 }

    @Test func everySceneHasANameTitleSummaryAndBuilds() throws {
        let names = Gallery.scenes.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 19)
        for required in ["transition-mod", "transition-flash", "flip-card", "view-transitions", "shimmer", "skeleton",
                         "zoom-fade", "magnifier", "lottie", "finale", "graphics"] {
            #expect(names.contains(required), "\(required) is missing")
        }
        #expect(names.filter { $0.hasPrefix("tour-") }.count == CoreAnimationTour.names.count)
        var stills: [String] = []
        for scene in Gallery.scenes {
            #expect(!scene.title.isEmpty && !scene.summary.isEmpty, "\(scene.name)")
            let stage = scene.makeStage()
            #expect(stage.bounds.width >= 100 && stage.bounds.height >= 100, "\(scene.name): \(stage.bounds)")
            #expect(stage.duration >= 0 && stage.duration <= 12, "\(scene.name): \(stage.duration)")
            if stage.duration == 0 { stills.append(scene.name) }
        }
        #expect(stills == ["tour-triangle", "tour-triangle-mask", "tour-two-shapes", "tour-bounds-origin",
                           "tour-complex-mask", "graphics"])
        #expect(Gallery.scene(named: "nope") == nil)
    }

    /// Seed 000's demo runs its sequence: covered at 0, screen 1 uncovered after Out, the
    /// tap at 1.5 s covers it again, and screen 2 (blue) uncovers itself after the push.
    @Test(arguments: ["transition-mod", "transition-flash"])
    func transitionDemoRunsTheArticlesSequence(name: String) throws {
        let scene = try #require(Gallery.scene(named: name))
        let player = GalleryPlayer(framesPerSecond: 20)
        let gray = (51, 51, 51), blue = (51, 102, 204)
        let start = try player.frame(of: scene, at: 0)
        #expect(share(of: start) { near($0, gray) } > 0.999, "the overlay covers screen 1 at first")
        let uncovered = try player.frame(of: scene, at: 1.2)
        #expect(share(of: uncovered, where: isWhite) > 0.005, "screen 1's title and button show")
        let covered = try player.frame(of: scene, at: 2.45)
        #expect(share(of: covered, where: isWhite) < share(of: uncovered, where: isWhite) / 2, "In covers them again")
        let second = try player.frame(of: scene, at: 3.9)
        #expect(share(of: second) { near($0, blue) } > 0.6, "screen 2 shows")
        #expect(share(of: second, where: isWhite) > 0.005, "with its title uncovered")
    }

    /// A frame depends on the scene and the time, not on what was played before; and the
    /// player's frame is the recorder's (the tap scripted at 0.4 s lands in both).
    @Test func playerFramesAreHistoryFreeAndMatchTheRecording() throws {
        let scene = try #require(Gallery.scene(named: "zoom-fade"))
        let direct = try GalleryPlayer(framesPerSecond: 10).frame(of: scene, at: 0.9)
        let player = GalleryPlayer(framesPerSecond: 10)
        _ = try player.frame(of: scene, at: 2.0)
        _ = try player.frame(of: scene, at: 0.3)
        let replayed = try player.frame(of: scene, at: 0.9)
        let same = direct.difference(from: replayed).maximum == 0
        #expect(same)
        let folder = try TemporaryDirectory()
        let recording = try scene.record(to: folder.file("frames/"), framesPerSecond: 10)
        #expect(recording.frameCount == 26)
        let recorded = try CGImage.read(contentsOf: folder.file("frames/frame-00009.png"))
        let matches = recorded.difference(from: direct).maximum == 0
        #expect(matches)
        #expect(share(of: direct) { near($0, (255, 149, 0)) } > 0.05, "the pushed orange tile is growing in at 0.9 s")
    }

    /// The same seed gives the same loupe path and confetti; another seed another.
    @Test func seedsMakeRandomScenesReproducible() throws {
        for name in ["magnifier", "finale"] {
            let scene = try #require(Gallery.scene(named: name))
            func frame(seed: UInt64) throws -> CGImage {
                try GalleryPlayer(settings: .init(randomSeed: seed), framesPerSecond: 10).frame(of: scene, at: 1.5)
            }
            let first = try frame(seed: 7), again = try frame(seed: 7), other = try frame(seed: 8)
            #expect(first.difference(from: again).maximum == 0, "\(name)")
            #expect(first.difference(from: other).maximum > 0, "\(name)")
        }
    }

    /// `--size` lays a scene out at another size; `scale` multiplies the pixels.
    @Test func sizeAndScale() throws {
        let scene = try #require(Gallery.scene(named: "flip-card"))
        let frame = try GalleryPlayer(settings: .init(size: CGSize(width: 160, height: 120), scale: 2)).frame(of: scene, at: 0)
        #expect(frame.width == 320 && frame.height == 240)
        // The card fills the canvas but for its 30 and 35 point margins: its red at the centre, white at a corner.
        #expect(near(frame.pixel(160, 120), (230, 77, 64)))
        #expect(isWhite(frame.pixel(10, 10)))
    }

    /// The export writes a file per scene that decodes with the right size, frames and
    /// delays, and an index that shows them; nothing else is left in the folder.
    @Test func exportWritesDecodableFilesAndAnIndex() throws {
        let folder = try TemporaryDirectory()
        let export = GalleryExport(folder: folder.url, format: .gif, settings: .init(size: CGSize(width: 200, height: 150)),
                                   framesPerSecond: 10, sceneNames: ["flip-card", "tour-triangle", "tour-fade-and-scale"])
        var told: [String] = []
        let recordings = try export.run { index, count, scene in told.append("\(index)/\(count) \(scene.name)") }
        #expect(told == ["0/3 flip-card", "1/3 tour-triangle", "2/3 tour-fade-and-scale"])
        #expect(folder.contents == ["flip-card.gif", "index.html", "tour-fade-and-scale.gif", "tour-triangle.gif"])
        #expect(recordings.map(\.frameCount) == [26, 1, 10])
        #expect(recordings.map(\.pixelWidth) == [200, 320, 320])
        for recording in recordings {
            let url = try #require(recording.url)
            let gif = try AnimatedImage(contentsOf: url)
            #expect(gif.frames.allSatisfy { $0.width == recording.pixelWidth && $0.height == recording.pixelHeight })
            // Identical neighbours merge into one longer frame; the time shown adds up.
            #expect(gif.frames.count <= recording.frameCount && gif.frames.count >= (recording.frameCount > 1 ? 2 : 1))
            #expect(abs(gif.delays.reduce(0, +) - Double(recording.frameCount) / 10) < 1e-9, "\(recording.scene): \(gif.delays)")
            #expect(gif.delays.allSatisfy { abs(($0 * 10).rounded() - $0 * 10) < 1e-9 })
            #expect(recording.byteCount == (try Data(contentsOf: url)).count)
        }
        let page = try String(contentsOf: folder.file("index.html"), encoding: .utf8)
        for name in ["flip-card", "tour-triangle", "tour-fade-and-scale"] {
            #expect(page.contains("<img src=\"\(name).gif\""), "\(name)")
        }
        #expect(page.contains("26 frames, 200×150 px"))
    }

    @Test func exportFormats() throws {
        let folder = try TemporaryDirectory()
        for format in [GalleryExport.Format.apng, .png, .mp4] {
            let export = GalleryExport(folder: folder.url, format: format, framesPerSecond: 10, sceneNames: ["tour-fade-and-scale"])
            let recording = try #require(try export.run().first)
            let url = try #require(recording.url)
            switch format {
            case .apng:
                #expect(url.lastPathComponent == "tour-fade-and-scale.png")
                let apng = try AnimatedImage(contentsOf: url)
                #expect(apng.frames.count == 10 && apng.delays.allSatisfy { abs($0 - 0.1) < 1e-9 })
            case .mp4:
                let video = try FFmpeg.probe(url)
                #expect(video.width == 320 && video.height == 320 && video.frames == 10 && video.rate == "10/1")
                let page = try String(contentsOf: folder.file("index.html"), encoding: .utf8)
                #expect(page.contains("<video src=\"tour-fade-and-scale.mp4\" autoplay loop muted playsinline>"))
            default:
                let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
                #expect(names.first == "frame-00000.png" && names.count == 10)
                let page = try String(contentsOf: folder.file("index.html"), encoding: .utf8)
                #expect(page.contains("tour-fade-and-scale/frame-00000.png"))
            }
        }
    }

    @Test func unknownScenesAreATypedError() throws {
        let folder = try TemporaryDirectory()
        let export = GalleryExport(folder: folder.url, sceneNames: ["flip-card", "nope"])
        #expect(throws: RecordingError.self) { try export.run() }
        do {
            _ = try export.run()
        } catch {
            #expect(error.description.contains("there is no scene 'nope'") && error.description.contains("magnifier"))
        }
        #expect(folder.contents.isEmpty, "nothing is written when a name is wrong")
    }

    /// Frames of the gallery checked by eye: the finale's confetti and titles, the
    /// transition options mid-turn, the flash covering screen 1, the Lottie ball squashed
    /// on the ground with the ring drawn round.
    @Test(arguments: [("finale", 1.5), ("view-transitions", 0.6), ("transition-flash", 2.0), ("lottie", 0.9)])
    func goldenFrames(name: String, time: Double) throws {
        let scene = try #require(Gallery.scene(named: name))
        let frame = try GalleryPlayer(framesPerSecond: 20).frame(of: scene, at: time)
        #expect(Golden.compare(frame, "\(name)-\(time)") == nil)
    }
}
