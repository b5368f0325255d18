/// Text laid out in lines as glyph outlines (Flipbook's addition: what Core Text does for
/// `CATextLayer`). The text comes as runs, each in its own font, size and colour (one run
/// for plain text). Glyphs come from the run's font, and for characters it lacks from
/// another installed font that has them (a CJK font for Japanese). The first baseline sits
/// one ascent below the top, each next one the line height of the tallest run on its line
/// lower. Layout coordinates start at the top-left of the text box, y down.
public struct TextLayout: Sendable {
    /// How lines sit across the box's width.
    public enum Alignment: Sendable, Equatable {
        case natural, left, right, center, justified
    }

    /// Where text that does not fit is cut (an ellipsis marks the cut).
    public enum Truncation: Sendable, Equatable {
        case none, start, middle, end
    }

    /// A stretch of text in one font, size and colour.
    public struct Run: Sendable {
        public var text: String
        /// A fontconfig name; nil is DejaVu Sans.
        public var fontName: String?
        public var fontSize: CGFloat
        /// nil: whatever colour the text as a whole is drawn in.
        public var color: CGColor?

        public init(_ text: String, fontName: String? = nil, fontSize: CGFloat, color: CGColor? = nil) {
            (self.text, self.fontName, self.fontSize, self.color) = (text, fontName, fontSize, color)
        }
    }

    /// The glyphs' outlines in layout coordinates; fill with the non-zero rule.
    public let path: CGPath
    /// The outlines of each run's glyphs, in the order the runs were given (empty where a
    /// run's text was cut away).
    public let runPaths: [CGPath]
    /// The font family used for the first run (the one named, or the fallback).
    public let fontFamily: String
    /// Whether the first run's named font is installed (false: `fontFamily` stands in).
    public let isRequestedFontInstalled: Bool
    /// The lines' widths, top to bottom.
    public let lineWidths: [CGFloat]
    /// Baseline to baseline for the first run's font.
    public let lineHeight: CGFloat
    /// Each line's baseline, down from the top of the text, top to bottom.
    public let baselines: [CGFloat]

    private struct Metrics {
        var ascent: CGFloat = 0, descent: CGFloat = 0, lineHeight: CGFloat = 0

        func union(_ other: Metrics) -> Metrics {
            Metrics(ascent: max(ascent, other.ascent), descent: max(descent, other.descent),
                    lineHeight: max(lineHeight, other.lineHeight))
        }
    }

    private struct Glyph {
        let face: FontFace
        let index: UInt32
        let advance: CGFloat
        let scalar: Unicode.Scalar
        let size: CGFloat
        let run: Int
        let metrics: Metrics
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
    /// Sans) at `fontSize` points; the rest as `init(runs:…)`.
    public init(string: String, fontName: String?, fontSize: CGFloat, width: CGFloat? = nil, height: CGFloat? = nil,
                wraps: Bool = false, alignment: Alignment = .natural, truncation: Truncation = .none) {
        self.init(runs: [Run(string, fontName: fontName, fontSize: fontSize)], width: width, height: height,
                  wraps: wraps, alignment: alignment, truncation: truncation)
    }

    /// Lays out `runs` one after the other. With `wraps`, lines break at spaces and between
    /// CJK characters to fit `width`; lines below `height` are dropped. Lines wider than
    /// `width` (or the last kept line, when text was dropped) are cut by `truncation`.
    /// A run with a size that is not positive and finite, or in no installed font, is left out.
    public init(runs: [Run], width: CGFloat? = nil, height: CGFloat? = nil,
                wraps: Bool = false, alignment: Alignment = .natural, truncation: Truncation = .none) {
        let faces = runs.map { run -> (face: FontFace, exact: Bool)? in
            guard run.fontSize.isFinite, run.fontSize > 0 else { return nil }
            return FontLibrary.shared.face(named: run.fontName ?? FontLibrary.defaultFamily)
        }
        let requested = runs.first.map { $0.fontName ?? FontLibrary.defaultFamily } ?? FontLibrary.defaultFamily
        fontFamily = faces.first??.face.family ?? requested
        isRequestedFontInstalled = faces.first??.exact ?? false
        let metrics = zip(runs, faces).map { run, face in
            face.map { f in
                let scale = run.fontSize / f.face.unitsPerEm
                return Metrics(ascent: f.face.ascender * scale, descent: f.face.descender * scale,
                               lineHeight: f.face.lineHeight * scale)
            }
        }
        lineHeight = metrics.first??.lineHeight ?? 0
        let limit = width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }

        func shape(_ scalar: Unicode.Scalar, run: Int) -> Glyph? {
            guard let primary = faces[run]?.face, let metrics = metrics[run] else { return nil }
            var face = primary
            var index = primary.glyphIndex(for: scalar)
            if index == 0, let fallback = FontLibrary.shared.fallback(for: scalar) {
                face = fallback
                index = fallback.glyphIndex(for: scalar)
            }
            let size = runs[run].fontSize
            let advance = face.glyph(index).advance * size / face.unitsPerEm
            return Glyph(face: face, index: index, advance: advance, scalar: scalar, size: size, run: run, metrics: metrics)
        }

        // Paragraphs run from newline to newline across runs; an empty one takes the
        // metrics of the run its newline is in.
        var paragraphs: [(glyphs: [Glyph], metrics: Metrics)] = [([], Metrics())]
        for (number, run) in runs.enumerated() {
            guard let runMetrics = metrics[number] else { continue }
            for scalar in run.text.unicodeScalars where scalar != "\r" {
                if paragraphs[paragraphs.count - 1].glyphs.isEmpty { paragraphs[paragraphs.count - 1].metrics = runMetrics }
                if scalar == "\n" {
                    paragraphs.append(([], runMetrics))
                } else if let glyph = shape(scalar, run: number) {
                    paragraphs[paragraphs.count - 1].glyphs.append(glyph)
                }
            }
        }
        var lines: [(glyphs: [Glyph], metrics: Metrics, endsParagraph: Bool)] = []
        for paragraph in paragraphs {
            var broken = [paragraph.glyphs]
            if wraps, let limit { broken = Self.wrap(paragraph.glyphs, width: limit) }
            if broken.isEmpty { broken = [[]] }
            for (i, line) in broken.enumerated() {
                let metrics = line.isEmpty ? paragraph.metrics : line.map(\.metrics).reduce(Metrics()) { $0.union($1) }
                lines.append((line, metrics, i == broken.count - 1))
            }
        }
        if metrics.allSatisfy({ $0 == nil }) { lines = [] }
        // Baselines, and the lines below the box dropped (at least one kept); the last
        // kept one shows the cut.
        var baselines: [CGFloat] = []
        for line in lines {
            baselines.append((baselines.last.map { $0 + line.metrics.lineHeight }) ?? line.metrics.ascent)
        }
        var cutLast = false
        if let height, height.isFinite,
           let fitting = lines.indices.first(where: { baselines[$0] + lines[$0].metrics.descent > height }).map({ max(1, $0) }),
           fitting < lines.count {
            lines.removeLast(lines.count - fitting)
            cutLast = true
        }
        let path = CGMutablePath()
        let runPaths = runs.map { _ in CGMutablePath() }
        var widths: [CGFloat] = []
        for (number, line) in lines.enumerated() {
            var glyphs = line.glyphs
            let isLast = number == lines.count - 1
            if truncation != .none, let limit, let style = glyphs.last,
               Self.width(of: glyphs) > limit || (isLast && cutLast),
               let ellipsis = shape("\u{2026}", run: style.run) {
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
            for glyph in glyphs where glyph.index != 0 || glyph.scalar != " " {
                let s = glyph.size / glyph.face.unitsPerEm
                let outline = glyph.face.glyph(glyph.index).path
                let placement = CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: offset + glyph.x, ty: baselines[number])
                path.addPath(outline, transform: placement)
                runPaths[glyph.run].addPath(outline, transform: placement)
            }
        }
        self.path = path
        self.runPaths = runPaths
        lineWidths = widths
        self.baselines = Array(baselines.prefix(lines.count))
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
