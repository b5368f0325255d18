import Foundation
import FlipbookGraphics
import FlipbookMedia

/// A transition filter between two pictures, frame by frame, as ffmpeg's xfade makes one
/// between two videos: the target is resized to the source's size, and unless set
/// otherwise the filter's centre is the picture's centre and its extent the whole
/// picture (Apple's defaults suit a 300-point square).
public struct TransitionRecording {
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

    /// The frame at `progress` (0: the source, 1: the target).
    public func frame(at progress: Double, context: CIContext = CIContext()) throws(FilterError) -> CGImage {
        filter.setValue(progress, forKey: kCIInputTimeKey)
        guard let image = filter.outputImage,
              let frame = context.createCGImage(image, from: CGRect(x: 0, y: 0, width: width, height: height)) else {
            throw .noOutput(filter.name)
        }
        return frame
    }

    /// Writes `duration` seconds at `framesPerSecond` into `sink`, the first frame the
    /// source and the last the target; nothing is left behind if a frame fails.
    public func record(duration: Double, framesPerSecond: Double, to sink: any FrameSink) throws {
        let format = try FrameSequenceFormat(width: width, height: height, framesPerSecond: framesPerSecond)
        guard duration.isFinite, duration > 0 else { throw MediaError.invalidSettings("the duration must be above 0, not \(duration)") }
        try format.checkFrameCount(duration: duration)
        let count = max(2, Int((duration * framesPerSecond).rounded()))
        let context = CIContext()
        try sink.begin(format)
        do {
            for index in 0..<count { try sink.append(try frame(at: Double(index) / Double(count - 1), context: context)) }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }
}
