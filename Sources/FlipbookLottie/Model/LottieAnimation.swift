import FlipbookGraphics
import Foundation

/// A Lottie animation (Bodymovin JSON, lottie-spec), read and checked: its size, frame
/// rate, frames, layers and assets. The model lottie-ios calls `LottieAnimation`.
///
/// ```swift
/// let animation = try LottieAnimation.from(data: Data(contentsOf: url))
/// print(animation.size, animation.duration)
/// ```
public final class LottieAnimation: Sendable {
    /// The Bodymovin version that wrote the file.
    public let version: String
    /// Frames a second.
    public let framerate: Double
    /// The first frame.
    public let startFrame: Double
    /// The frame the animation ends at (not shown).
    public let endFrame: Double
    /// The composition's size in points.
    public let size: CGSize
    /// The composition's name.
    public let name: String?
    let layers: [LottieLayer]
    let assets: [LottieAsset]
    let markers: [LottieMarker]
    /// How many properties carry an expression, which Flipbook does not run.
    let expressionCount: Int
    /// The folder image assets' paths are relative to: the file's, when read from one.
    public let imageFolder: URL?

    /// Seconds from the first frame to the end.
    public var duration: TimeInterval { (endFrame - startFrame) / framerate }

    /// The markers' names, in the file's order.
    public var markerNames: [String] { markers.map(\.name) }

    /// The longest animation accepted, in seconds.
    static let maximumDuration: Double = 3600

    private struct File: Decodable {
        var v: String?
        var fr: Double
        var ip: Double
        var op: Double
        var w: Double
        var h: Double
        var nm: String?
        var layers: [LottieLayer]
        var assets: [LottieAsset]?
        var markers: [LottieMarker]?
    }

    private init(_ file: File, expressionCount: Int, imageFolder: URL?) {
        self.imageFolder = imageFolder
        version = file.v ?? ""
        framerate = file.fr
        startFrame = file.ip
        endFrame = file.op
        size = CGSize(width: file.w, height: file.h)
        name = file.nm
        layers = file.layers
        assets = file.assets ?? []
        markers = file.markers ?? []
        self.expressionCount = expressionCount
    }

    /// Reads an animation from Lottie JSON and checks it: its size, frame rate and frames,
    /// that no layer is its own ancestor, and that no precomposition contains itself.
    /// Image assets that are not embedded are looked for in `imageFolder`.
    public static func from(data: Data, imageFolder: URL? = nil) throws(LottieError) -> LottieAnimation {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch let error as DecodingError {
            throw .invalidJSON(Self.reason(error))
        } catch {
            throw .invalidJSON(String(describing: error))
        }
        guard file.w.isFinite, file.h.isFinite, (1...32_768).contains(file.w), (1...32_768).contains(file.h) else {
            throw .invalidSize(width: file.w, height: file.h)
        }
        guard file.fr.isFinite, file.fr > 0, file.fr <= 1000 else { throw .invalidFrameRate(file.fr) }
        guard file.ip.isFinite, file.op.isFinite, file.op > file.ip, (file.op - file.ip) / file.fr <= maximumDuration else {
            throw .invalidFrameRange(inPoint: file.ip, outPoint: file.op)
        }
        let animation = LottieAnimation(file, expressionCount: expressions(in: data), imageFolder: imageFolder)
        try animation.checkParents(of: animation.layers)
        for asset in animation.assets { try animation.checkParents(of: asset.layers ?? []) }
        try animation.checkPrecompositions()
        return animation
    }

    /// Throws when following `parent` from some layer comes back to it.
    private func checkParents(of layers: [LottieLayer]) throws(LottieError) {
        var parents: [Int: Int] = [:]
        for layer in layers { if let index = layer.index, let parent = layer.parent { parents[index] = parent } }
        for start in parents.keys.sorted() {
            var seen: Set<Int> = [start]
            var current = start
            while let parent = parents[current] {
                guard seen.insert(parent).inserted else { throw .parentingCycle(layerIndex: start) }
                current = parent
            }
        }
    }

    /// Throws when a precomposition reaches itself through the precompositions it shows.
    private func checkPrecompositions() throws(LottieError) {
        var layersByID: [String: [LottieLayer]] = [:]
        for asset in assets { if let layers = asset.layers { layersByID[asset.id] = layers } }
        func references(_ layers: [LottieLayer]) -> [String] {
            layers.compactMap { layer in
                if case .precomposition(let id, _, _) = layer.kind { return id }
                return nil
            }
        }
        // Depth first, each asset finished once; an asset met again on the current path is a cycle.
        var finished: Set<String> = []
        var path: Set<String> = []
        func visit(_ id: String) throws(LottieError) {
            guard !finished.contains(id) else { return }
            guard path.insert(id).inserted else { throw .precompositionCycle(assetID: id) }
            for next in references(layersByID[id] ?? []) { try visit(next) }
            path.remove(id)
            finished.insert(id)
        }
        for id in references(layers) { try visit(id) }
        for id in layersByID.keys.sorted() { try visit(id) }
    }

    /// A decoding error as one line: what, and where in the file.
    private static func reason(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return "\(context.debugDescription) at \(place(context.codingPath))"
        case let .keyNotFound(key, context):
            return "no \"\(key.stringValue)\" at \(place(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }
}
