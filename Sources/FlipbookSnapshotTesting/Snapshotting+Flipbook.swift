import Flipbook
import Foundation
import SnapshotTesting

/// The strategies every kind of value shares, made from how the value is staged.
extension Snapshotting where Format == CGImage {
    /// The frame at `moment`, compared by `Diffing.image`.
    static func frame(of subject: SnapshotSubject<Value>, at moment: SnapshotMoment, label: String,
                      precision: Float, perceptualPrecision: Float, call: SnapshotCall) -> Snapshotting {
        Snapshotting(pathExtension: "png",
                     diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, artifacts: call.artifacts(label))) { value in
            call.capture(value, placeholder: SnapshotPlaceholder.untaken) { value throws(SnapshotError) in
                let stage = try subject.stage(value)
                try stage.advance(to: moment.time(now: CACurrentMediaTime()))
                return try stage.image()
            }
        }
    }
}

extension Snapshotting where Format == String {
    /// The text form of the frame tree at `moment`, compared line by line.
    static func frameTree(of subject: SnapshotSubject<Value>, at moment: SnapshotMoment, call: SnapshotCall) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { value in
            call.capture(value, placeholder: "") { value throws(SnapshotError) in
                let stage = try subject.stage(value)
                try stage.advance(to: moment.time(now: CACurrentMediaTime()))
                return stage.frameTreeDescription()
            }
        }
    }
}

extension Snapshotting where Format == Data {
    /// `duration` seconds from now at `framesPerSecond`, encoded as `format` (GIF or APNG)
    /// and compared frame by frame.
    static func animation(of subject: SnapshotSubject<Value>, as format: SnapshotAnimationFormat, duration: CFTimeInterval,
                          framesPerSecond: Double, precision: Float, perceptualPrecision: Float, call: SnapshotCall) -> Snapshotting {
        let label = format.rawValue
        return Snapshotting(pathExtension: format.pathExtension,
                            diffing: .animation(format, precision: precision, perceptualPrecision: perceptualPrecision,
                                                artifacts: call.artifacts(label))) { value in
            call.capture(value, placeholder: Data()) { value throws(SnapshotError) in
                let stage = try subject.stage(value)
                try stage.advance(to: CACurrentMediaTime())
                let output = DataOutput()
                try stage.record(duration: duration, framesPerSecond: framesPerSecond, into: format.sink(writingInto: output))
                return output.data
            }
        }
    }
}
