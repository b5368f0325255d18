import FlipbookUI
import Foundation

extension LottieAnimation {
    /// The animation in `name`.json (the name may carry its extension) in `bundle`'s
    /// resources, in `subdirectory` of them when given, else in `UIImage.resourceFolders`
    /// (the working folder and its `Resources`), as lottie-ios finds it; nil when there is
    /// none or it cannot be played (`from(data:)` says why).
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) -> LottieAnimation? {
        let file = name.hasSuffix(".json") ? name : name + ".json"
        var folders = [bundle.resourceURL].compactMap { $0 } + UIImage.resourceFolders
        if let subdirectory { folders = folders.map { $0.appendingPathComponent(subdirectory) } }
        for folder in folders {
            let url = folder.appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: url.path) { return filepath(url.path) }
        }
        return nil
    }

    /// The animation in the file at `filepath`; nil when there is none or it cannot be played.
    public static func filepath(_ filepath: String) -> LottieAnimation? {
        try? from(contentsOf: URL(fileURLWithPath: filepath))
    }

    /// The animation in the file at `url` (Flipbook's addition: why it cannot be read).
    public static func from(contentsOf url: URL) throws(LottieError) -> LottieAnimation {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .fileNotFound(url.path) }
        return try from(data: data, imageFolder: url.deletingLastPathComponent())
    }
}
