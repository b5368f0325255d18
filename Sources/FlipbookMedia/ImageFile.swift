import Foundation

/// Reading an image file's bytes, refusing what is not a regular file with words that say
/// so (Foundation's own errors for a folder, a device or a pipe name a permission or a
/// Cocoa error code).
enum ImageFile {
    static func read(_ url: URL) throws(MediaError) -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw .unsupported("cannot read \(path): no such file")
        }
        guard let type = attributes[.type] as? FileAttributeType, type == .typeRegular else {
            let kind = (attributes[.type] as? FileAttributeType) == .typeDirectory ? "a folder" : "not a regular file (a device, pipe or socket)"
            throw .unsupported("cannot read \(path): it is \(kind); give an image file")
        }
        do { return try Data(contentsOf: url) } catch {
            throw .unsupported("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
