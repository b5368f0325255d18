import Foundation
import FlipbookGraphics

/// A transition filter between two pictures, frame by frame, as ffmpeg's xfade makes one
/// between two videos: the target is resized to the source's size, and unless set
/// otherwise the filter's centre is the picture's centre and its extent the whole
/// picture (Apple's defaults suit a 300-point square). `Recorder.record(_:duration:…)`
/// records it into a file.
public struct TransitionFrames {
    public let width: Int, height: Int
    private let filter: CIFilter

    /// Throws for an unknown filter, one that is not a transition, or a bad input.
    public init(from source: CGImage, to target: CGImage, filter name: String, inputs: [String: String] = [:]) throws(FilterError) {
        guard let filter = CIFilter(name: name) else { throw .unknownFilter(name) }
        guard filter.definition.categories.contains(kCICategoryTransition) else { throw .notATransition(name) }
        (width, height) = (source.width, source.height)
        let frame = CGRect(x: 0, y: 0, width: width, height: height)
        filter.setValue(CIImage(cgImage: source), forKey: kCIInputImageKey)
        filter.setValue(CIImage(cgImage: target).transformed(by: CGAffineTransform(scaleX: CGFloat(width) / CGFloat(max(target.width, 1)),
                                                                                   y: CGFloat(height) / CGFloat(max(target.height, 1))))
                            .cropped(to: frame), forKey: kCIInputTargetImageKey)
        filter.fit(to: frame)
        if name == "CIDisintegrateWithMaskTransition" {
            // Without a mask of its own: a radial one, the target spreading from the centre.
            let radial = CIFilter(name: "CIRadialGradient")!
            radial.setValue(CIVector(x: frame.midX, y: frame.midY), forKey: kCIInputCenterKey)
            radial.setValue(0.0, forKey: "inputRadius0")
            radial.setValue(Double(hypot(frame.width, frame.height) / 2), forKey: "inputRadius1")
            filter.setValue(radial.outputImage?.cropped(to: frame), forKey: kCIInputMaskImageKey)
        }
        for (key, text) in inputs.sorted(by: { $0.key < $1.key }) { try filter.setValue(parsing: text, forKey: key) }
        self.filter = filter
    }

    /// The picture at `progress` (0: the source, 1: the target) as a Core Image recipe,
    /// cropped to the frame; render it with any `CIContext`, on any thread.
    public func image(at progress: Double) throws(FilterError) -> CIImage {
        filter.setValue(progress, forKey: kCIInputTimeKey)
        guard let image = filter.outputImage else { throw .noOutput(filter.name) }
        return image.cropped(to: CGRect(x: 0, y: 0, width: width, height: height))
    }

    /// The frame at `progress` (0: the source, 1: the target).
    public func frame(at progress: Double, context: CIContext = CIContext()) throws(FilterError) -> CGImage {
        guard let frame = context.createCGImage(try image(at: progress), from: CGRect(x: 0, y: 0, width: width, height: height)) else {
            throw .noOutput(filter.name)
        }
        return frame
    }
}
