import Flipbook

/// The pictures the bench scenes name, read from one folder, each decoded once however
/// many renderers ask for it.
final class BenchAssets {
    let folder: URL
    private var images: [String: CGImage] = [:]

    init(folder: URL) { self.folder = folder }

    /// The picture named `name` in the folder.
    func image(_ name: String) throws -> CGImage {
        if let image = images[name] { return image }
        let image = try CGImage.read(contentsOf: folder.appendingPathComponent(name))
        images[name] = image
        return image
    }
}
