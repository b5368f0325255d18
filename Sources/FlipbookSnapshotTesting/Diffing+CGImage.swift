import Flipbook
import Foundation
import SnapshotTesting

extension Diffing where Value == CGImage {
    /// Compares pictures as PNG files keep them, the way swift-snapshot-testing's image
    /// diffing does on Apple's platforms, without Core Image.
    ///
    /// - Parameters:
    ///   - precision: the share of pixels that must match, 0…1.
    ///   - perceptualPrecision: how close a pixel's colour must be to the reference's to
    ///     match, 0…1: a pixel matches within CIE ΔE 1994 of (1 − perceptualPrecision) × 100,
    ///     so 0.98 lets through differences of up to ΔE 2, about what the eye can just see.
    ///
    /// A failure writes the reference and a difference image (the differing pixels in red)
    /// into `$SNAPSHOT_ARTIFACTS/<TestFile>/`, beside the failing snapshot, and names them.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, file: StaticString = #filePath,
                             testName: String = #function) -> Diffing {
        image(precision: precision, perceptualPrecision: perceptualPrecision,
              artifacts: SnapshotCall(fileID: file, filePath: file, testName: testName, line: 0, column: 0).artifacts("image"))
    }

    static func image(precision: Float, perceptualPrecision: Float, artifacts: SnapshotArtifacts) -> Diffing {
        .diff(toData: { image in
            image === SnapshotPlaceholder.untaken ? Data() : (try? image.pngData()) ?? Data()
        }, fromData: { data in
            (try? CGImage.decode(data)) ?? SnapshotPlaceholder.unreadable
        }, diffV2: { reference, actual in
            // A snapshot not taken has been reported already.
            guard actual !== SnapshotPlaceholder.untaken else { return nil }
            guard reference !== SnapshotPlaceholder.unreadable else {
                return ("The reference is not a PNG image Flipbook can read; delete it to record it again.", [])
            }
            guard let failure = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
                .failure(of: actual.pngRoundTripped, against: reference) else { return nil }
            guard let difference = failure.difference else { return (failure.message, []) }
            return (failure.message + "\n" + artifacts.write(reference: reference, difference: difference), [])
        })
    }
}
