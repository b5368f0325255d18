/// Plain text laid out in lines as glyph outlines (Flipbook's addition: what Core Text
/// does for `CATextLayer`). Glyphs come from the named font, and for characters it lacks
/// from another installed font that has them (a CJK font for Japanese); each line's
/// baseline sits one ascent below the line's top, lines one font line height apart.
/// Layout coordinates start at the top-left of the text box, y down.
public struct TextLayout: Sendable {
    /// How lines sit across the box's width.
    public enum Alignment: Sendable, Equatable {
        case natural, left, right, center, justified
    }

    /// Where text that does not fit is cut (an ellipsis marks the cut).
    public enum Truncation: Sendable, Equatable {
        case none, start, middle, end
    }

    /// The glyphs' outlines in layout coordinates; fill with the non-zero rule.
    public let path: CGPath
    /// The font family used for the text (the one named, or the fallback).
    public let fontFamily: String
    /// Whether the named font is installed (false: `fontFamily` stands in for it).
    public let isRequestedFontInstalled: Bool
    /// The lines' widths, top to bottom.
    public let lineWidths: [CGFloat]
    /// Baseline to baseline.
    public let lineHeight: CGFloat

    private struct Glyph {
        let face: FontFace
        let index: UInt32
        let advance: CGFloat
        let scalar: Unicode.Scalar
        var x: CGFloat = 0
    }

    /// The family text in the font named `fontName` is drawn with (nil: DejaVu Sans), and
    /// whether that is the named font or a stand-in for one that is not installed.
    public static func family(forFontNamed fontName: String?) -> (family: String, isInstalled: Bool) {
        let requested = fontName ?? FontLibrary.defaultFamily
        guard let (face, exact) = FontLibrary.shared.face(named: requested) else { return (requested, false) }
        return (face.family, exact)
    }

    /// Lays out `string` in the font named `fontName` (fontconfig names; nil is DejaVu
    /// Sans) at `fontSize` points. With `wraps`, lines break at spaces and between CJK
    /// characters to fit `width`; lines below `height` are dropped. Lines wider than
    /// `width` (or the last kept line, when text was dropped) are cut by `truncation`.
    public init(string: String, fontName: String?, fontSize: CGFloat, width: CGFloat? = nil, height: CGFloat? = nil,
                wraps: Bool = false, alignment: Alignment = .natural, truncation: Truncation = .none) {
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : 0
        let requested = fontName ?? FontLibrary.defaultFamily
        guard size > 0, let (primary, exact) = FontLibrary.shared.face(named: requested) else {
            self.path = CGMutablePath()
            fontFamily = requested
            isRequestedFontInstalled = false
            lineWidths = []
            lineHeight = 0
            return
        }
        fontFamily = primary.family
        isRequestedFontInstalled = exact
        let scale = size / primary.unitsPerEm
        lineHeight = primary.lineHeight * scale
        let ascent = primary.ascender * scale
        let limit = width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }

        func shape(_ scalar: Unicode.Scalar) -> Glyph {
            var face = primary
            var index = primary.glyphIndex(for: scalar)
            if index == 0, let fallback = FontLibrary.shared.fallback(for: scalar) {
                face = fallback
                index = fallback.glyphIndex(for: scalar)
            }
            let advance = face.glyph(index).advance * size / face.unitsPerEm
            return Glyph(face: face, index: index, advance: advance, scalar: scalar)
        }

