import Flipbook
import FlipbookGallery

/// The table `flipbook demo` ends with: each file, its frames, length, pixels and bytes.
enum SummaryTable {
    /// The table; `subject` heads the first column (each recording's scene).
    static func render(_ recordings: [GalleryRecording], relativeTo folder: URL, subject: String = "scene") -> String {
        let header = [subject, "file", "frames", "seconds", "pixels", "size"]
        var rows = recordings.map { recording in
            [recording.scene,
             recording.url?.path ?? "standard output",
             "\(recording.frameCount)",
             recording.duration > 0 ? String(format: "%.2f", recording.duration) : "still",
             "\(recording.pixelWidth)×\(recording.pixelHeight)",
             GalleryPage.byteDescription(recording.byteCount)]
        }
        let total = recordings.reduce(0) { $0 + $1.byteCount }
        rows.append(["total", folder.path, "\(recordings.reduce(0) { $0 + $1.frameCount })", "", "",
                     GalleryPage.byteDescription(total)])
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let numeric: Set<Int> = [2, 3, 4, 5]
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.dropLast().map(line) + [rule, line(rows.last!)]).joined(separator: "\n")
    }
}
