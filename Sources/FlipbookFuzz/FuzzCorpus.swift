import Foundation
import FlipbookGraphics
import FlipbookMedia

/// The seed files mutations start from: small images of every kind made by Flipbook's own
/// encoders, plus any files found in a folder.
enum FuzzCorpus {
    struct Seed {
        let format: FuzzFormat
        let data: Data
    }

    /// PNGs (RGBA and opaque), APNGs and GIFs of a few frames, and baseline and progressive
    /// JPEGs, each a few hundred bytes.
    static func generated() -> [Seed] {
        var seeds: [Seed] = []
        let frames = (0..<3).compactMap { picture(width: 12, height: 9, phase: $0) }
        for frame in frames.prefix(1) {
            if let png = try? frame.pngData() { seeds.append(Seed(format: .png, data: png)) }
            if let jpeg = try? frame.encoded(as: .jpeg(quality: 0.8, progressive: false)) { seeds.append(Seed(format: .jpeg, data: jpeg)) }
            if let jpeg = try? frame.encoded(as: .jpeg(quality: 0.6, progressive: true)) { seeds.append(Seed(format: .jpeg, data: jpeg)) }
        }
        if let opaque = picture(width: 7, height: 5, phase: 7, alpha: 255), let png = try? opaque.pngData() {
            seeds.append(Seed(format: .png, data: png))
        }
        for (format, name) in [(FuzzFormat.gif, "seed.gif"), (.apng, "seed.png")] {
            if let data = animation(frames, named: name) { seeds.append(Seed(format: format, data: data)) }
        }
        return seeds
    }

    /// Every file in `folder`, by its signature.
    static func files(in folder: URL) -> [Seed] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
            let head = [UInt8](data.prefix(8))
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                return Seed(format: data.range(of: Data("acTL".utf8)) != nil ? .apng : .png, data: data)
            }
            if head.starts(with: Array("GIF8".utf8)) { return Seed(format: .gif, data: data) }
            if head.starts(with: [0xFF, 0xD8]) { return Seed(format: .jpeg, data: data) }
            return nil
        }
    }

    private static func picture(width: Int, height: Int, phase: Int, alpha: Int? = nil) -> CGImage? {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8((x * 20 + phase * 50) & 0xFF), UInt8((y * 28) & 0xFF), UInt8((x ^ y) * 16 & 0xFF),
                          UInt8(alpha ?? ((x + y + phase) % 3 == 0 ? 0 : 200))]
            }
        }
        return try? CGImage(width: width, height: height, pixels: Data(bytes), layout: .rgba(premultiplied: false))
    }

    /// `frames` written by Flipbook's GIF or APNG sink, read back.
    private static func animation(_ frames: [CGImage], named name: String) -> Data? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz-seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              let first = frames.first,
              let sink = try? FrameSinks.sink(for: folder.appendingPathComponent(name)),
              let format = try? FrameSequenceFormat(width: first.width, height: first.height, framesPerSecond: 10)
        else { return nil }
        do {
            try sink.begin(format)
            for frame in frames { try sink.append(frame) }
            try sink.finish()
        } catch {
            return nil
        }
        return try? Data(contentsOf: folder.appendingPathComponent(name))
    }
}