        var lines: [(glyphs: [Glyph], endsParagraph: Bool)] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            let glyphs = paragraph.unicodeScalars.filter { $0 != "\r" }.map(shape)
            if wraps, let limit {
                var broken = Self.wrap(glyphs, width: limit)
                if broken.isEmpty { broken = [[]] }
                for (i, line) in broken.enumerated() { lines.append((line, i == broken.count - 1)) }
            } else {
                lines.append((glyphs, true))
            }
        }
        // Lines below the box are dropped; the last kept one shows the cut.
        var cutLast = false
        if let height, height.isFinite, lineHeight > 0 {
            let fitting = max(1, Int(((height - ascent - primary.descender * scale) / lineHeight).rounded(.down)) + 1)
            if lines.count > fitting {
                lines.removeLast(lines.count - fitting)
                cutLast = true
            }
        }
        let ellipsis = shape("\u{2026}")
        let path = CGMutablePath()
        var widths: [CGFloat] = []
        for (number, line) in lines.enumerated() {
            var glyphs = line.glyphs
            let isLast = number == lines.count - 1
            if truncation != .none, let limit,
               Self.width(of: glyphs) > limit || (isLast && cutLast) {
                glyphs = Self.truncate(glyphs, to: limit, with: ellipsis, mode: isLast && cutLast ? .end : truncation)
            }
            var x: CGFloat = 0
            for i in glyphs.indices {
                glyphs[i].x = x
                x += glyphs[i].advance
            }
            let lineWidth = Self.width(of: glyphs)
            widths.append(lineWidth)
            var offset: CGFloat = 0
            if let limit {
                switch alignment {
                case .right: offset = limit - lineWidth
                case .center: offset = (limit - lineWidth) / 2
                case .justified where !line.endsParagraph:
                    let spaces = glyphs.dropLast().filter { $0.scalar == " " }.count
                    if spaces > 0, lineWidth < limit {
                        let extra = (limit - lineWidth) / CGFloat(spaces)
                        var added: CGFloat = 0
                        for i in glyphs.indices {
                            glyphs[i].x += added
                            if glyphs[i].scalar == " " { added += extra }
                        }
                    }
                default: break
                }
            }
            let baseline = ascent + CGFloat(number) * lineHeight
            for glyph in glyphs where glyph.index != 0 || glyph.scalar != " " {
                let s = size / glyph.face.unitsPerEm
                let outline = glyph.face.glyph(glyph.index).path
                path.addPath(outline, transform: CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: offset + glyph.x, ty: baseline))
            }
        }
        self.path = path
        lineWidths = widths
    }

    private static func width(of glyphs: [Glyph]) -> CGFloat {
        // Trailing spaces take no room at the end of a line.
        var end = glyphs.endIndex
        while end > 0, glyphs[end - 1].scalar == " " { end -= 1 }
        return glyphs[..<end].reduce(0) { $0 + $1.advance }
    }

    /// Whether a line may break before or after `scalar` (CJK text breaks anywhere).
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0xAC00...0xD7AF: true
        default: false
        }
    }

    /// Greedy line breaking: after spaces, around CJK characters, and inside a word only
    /// when it alone is wider than the line.
    private static func wrap(_ glyphs: [Glyph], width: CGFloat) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        var start = 0
        while start < glyphs.count {
            var x: CGFloat = 0, end = start, lastBreak: Int?
            while end < glyphs.count {
                let glyph = glyphs[end]
                if glyph.scalar == " " {
                    lastBreak = end + 1
                } else if x + glyph.advance > width, end > start {
                    break
                } else if isCJK(glyph.scalar) || (end > start && isCJK(glyphs[end - 1].scalar)) {
                    if end > start { lastBreak = end }
                }
                x += glyph.advance
                end += 1
            }
            if end < glyphs.count, let lastBreak, lastBreak > start { end = lastBreak }
            lines.append(Array(glyphs[start..<end]))
            start = end
            while start < glyphs.count, glyphs[start].scalar == " " { start += 1 }
        }
        return lines
    }

    /// `glyphs` cut to fit `width` with `ellipsis` at the start, middle or end.
    private static func truncate(_ glyphs: [Glyph], to width: CGFloat, with ellipsis: Glyph, mode: Truncation) -> [Glyph] {
        let room = width - ellipsis.advance
        guard room > 0 else { return [ellipsis] }
        switch mode {
        case .start:
            var kept: [Glyph] = [], used: CGFloat = 0
            for glyph in glyphs.reversed() {
                guard used + glyph.advance <= room else { break }
                kept.insert(glyph, at: 0)
                used += glyph.advance
            }
            return [ellipsis] + kept
        case .middle:
            var head: [Glyph] = [], tail: [Glyph] = [], used: CGFloat = 0
            var front = 0, back = glyphs.count - 1, takeFront = true
            while front <= back {
                let glyph = takeFront ? glyphs[front] : glyphs[back]
                guard used + glyph.advance <= room else { break }
                used += glyph.advance
                if takeFront { head.append(glyph); front += 1 } else { tail.insert(glyph, at: 0); back -= 1 }
                takeFront.toggle()
            }
            return head + [ellipsis] + tail
        default:
            var kept: [Glyph] = [], used: CGFloat = 0
            for glyph in glyphs {
                guard used + glyph.advance <= room else { break }
                kept.append(glyph)
                used += glyph.advance
            }
            while kept.last?.scalar == " " { kept.removeLast() }
            return kept + [ellipsis]
        }
    }
}
