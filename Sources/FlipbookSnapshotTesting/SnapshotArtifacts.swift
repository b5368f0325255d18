import Flipbook
import Foundation

/// The reference and difference files a failing comparison writes beside the failing
/// snapshot, so that a CI job that keeps `$SNAPSHOT_ARTIFACTS` keeps all three.
struct SnapshotArtifacts: Sendable {
    let folder: URL
    /// `<test>.<label>`: each file is `<name>.<kind>.<extension>`.
    let name: String

    /// The file of `kind` ("reference", "difference") with extension `ext`.
    func url(_ kind: String, _ ext: String) -> URL {
        folder.appendingPathComponent("\(name).\(kind).\(ext)")
    }

    /// Writes the reference image and the difference picture; the message's lines that
    /// name them (or say why they could not be written).
    func write(reference: CGImage, difference: ImageDifference) -> String {
        let referenceURL = url("reference", "png"), differenceURL = url("difference", "png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try reference.write(to: referenceURL)
            try difference.makeImage().write(to: differenceURL)
        } catch {
            return "could not write the reference and difference images into \(folder.path): \(error)"
        }
        return "reference: \(referenceURL.path)\ndifference (the pixels that differ in red): \(differenceURL.path)"
    }
}
