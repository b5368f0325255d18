import Flipbook
import Foundation

/// `flipbook-bench fidelity [FOLDER] [--out DIR] [--only FILTER]`: renders every example
/// of Apple's own Core Image output under FOLDER (by default `../shared/reference/coreimage`
/// beside the project) as Apple made it, prints a table of how close Flipbook comes —
/// whether the output extent is Apple's in whole pixels (and if not, how far it lies
/// outside), PSNR, SSIM and the share of pixels off by more than 16 levels, over Apple's
/// extent — and writes an Apple | Flipbook |
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
            let off = distance(of: ours.extent, fromWhole: apple)
            let match = off < 0.05 ? "same" : String(format: "off %.1f px", Double(off))
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

    /// How far an edge of `extent` lies outside the pixel in which the matching edge of
    /// Apple's extent `whole` must lie (Apple's PNG records only whole pixels; where Apple's
    /// extent is known exactly, its edges themselves).
    private static func distance(of extent: CGRect, fromWhole whole: CGRect) -> CGFloat {
        guard !extent.isInfinite else { return .infinity }
        func outside(_ edge: CGFloat, _ low: CGFloat) -> CGFloat { max(low - edge, edge - (low + 1), 0) }
        return max(outside(extent.minX, whole.minX), outside(extent.minY, whole.minY),
                   outside(extent.maxX, whole.maxX - 1), outside(extent.maxY, whole.maxY - 1))
    }

    private static func describe(_ rect: CGRect) -> String {
        guard !rect.isInfinite else { return "infinite" }
        func n(_ v: CGFloat) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", Double(v)) }
        return "(\(n(rect.minX)), \(n(rect.minY)), \(n(rect.width)), \(n(rect.height)))"
    }
}
