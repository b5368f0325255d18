import FlipbookGraphics
import FlipbookMedia
import Foundation

extension LottieAsset {
    /// The picture of an image asset: embedded as a `data:` URL (base64), or the file
    /// `directory`/`path` in `folder`. Nil, with the reason, when there is none to read.
    func image(in folder: URL?) -> Result<CGImage, LottieAssetProblem> {
        guard let path, !path.isEmpty else { return .failure(.init(reason: "it names no picture")) }
        if path.hasPrefix("data:") {
            guard let comma = path.firstIndex(of: ","), path[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(path[path.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                return .failure(.init(reason: "its data URL is not base64"))
            }
            do { return .success(try CGImage.decode(data)) } catch { return .failure(.init(reason: "its embedded picture cannot be read: \(error)")) }
        }
        guard let folder else { return .failure(.init(reason: "the file \(path) is not embedded and the animation was not read from a file")) }
        let url = folder.appendingPathComponent(directory ?? "").appendingPathComponent(path)
        do { return .success(try CGImage.read(contentsOf: url)) } catch { return .failure(.init(reason: "\(url.path) cannot be read: \(error)")) }
    }
}

/// Why an image asset shows nothing.
struct LottieAssetProblem: Error, Sendable {
    let reason: String
}
