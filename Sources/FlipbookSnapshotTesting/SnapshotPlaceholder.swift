import Flipbook

/// What a strategy returns when it could not take a snapshot (having reported why), and
/// what a diffing reads from a reference file that is not an image: one-pixel images that
/// the diffings recognise by identity.
enum SnapshotPlaceholder {
    /// A snapshot that was not taken; written as an empty file when no reference exists.
    static let untaken = pixel()
    /// A reference file that could not be read as an image.
    static let unreadable = pixel()

    private static func pixel() -> CGImage {
        // A 1×1 image always fits the limits.
        try! CGImage(width: 1, height: 1, pixels: Data(count: 4), layout: .rgba(premultiplied: true))
    }
}
