import Foundation
import Flipbook

/// The HTML of the gallery's pages: the static `index.html` of an export, and the shared
/// look of the live preview's page.
public enum GalleryPage {
    /// The style both pages use: a grid of cards, each a picture over its title and notes.
    public static let style = """
        body { font-family: system-ui, sans-serif; margin: 2rem; background: #f4f4f6; color: #222; }
        h1 { font-weight: 600; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 1.5rem; }
        .card { background: white; border-radius: 12px; padding: 1rem; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
        .card img, .card video { max-width: 100%; display: block; margin: 0 auto 0.75rem; background: #ddd; }
        .card h2 { font-size: 1rem; margin: 0 0 0.25rem; }
        .card p { font-size: 0.85rem; margin: 0.25rem 0; color: #555; }
        .card code { font-size: 0.8rem; }
        """

    /// `index.html` for `recordings` of `scenes` written in `format`, beside them (links
    /// are relative).
    static func html(_ recordings: [GalleryRecording], scenes: [GalleryScene], format: GalleryExport.Format) -> String {
        let cards = zip(recordings, scenes).map { recording, scene in
            let file = recording.url?.lastPathComponent ?? recording.scene
            let media = switch format {
            case .mp4: "<video src=\"\(escape(file))\" autoplay loop muted playsinline></video>"
            case .png: "<a href=\"\(escape(file))/\"><img src=\"\(escape(file))/frame-00000.png\" alt=\"\(escape(scene.name))\"></a>"
            case .gif, .apng: "<img src=\"\(escape(file))\" alt=\"\(escape(scene.name))\">"
            }
            let length = recording.duration > 0 ? String(format: "%.1f s, ", recording.duration) : "still, "
            return """
                <div class="card" id="\(escape(scene.name))">\(media)
                <h2>\(escape(scene.title))</h2><p>\(escape(scene.summary))</p>
                <p><code>\(escape(scene.name))</code> · \(length)\(recording.frameCount) frames, \(recording.pixelWidth)×\(recording.pixelHeight) px, \(byteDescription(recording.byteCount))</p></div>
                """
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Flipbook gallery</title>
            <style>\(style)</style></head>
            <body><h1>Flipbook gallery</h1>
            <p>Rendered headless by <code>flipbook demo</code>: \(recordings.count) scenes.</p>
            <div class="grid">
            \(cards.joined(separator: "\n"))
            </div></body></html>

            """
    }

    /// `text` with HTML's special characters escaped.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A byte count for people: 812 B, 14.2 KB, 3.1 MB.
    public static func byteDescription(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
