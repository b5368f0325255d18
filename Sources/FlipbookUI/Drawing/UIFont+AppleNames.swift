import FlipbookGraphics

extension UIFont {
    /// The installed face nearest to a font Apple ships (its PostScript name, such as
    /// `AvenirNext-Medium`, `HelveticaNeue-BoldItalic` or `Menlo-Regular`): DejaVu Sans for
    /// Apple's sans-serif families, DejaVu Serif for its serif ones and DejaVu Sans Mono
    /// for its monospaced ones, bold for bold, semibold, heavy and black weights and oblique
    /// for italics. Nil for a name that is not one of Apple's families.
    static func nearestInstalledFace(toAppleFont name: String) -> String? {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard let first = parts.first else { return nil }
        let family = first.lowercased().filter { $0.isLetter }
        guard let face = appleFamilies.first(where: { family.hasPrefix($0.prefix) })?.face else { return nil }
        let style = (parts.count > 1 ? String(parts[1]) : "").lowercased()
        let bold = ["bold", "semibold", "demibold", "heavy", "black"].contains { style.contains($0) }
        let oblique = style.contains("italic") || style.contains("oblique")
        return face + (bold ? ":bold" : "") + (oblique ? ":oblique" : "")
    }

    /// Apple's font families by the start of their names (letters only, lower case), and
    /// the installed face that stands in for each.
    private static let appleFamilies: [(prefix: String, face: String)] =
        ["helvetica", "avenir", "arial", "futura", "gillsans", "optima", "verdana", "trebuchet", "sfpro", "sfui", "sfcompact",
         "applesdgothic", "hiragino", "kohinoor", "chalkboard", "markerfelt", "noteworthy", "systemfont"].map { ($0, "DejaVu Sans") }
        + ["menlo", "courier", "monaco", "sfmono", "americantypewriter"].map { ($0, "DejaVu Sans Mono") }
        + ["georgia", "times", "baskerville", "palatino", "didot", "cochin", "charter", "hoefler", "bodoni", "newyork"]
            .map { ($0, "DejaVu Serif") }
}
