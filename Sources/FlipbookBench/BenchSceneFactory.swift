import Flipbook
import FlipbookTestSupport

/// Makes `bench/scenes/` (`flipbook-bench scenes DIR`, from fixed seeds) and the pictures
/// the scenes name (`BenchSceneFactory.writeAssets(to:)`, which `compare` runs first).
enum BenchSceneFactory {
    static let width = 1920, height = 1080

    /// Every scene of the comparison.
    static func scenes() -> [BenchScene] {
        [blobs(), gradient(), roundedRectStrokes(), photo(), solidFill(), layers(), flip(),
         transition("dissolve", filter: "CIDissolveTransition", xfade: "fade", summary: "CIDissolveTransition against xfade=fade"),
         transition("swipe", filter: "CISwipeTransition", xfade: "wipeleft", inputs: ["inputWidth": 1],
                    summary: "CISwipeTransition (a hard edge) against xfade=wipeleft"),
         gif("gif-layers", of: "layers-100", summary: "layers-100's 60 frames at 480×270 as a GIF"),
         gif("gif-flip", of: "flip-001", summary: "flip-001's 60 frames at 480×270 as a GIF")]
    }

    /// Writes each scene as NAME.json into `folder`.
    static func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for scene in scenes() {
            try encoder.encode(scene).write(to: folder.appendingPathComponent(scene.name + ".json"))
        }
    }

    /// Writes the pictures the scenes name: photo.png, card-front.png, card-back.png,
    /// warm.png and cool.png.
    static func writeAssets(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makePhoto().write(to: folder.appendingPathComponent("photo.png"))
        try picture(warm: true, width: 1200, height: 675).write(to: folder.appendingPathComponent("card-front.png"))
        try picture(warm: false, width: 1200, height: 675).write(to: folder.appendingPathComponent("card-back.png"))
        try picture(warm: true, width: width, height: height).write(to: folder.appendingPathComponent("warm.png"))
        try picture(warm: false, width: width, height: height).write(to: folder.appendingPathComponent("cool.png"))
    }

    static func still(_ name: String, _ summary: String, _ operations: [BenchScene.Operation]) -> BenchScene {
        BenchScene(name: name, kind: .draw, summary: summary, width: width, height: height, operations: operations)
    }

    /// 1,000 translucent four-curve blobs.
    static func blobs() -> BenchScene {
        var rng = SeededRandom(seed: 2026)
        var operations: [BenchScene.Operation] = []
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        for _ in 0..<1000 {
            let cx = rng.uniform(0, 1920), cy = rng.uniform(0, 1080), r = rng.uniform(10, 120)
            let radii = (0..<4).map { _ in r * rng.uniform(0.6, 1.2) }
            func p(_ i: Int) -> (Double, Double) {
                let a = Double(i) * .pi / 2
                return (cx + radii[i % 4] * cos(a), cy + radii[i % 4] * sin(a))
            }
            var path = "M \(number(p(0).0)) \(number(p(0).1))"
            for i in 0..<4 {
                let a0 = Double(i) * .pi / 2, a1 = a0 + .pi / 2
                let k0 = radii[i] * 0.55, k1 = radii[(i + 1) % 4] * 0.55
                let (x0, y0) = p(i), (x1, y1) = p(i + 1)
                path += " C " + [x0 - sin(a0) * k0, y0 + cos(a0) * k0, x1 + sin(a1) * k1, y1 - cos(a1) * k1, x1, y1].map(number).joined(separator: " ")
            }
            let rgba = [rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0.2, 0.8)].map { ($0 * 1000).rounded() / 1000 }
            operations.append(.init(op: .fillPath, path: path + " Z", rgba: rgba))
        }
        return still("a-blobs", "1,000 translucent filled cubic blobs", operations)
    }

    static func gradient() -> BenchScene {
        still("b-linear-gradient", "a three-stop linear gradient over the whole frame",
              [.init(op: .linearGradient, start: [0, 0], end: [Double(width), Double(height)],
                     stops: [[0, 0.94, 0.35, 0.27, 1], [0.5, 0.98, 0.75, 0.18, 1], [1, 0.13, 0.27, 0.63, 1]])])
    }

    static func roundedRectStrokes() -> BenchScene {
        let operations = (0..<16).map { i -> BenchScene.Operation in
            let column = Double(i % 4), row = Double(i / 4)
            return .init(op: .strokeRoundedRect, rect: [40 + column * 470, 30 + row * 260, 420, 220],
                         radius: 12 + Double(i) * 4, lineWidth: 2, rgba: [0.1, 0.2, 0.6, 1])
        }
        return still("c-rounded-rect-strokes", "16 rounded rectangles stroked 2 px wide", operations)
    }

    static func photo() -> BenchScene {
        let angle = 15 * Double.pi / 180, scale = 0.7
        let transform = [cos(angle) * scale, sin(angle) * scale, -sin(angle) * scale, cos(angle) * scale, Double(width) / 2, Double(height) / 2]
        return still("d-photo-rotated", "a 1920×1080 photo turned 15° at 0.7×, bilinear",
                     [.init(op: .drawImage, rect: [-960, -540, 1920, 1080], image: "photo.png", transform: transform)])
    }

    static func solidFill() -> BenchScene {
        still("e-solid-fill", "one opaque rectangle over the whole frame",
              [.init(op: .fillRect, rect: [0, 0, Double(width), Double(height)], rgba: [0.2, 0.5, 0.8, 1])])
    }

    /// 100 rounded layers moving, turning and fading at once.
    static func layers() -> BenchScene {
        var rng = SeededRandom(seed: 100)
        func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        let layers = (0..<100).map { _ -> BenchScene.Layer in
            let w = rng.uniform(80, 320), h = rng.uniform(60, 240)
            func state() -> BenchScene.LayerState {
                .init(position: [round(rng.uniform(0, 1920)), round(rng.uniform(0, 1080))],
                      rotationDegrees: round(rng.uniform(-90, 90)), opacity: round(rng.uniform(0.4, 1)))
            }
            return .init(size: [round(w), round(h)], cornerRadius: round(rng.uniform(0, min(w, h) / 2)),
                         rgba: [rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), 1].map(round), from: state(), to: state())
        }
        return BenchScene(name: "layers-100", kind: .layers, summary: "100 rounded layers moving, turning and fading, 60 frames",
                          width: width, height: height, frames: 60, duration: 1, background: [0.96, 0.96, 0.94, 1], layers: layers)
    }

    static func flip() -> BenchScene {
        BenchScene(name: "flip-001", kind: .flip, summary: "seed 001's flip: two picture faces about x with m34 = −1/2000, 60 frames",
                   width: width, height: height, frames: 60, duration: 1, background: [1, 1, 1, 1],
                   flip: .init(size: [1200, 675], front: "card-front.png", back: "card-back.png", m34: -1.0 / 2000, toDegrees: 180))
    }

    static func transition(_ name: String, filter: String, xfade: String, inputs: [String: Double] = [:], summary: String) -> BenchScene {
        BenchScene(name: name, kind: .transition, summary: summary + ", 60 frames", width: width, height: height, frames: 60, duration: 1,
                   transition: .init(filter: filter, xfade: xfade, source: "warm.png", target: "cool.png", inputs: inputs))
    }

    static func gif(_ name: String, of scene: String, summary: String) -> BenchScene {
        BenchScene(name: name, kind: .gif, summary: summary, width: 480, height: 270, gif: .init(scene: scene, fps: 30))
    }

    /// A synthetic "photo": smooth colour fields with fine detail.
    static func makePhoto() throws -> CGImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                bytes[i] = UInt8(127 + 127 * sin(fx * 9 + fy * 3))
                bytes[i + 1] = UInt8(127 + 127 * sin(fy * 11 - fx * 2))
                bytes[i + 2] = UInt8((x ^ y) & 0xFF)
            }
        }
        return try CGImage(width: width, height: height, pixels: Data(bytes), layout: .rgba(premultiplied: true))
    }

    /// A warm picture (gradient, discs) or a cool one (checkerboard) filling the frame.
    static func picture(warm: Bool, width: Int, height: Int) throws -> CGImage {
        try CGContext.image(width: width, height: height) { context in
            let unit = Double(width) / 1920
            if warm {
                let gradient = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB)!,
                                          colors: [CGColor(srgbRed: 1, green: 0.55, blue: 0.1, alpha: 1),
                                                   CGColor(srgbRed: 0.45, green: 0.1, blue: 0.6, alpha: 1)], locations: nil)!
                context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
                context.setFillColor(CGColor(gray: 1, alpha: 1))
                for k in 0..<6 {
                    context.fillEllipse(in: CGRect(x: (120 + 290 * Double(k)) * unit, y: (300 + 60 * Double(k % 3)) * unit, width: 240 * unit, height: 240 * unit))
                }
            } else {
                context.setFillColor(CGColor(srgbRed: 0.05, green: 0.45, blue: 0.5, alpha: 1))
                context.fill(CGRect(x: 0, y: 0, width: width, height: height))
                context.setFillColor(CGColor(srgbRed: 0.8, green: 0.95, blue: 0.9, alpha: 1))
                let side = 60 * unit
                for row in 0..<Int(Double(height) / side + 1) {
                    for column in 0..<Int(Double(width) / side + 1) where (row + column) % 2 == 0 {
                        context.fill(CGRect(x: Double(column) * side, y: Double(row) * side, width: side, height: side))
                    }
                }
            }
        }
    }
}
