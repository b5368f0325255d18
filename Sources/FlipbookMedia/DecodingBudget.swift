import Foundation
import Synchronization

/// How large an image the decoders agree to make, checked against the sizes a file declares
/// before anything is allocated for them, so that a few hostile bytes cannot cost
/// gigabytes. A file over the budget is refused with `MediaError.overBudget`.
///
/// The default takes Pillow's familiar decompression-bomb limit for one image (89,478,485
/// pixels, a gigabyte's worth at 12 bytes a pixel) and 1 GiB of RGBA (268,435,456 pixels)
/// for all the frames of an animation together. Set `DecodingBudget.standard` to change
/// what every decoder uses (`UIImage(data:)` and the others), or pass a budget to
/// `CGImage.decode(_:budget:)` and `AnimatedImage(data:budget:)`.
public struct DecodingBudget: Equatable, Sendable {
    /// The most pixels one image, or an animation's canvas or any one frame, may have.
    public var maximumPixels: Int
    /// The most pixels all the frames of an animation may have together (each frame is a
    /// whole canvas once composed).
    public var maximumAnimationPixels: Int

    public init(maximumPixels: Int = 89_478_485, maximumAnimationPixels: Int = 1 << 28) {
        self.maximumPixels = maximumPixels
        self.maximumAnimationPixels = maximumAnimationPixels
    }

    private static let current = Mutex(DecodingBudget())

    /// The budget decoders use unless given one; any thread may read or set it.
    public static var standard: DecodingBudget {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// Throws unless an image of `width`×`height` (what `what` names, for the message) is
    /// within `maximumPixels`.
    func check(width: Int, height: Int, _ what: String) throws(MediaError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maximumPixels else { throw refusal(width: width, height: height, what) }
    }

    /// The error for an image of `width`×`height` over `maximumPixels`.
    func refusal(width: Int, height: Int, _ what: String) -> MediaError {
        .overBudget("\(what) is \(width)×\(height) pixels, over the decoding budget of \(maximumPixels) pixels an image (DecodingBudget.standard)")
    }

    /// Throws unless `frames` frames of `pixels` pixels each are within
    /// `maximumAnimationPixels`.
    func checkAnimation(frames: Int, pixels: Int) throws(MediaError) {
        let (total, overflow) = frames.multipliedReportingOverflow(by: pixels)
        guard !overflow, total <= maximumAnimationPixels else {
            throw .overBudget("\(frames) frames of \(pixels) pixels are \(overflow ? "too many" : "\(total)") pixels, over the decoding budget of \(maximumAnimationPixels) pixels an animation (DecodingBudget.standard)")
        }
    }
}
