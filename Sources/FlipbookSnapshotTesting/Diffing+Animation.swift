import Flipbook
import Foundation
import SnapshotTesting

extension Diffing where Value == Data {
    /// Compares two encoded animations frame by frame (each decoded as a whole picture),
    /// with `ImageComparison`'s precisions, and their frame timing. A failure writes the
    /// reference and difference images of the first differing frame.
    static func animation(_ format: SnapshotAnimationFormat, precision: Float, perceptualPrecision: Float,
                          artifacts: SnapshotArtifacts) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }, diffV2: { reference, actual in
            // An empty snapshot was not taken, and has been reported already.
            guard !actual.isEmpty, reference != actual else { return nil }
            let expected: AnimatedImage, taken: AnimatedImage
            do { expected = try AnimatedImage(data: reference) } catch {
                return ("The reference is not \(format.name) Flipbook can read (\(error)); delete it to record it again.", [])
            }
            do { taken = try AnimatedImage(data: actual) } catch {
                return ("The snapshot cannot be read back: \(error)", [])
            }
            guard expected.frames.count == taken.frames.count else {
                return ("The snapshot has \(taken.frames.count) frames; the reference has \(expected.frames.count).", [])
            }
            let comparison = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
            var differing: [Int] = []
            var first: (message: String, difference: ImageDifference?)?
            for index in expected.frames.indices {
                guard let failure = comparison.failure(of: taken.frames[index], against: expected.frames[index]) else { continue }
                differing.append(index)
                if first == nil { first = failure }
            }
            let timing = expected.delays == taken.delays ? nil
                : "The frames' durations differ: \(taken.delays.map(SnapshotMoment.number)) s, the reference's \(expected.delays.map(SnapshotMoment.number)) s."
            guard let first, let index = differing.first else { return timing.map { ($0, []) } }
            let start = expected.delays.prefix(index).reduce(0, +)
            var message = "\(differing.count) of \(expected.frames.count) frames differ (\(differing.map(String.init).joined(separator: ", "))). "
                + "Frame \(index), at \(SnapshotMoment.number(start)) s: \(first.message)"
            if let difference = first.difference {
                let frameArtifacts = SnapshotArtifacts(folder: artifacts.folder, name: artifacts.name + ".frame-\(index)")
                message += "\n" + frameArtifacts.write(reference: expected.frames[index], difference: difference)
            }
            if let timing { message += "\n" + timing }
            return (message, [])
        })
    }
}
