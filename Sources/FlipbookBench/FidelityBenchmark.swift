import Flipbook
import Foundation

/// `flipbook-bench fidelity [FOLDER] [--out DIR] [--only FILTER]`: renders every example
/// of Apple's own Core Image output under FOLDER (by default `../shared/reference/coreimage`
/// beside the project) as Apple made it, prints a table of how close Flipbook comes — how
/// far the output extent's sides lie from Apple's, PSNR, SSIM and the share of pixels off
/// by more than 16 levels, over Apple's extent — and writes an Apple | Flipbook |
/// difference sheet and Flipbook's own picture (over Apple's extent, `…-flipbook.png`) for
/// each into DIR (`bench/.out/fidelity` by default); `--only` keeps the filters whose names
/// contain FILTER. Without the folder (a clone of the project alone has none) it says so
/// and does nothing.
enum FidelityBenchmark {
    static func run(root: URL, output: URL, only: String?) throws {
        guard FileManager.default.fileExists(atPath: root.path) else {
            print("fidelity: no reference examples at \(root.path) (they live in the project's shared folder, not in a clone); nothing to compare")
            return
        }
        let examples = try ReferenceExample.all(under: root).filter { only == nil || $0.filterName.localizedCaseInsensitiveContains(only!) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        print("Flipbook against Apple's Core Image output (iOS 13.3), \(examples.count) examples from \(root.path)")
        print("| filter | example | Apple's extent | Flipbook's extent | extent | PSNR dB | SSIM | % off > 16 |")
        print("|---|---|---|---|---|---|---|---|")
        let context = CIContext()
        for example in examples {
            let ours = try example.flipbookOutput()
            let apple = example.appleExtent
            let rendered = try context.render(ours, from: apple)
            let name = example.filterName.replacingOccurrences(of: "Transition", with: "").replacingOccurrences(of: "CI", with: "")
            // Apple's PNG records its extent in whole pixels: each of its true edges lies
            // within the pixel inside the recorded one. How far ours lies outside that.
            let e = ours.extent
            let off = e.isInfinite ? .infinity : [max(apple.minX - e.minX, e.minX - (apple.minX + 1), 0), max(apple.minY - e.minY, e.minY - (apple.minY + 1), 0),
                                                  max(e.maxX - apple.maxX, (apple.maxX - 1) - e.maxX, 0), max(e.maxY - apple.maxY, (apple.maxY - 1) - e.maxY, 0)].max() ?? 0
            let match = e.integral == apple ? "same" : String(format: "off %.1f px", Double(off))
            var row = "| \(name) | \(example.id.prefix(8)) | \(describe(apple)) | \(describe(ours.extent)) | \(match) |"
            if let comparison = ImageComparison(example.output, rendered) {
                row += String(format: " %.2f | %.4f | %.2f |", comparison.psnr, comparison.ssim, comparison.percentOff)
            } else {
                row += " — | — | — |"
            }
            print(row)
            let sheet = try ComparisonSheet.make(apple: example.output, flipbook: rendered)
            try sheet.write(to: output.appendingPathComponent("\(name)-\(example.id.prefix(8)).png"))
            try rendered.write(to: output.appendingPathComponent("\(name)-\(example.id.prefix(8))-flipbook.png"))
        }
        print("sheets (Apple | Flipbook | difference × 4) in \(output.path)")
    }

    private static func describe(_ rect: CGRect) -> String {
        guard !rect.isInfinite else { return "infinite" }
        func n(_ v: CGFloat) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", Double(v)) }
        return "(\(n(rect.minX)), \(n(rect.minY)), \(n(rect.width)), \(n(rect.height)))"
    }
}
