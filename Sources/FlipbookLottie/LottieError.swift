import Foundation

/// Why a Lottie file cannot be played.
public enum LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON, or not a Lottie animation's structure: what is wrong and where.
    case invalidJSON(String)
    /// A width or height that is not a finite number from 1 to 32,768.
    case invalidSize(width: Double, height: Double)
    /// A frame rate that is not a finite number above 0 and at most 1,000.
    case invalidFrameRate(Double)
    /// In and out points that do not make a span of at most an hour.
    case invalidFrameRange(inPoint: Double, outPoint: Double)
    /// Layers that are each other's parents, through the layer with this index.
    case parentingCycle(layerIndex: Int)
    /// A precomposition that contains itself, through the asset with this id.
    case precompositionCycle(assetID: String)
    /// No file at this path.
    case fileNotFound(String)

    public var description: String {
        switch self {
        case .invalidJSON(let reason):
            return "not a Lottie animation: \(reason)"
        case let .invalidSize(width, height):
            return "the animation's size \(width) × \(height) is not from 1 to 32768 points a side"
        case .invalidFrameRate(let rate):
            return "the frame rate \(rate) is not above 0 and at most 1000 frames a second"
        case let .invalidFrameRange(inPoint, outPoint):
            return "the frames \(inPoint) to \(outPoint) do not make a span of at most an hour"
        case .parentingCycle(let index):
            return "the layer with index \(index) is its own ancestor through its parents"
        case .precompositionCycle(let id):
            return "the precomposition \"\(id)\" contains itself"
        case .fileNotFound(let path):
            return "no Lottie file at \(path)"
        }
    }
}
