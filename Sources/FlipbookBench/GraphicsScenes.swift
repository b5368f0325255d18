import Flipbook
import FlipbookTestSupport

/// The five graphics scenes of the benchmark, generated once from a fixed seed and written
/// to JSON so the Cairo peer draws exactly the same shapes.
struct GraphicsScenes: Codable {
    struct Blob: Codable {
        /// Start point then 4 cubic segments of (c1, c2, end): 26 numbers.
        var points: [Double]
        var rgba: [Double]
    }
    struct RoundedRect: Codable {
        var x, y, width, height, radius: Double
    }

    var width = 1920
    var height = 1080
    var blobs: [Blob] = []
    var roundedRects: [RoundedRect] = []
    /// Gradient stops as (location, r, g, b, a), from (0, 0) to (width, height).
    var gradientStops: [[Double]] = [[0, 0.94, 0.35, 0.27, 1], [0.5, 0.98, 0.75, 0.18, 1], [1, 0.13, 0.27, 0.63, 1]]
    var photoPath = ""
    var photoAngleDegrees = 15.0
    var photoScale = 0.7

    static func make(photoPath: String) -> GraphicsScenes {
        var scenes = GraphicsScenes()
        scenes.photoPath = photoPath
        var rng = SeededRandom(seed: 2026)
        for _ in 0..<1000 {
            let cx = rng.uniform(0, 1920), cy = rng.uniform(0, 1080), r = rng.uniform(10, 120)
            var points: [Double] = []
            let radii = (0..<4).map { _ in r * rng.uniform(0.6, 1.2) }
            func p(_ i: Int) -> (Double, Double) {
                let a = Double(i) * .pi / 2
                return (cx + radii[i % 4] * cos(a), cy + radii[i % 4] * sin(a))
            }
            points += [p(0).0, p(0).1]
            for i in 0..<4 {
                let a0 = Double(i) * .pi / 2, a1 = a0 + .pi / 2
                let k0 = radii[i] * 0.55, k1 = radii[(i + 1) % 4] * 0.55
                let (x0, y0) = p(i), (x1, y1) = p(i + 1)
                points += [x0 - sin(a0) * k0, y0 + cos(a0) * k0, x1 + sin(a1) * k1, y1 - cos(a1) * k1, x1, y1]
            }
            scenes.blobs.append(Blob(points: points, rgba: [rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0.2, 0.8)]))
        }
        for i in 0..<16 {
            let column = Double(i % 4), row = Double(i / 4)
            scenes.roundedRects.append(RoundedRect(x: 40 + column * 470, y: 30 + row * 260, width: 420, height: 220, radius: 12 + Double(i) * 4))
        }
        return scenes
    }

    /// A synthetic 1920×1080 "photo": smooth colour fields with fine detail.
    static func makePhoto() throws -> CGImage {
        let w = 1920, h = 1080
        var bytes = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let fx = Double(x) / Double(w), fy = Double(y) / Double(h)
                bytes[i] = UInt8(127 + 127 * sin(fx * 9 + fy * 3))
                bytes[i + 1] = UInt8(127 + 127 * sin(fy * 11 - fx * 2))
                bytes[i + 2] = UInt8((x ^ y) & 0xFF)
            }
        }
        return try CGImage(width: w, height: h, pixels: Data(bytes), layout: .rgba(premultiplied: true))
    }
}

/// Draws each scene into a context, exactly as bench/peers/cairo_graphics.py does with Cairo.
enum GraphicsSceneRenderer {
    static let names = ["a-blobs", "b-linear-gradient", "c-rounded-rect-strokes", "d-photo-rotated", "e-solid-fill"]

    static func draw(_ name: String, scenes: GraphicsScenes, photo: CGImage, in c: CGContext) {
        switch name {
        case "a-blobs":
            for blob in scenes.blobs {
                let p = blob.points
                c.move(to: CGPoint(x: p[0], y: p[1]))
                for s in 0..<4 {
                    let o = 2 + s * 6
                    c.addCurve(to: CGPoint(x: p[o + 4], y: p[o + 5]), control1: CGPoint(x: p[o], y: p[o + 1]),
                               control2: CGPoint(x: p[o + 2], y: p[o + 3]))
                }
                c.closePath()
                c.setFillColor(red: blob.rgba[0], green: blob.rgba[1], blue: blob.rgba[2], alpha: blob.rgba[3])
                c.fillPath()
            }
        case "b-linear-gradient":
            let stops = scenes.gradientStops
            let gradient = CGGradient(colorsSpace: nil, colors: stops.map { CGColor(red: $0[1], green: $0[2], blue: $0[3], alpha: $0[4]) },
                                      locations: stops.map { CGFloat($0[0]) })!
            c.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: scenes.width, y: scenes.height), options: [])
        case "c-rounded-rect-strokes":
            c.setLineWidth(2)
            c.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
            for r in scenes.roundedRects {
                c.addPath(CGPath(roundedRect: CGRect(x: r.x, y: r.y, width: r.width, height: r.height),
                                 cornerWidth: r.radius, cornerHeight: r.radius, transform: nil))
                c.strokePath()
            }
        case "d-photo-rotated":
            c.saveGState()
            c.interpolationQuality = .low
            c.translateBy(x: Double(scenes.width) / 2, y: Double(scenes.height) / 2)
            c.rotate(by: scenes.photoAngleDegrees * .pi / 180)
            c.scaleBy(x: scenes.photoScale, y: scenes.photoScale)
            c.draw(photo, in: CGRect(x: -photo.width / 2, y: -photo.height / 2, width: photo.width, height: photo.height))
            c.restoreGState()
        default:
            c.setFillColor(red: 0.2, green: 0.5, blue: 0.8, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: scenes.width, height: scenes.height))
        }
    }
}
