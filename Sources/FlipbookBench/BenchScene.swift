import Flipbook

/// One scene of `bench/scenes/`, the JSON files Flipbook and every peer read
/// (bench/peers/scenes.py reads the same fields). Coordinates are pixels, y down, origin
/// at the top-left corner; colours are sRGB components 0…1 with straight alpha.
struct BenchScene: Codable {
    enum Kind: String, Codable {
        /// One still picture drawn from `operations`.
        case draw
        /// `layers` animated between two states, sampled at `frames` times.
        case layers
        /// Seed 001's flip: a card's two faces turned about x with perspective.
        case flip
        /// A Core Image transition between two pictures, against an ffmpeg xfade.
        case transition
        /// The frames of another scene encoded as a GIF.
        case gif
    }

    /// One drawing operation of a `draw` scene.
    struct Operation: Codable {
        enum Kind: String, Codable { case fillPath, strokeRoundedRect, fillRect, linearGradient, drawImage }
        var op: Kind
        /// `fillPath`: "M x y", "L x y", "C x1 y1 x2 y2 x y" and "Z" commands.
        var path: String?
        /// `strokeRoundedRect`, `fillRect`, `drawImage`: x, y, width, height.
        var rect: [Double]?
        var radius: Double?
        var lineWidth: Double?
        var rgba: [Double]?
        /// `linearGradient`: the whole canvas, from `start` to `end`, stops of (location, r, g, b, a).
        var start: [Double]?
        var end: [Double]?
        var stops: [[Double]]?
        /// `drawImage`: an asset's name, drawn into `rect` through the affine `transform`
        /// (a, b, c, d, tx, ty: x' = a x + c y + tx, y' = b x + d y + ty), bilinear.
        var image: String?
        var transform: [Double]?
    }

    /// A layer's animated values at the start or the end.
    struct LayerState: Codable {
        var position: [Double]
        var rotationDegrees: Double
        var opacity: Double
    }

    /// A rounded, filled layer moving linearly from `from` to `to` over the scene's duration.
    struct Layer: Codable {
        var size: [Double]
        var cornerRadius: Double
        var rgba: [Double]
        var from: LayerState
        var to: LayerState
    }

    /// A card in the middle of the frame whose faces turn about the horizontal axis through
    /// its centre from 0 to `toDegrees`, under a perspective of `m34` (as seed 001).
    struct Flip: Codable {
        var size: [Double]
        var front: String
        var back: String
        var m34: Double
        var toDegrees: Double
    }

    /// A Core Image transition and the ffmpeg xfade transition that does the same.
    struct Transition: Codable {
        var filter: String
        var xfade: String
        var source: String
        var target: String
        /// Numeric inputs of the Core Image filter beyond its pictures and time, such as
        /// `inputWidth`; `inputExtent` and `inputCenter` are the whole frame and its middle.
        var inputs: [String: Double] = [:]
    }

    /// Another scene's frames, encoded as a GIF at `fps`.
    struct GIF: Codable {
        var scene: String
        var fps: Double
    }

    var name: String
    var kind: Kind
    var summary: String
    var width: Int
    var height: Int
    /// Animated kinds: frame i of `frames` is at time `duration` × i ÷ `frames` (linear timing).
    var frames: Int?
    var duration: Double?
    var background: [Double]?
    var operations: [Operation]?
    var layers: [Layer]?
    var flip: Flip?
    var transition: Transition?
    var gif: GIF?

    /// Every scene in `folder`, by file name.
    static func load(from folder: URL) throws -> [BenchScene] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { try JSONDecoder().decode(BenchScene.self, from: Data(contentsOf: $0)) }
    }

    /// The colour of straight-alpha sRGB components.
    static func color(_ rgba: [Double]) -> CGColor {
        CGColor(srgbRed: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3])
    }
}
