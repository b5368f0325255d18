import Flipbook
import Foundation
import FlipbookTestSupport
import Testing

/// CATextLayer through FreeType and fontconfig: DejaVu Sans by default, Japanese from the
/// installed CJK font (IPAGothic, which scripts/install-dependencies.sh installs).
@MainActor
@Suite(.serialized) struct TextRenderTests {
    @Test func latinAndJapaneseGolden() throws {
        let root = TestScene.root(width: 360, height: 200)
        let latin = CATextLayer()
        latin.frame = CGRect(x: 10, y: 10, width: 340, height: 40)
        latin.string = "Flipbook draws text"
        latin.fontSize = 28
        latin.foregroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.3, alpha: 1)
        let japanese = CATextLayer()
        japanese.frame = CGRect(x: 10, y: 55, width: 340, height: 40)
        japanese.string = "こんにちは、世界。日本語"
        japanese.fontSize = 28
        japanese.foregroundColor = CGColor(srgbRed: 0.6, green: 0.1, blue: 0.1, alpha: 1)
        let wrapped = CATextLayer()
        wrapped.frame = CGRect(x: 10, y: 100, width: 200, height: 50)
        wrapped.backgroundColor = CGColor(gray: 0.92, alpha: 1)
        wrapped.string = "Wrapped and centred text that runs on longer than its box allows"
        wrapped.fontSize = 16
        wrapped.isWrapped = true
        wrapped.alignmentMode = .center
        wrapped.truncationMode = .end
        wrapped.foregroundColor = CGColor(gray: 0.2, alpha: 1)
        let cut = CATextLayer()
        cut.frame = CGRect(x: 220, y: 100, width: 130, height: 24)
        cut.string = "Truncated in the middle"
        cut.fontSize = 16
        cut.truncationMode = .middle
        cut.foregroundColor = CGColor(srgbRed: 0, green: 0.4, blue: 0.2, alpha: 1)
        for layer in [latin, japanese, wrapped, cut] { root.addSublayer(layer) }
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds, scale: 2).render(at: 0)
        #expect(Golden.compare(image) == nil)
    }

    @Test func layoutBasics() {
        let line = TextLayout(string: "Hello", fontName: nil, fontSize: 20)
        #expect(line.fontFamily == "DejaVu Sans")
        #expect(line.isRequestedFontInstalled)
        #expect(line.lineWidths.count == 1 && line.lineWidths[0] > 40 && line.lineWidths[0] < 70)
        #expect(!line.path.isEmpty)
        // Twice the size, twice the width.
        let big = TextLayout(string: "Hello", fontName: nil, fontSize: 40)
        #expect(abs(big.lineWidths[0] - 2 * line.lineWidths[0]) < 1e-9)
        // Japanese glyphs come from a fallback font: the path covers them.
        let japanese = TextLayout(string: "日本", fontName: nil, fontSize: 20)
        #expect(japanese.path.boundingBoxOfPath.width > 30)
        // Wrapping keeps every line within the width; truncation adds an ellipsis within it.
        let wrapped = TextLayout(string: "one two three four five six", fontName: nil, fontSize: 20, width: 80, wraps: true)
        #expect(wrapped.lineWidths.count >= 3 && wrapped.lineWidths.allSatisfy { $0 <= 80 })
        let cut = TextLayout(string: "a long line of text", fontName: nil, fontSize: 20, width: 60, truncation: .end)
        #expect(cut.lineWidths == [cut.lineWidths[0]] && cut.lineWidths[0] <= 60)
        // CJK text wraps between characters.
        let cjk = TextLayout(string: "日本語の文章を折り返す", fontName: nil, fontSize: 20, width: 70, wraps: true)
        #expect(cjk.lineWidths.count >= 3 && cjk.lineWidths.allSatisfy { $0 <= 70 })
    }

    /// An unknown font name falls back to DejaVu Sans and says so.
    @Test func unknownFontFallsBackWithDiagnostic() throws {
        let layer = CATextLayer()
        let messages = TestScene.diagnostics { layer.font = "No Such Font Family" }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("No Such Font Family") == true)
        #expect(messages.first?.contains("DejaVu Sans") == true)
        #expect(CGFont("No Such Font Family") == nil)
        #expect(CGFont("DejaVu Sans")?.unitsPerEm == 2048)
        let layout = TextLayout(string: "x", fontName: "No Such Font Family", fontSize: 12)
        #expect(!layout.isRequestedFontInstalled && layout.fontFamily == "DejaVu Sans")
    }

    /// Runs in different sizes share lines: widths add up, the tallest run sets the line
    /// height, and each run's glyphs come back on their own.
    @Test func layoutOfRuns() {
        let small = TextLayout(string: "Hello ", fontName: nil, fontSize: 10)
        let big = TextLayout(string: "World", fontName: nil, fontSize: 40)
        let both = TextLayout(runs: [TextLayout.Run("Hello ", fontSize: 10), TextLayout.Run("World", fontSize: 40)])
        #expect(abs(both.lineWidths[0] - (small.lineWidths[0] + spaceWidth(10) + big.lineWidths[0])) < 1e-9)
        #expect(both.runPaths.count == 2 && !both.runPaths[0].isEmpty && !both.runPaths[1].isEmpty)
        // One baseline: "W" (40 pt) reaches far higher above it than "H" (10 pt).
        let h = both.runPaths[0].boundingBoxOfPath, w = both.runPaths[1].boundingBoxOfPath
        #expect(abs(h.maxY - w.maxY) < 1 && w.height > 3 * h.height)
        // Two lines: the second, in 40 pt, sits one 40-pt line height below the first baseline.
        let lines = TextLayout(runs: [TextLayout.Run("a\n", fontSize: 10), TextLayout.Run("x", fontSize: 40)])
        #expect(lines.lineWidths.count == 2)
        let x = lines.runPaths[1].boundingBoxOfPath, a = lines.runPaths[0].boundingBoxOfPath
        #expect(abs((x.maxY - a.maxY) - big.lineHeight) < 0.5, "\(x.maxY - a.maxY) vs \(big.lineHeight)")
    }

    private func spaceWidth(_ size: CGFloat) -> CGFloat {
        TextLayout(string: "a a", fontName: nil, fontSize: size).lineWidths[0] - 2 * TextLayout(string: "a", fontName: nil, fontSize: size).lineWidths[0]
    }

    private struct Font: TextAttributeFont {
        let fontName: String
        let pointSize: CGFloat
    }

    private struct Color: TextAttributeColor {
        let cgColor: CGColor
    }

    /// An attributed string draws in its attributes' fonts and colours; the layer's font,
    /// size and foreground colour are unused, and unattributed text is 12-point black.
    @Test func attributedStrings() throws {
        let root = TestScene.root(width: 300, height: 60)
        let text = NSMutableAttributedString(string: "Red Blue plain")
        let red = CGColor(srgbRed: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        text.addAttributes([NSAttributedString.Key("NSColor"): red, NSAttributedString.Key("NSFont"): Font(fontName: "DejaVu Sans", pointSize: 30)],
                           range: NSRange(location: 0, length: 4))
        text.addAttributes([NSAttributedString.Key("CTForegroundColor"): Color(cgColor: CGColor(srgbRed: 0.1, green: 0.2, blue: 0.9, alpha: 1)),
                            NSAttributedString.Key("NSFont"): Font(fontName: "DejaVu Serif", pointSize: 30)],
                           range: NSRange(location: 4, length: 5))
        let layer = CATextLayer()
        layer.frame = root.bounds
        layer.string = text
        layer.fontSize = 80
        layer.foregroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(layer)
        AnimationHost.shared.tick()
        let image = try CARenderer(layer: root, bounds: root.bounds, scale: 2).render(at: 0)
        #expect(Golden.compare(image) == nil)
        var reds = 0, blues = 0, blacks = 0, greens = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if p[0] > 200 && p[1] < 60 { reds += 1 }
                if p[2] > 200 && p[0] < 60 { blues += 1 }
                if p[0] < 40 && p[1] < 40 && p[2] < 40 { blacks += 1 }
                if p[1] > 200 && p[0] < 100 { greens += 1 }
            }
        }
        #expect(reds > 500 && blues > 500 && blacks > 50 && greens == 0, "\(reds) \(blues) \(blacks) \(greens)")
        // The plain run is 12 point (24 pixels at 2×): its black rows span less than a line.
        var blackRows = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x, y)[0...2].allSatisfy({ $0 < 40 }) { blackRows.insert(y) }
        }
        #expect(blackRows.count > 12 && blackRows.count < 28, "\(blackRows.count)")
    }
}
