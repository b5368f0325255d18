import FlipbookFilters
import FlipbookGraphics
import FlipbookMedia

/// Why a recording failed. Nothing is left under the output's final name.
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A duration, frame rate, size or thread count that cannot make frames.
    case invalidSettings(String)
    /// A frame could not be rendered.
    case render(GraphicsError)
    /// The frames could not be written.
    case output(MediaError)
    /// A filter made no picture for a frame.
    case filter(FilterError)

    public var description: String {
        switch self {
        case .invalidSettings(let detail): return "cannot record: \(detail)"
        case .render(let error): return "cannot render a frame: \(error.description)"
        case .output(let error): return error.description
        case .filter(let error): return "cannot make a frame: \(error.description)"
        }
    }
}
