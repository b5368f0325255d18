import CFontconfig
import CFreeType
import Foundation

/// Finds fonts through fontconfig and opens them with FreeType, once each: by name
/// (falling back to fontconfig's best match, DejaVu Sans on a stock Debian, when no
/// installed family has the name) and, for characters a font lacks, the installed font
/// fontconfig ranks first among those that have them (a CJK font for Japanese).
final class FontLibrary: @unchecked Sendable {
    static let shared = FontLibrary()

    /// The family text uses when none is named.
    static let defaultFamily = "DejaVu Sans"

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [String: FontFace] = [:]
    private var byName: [String: (face: FontFace, exact: Bool)?] = [:]
    private var fallbacks: [UInt32: FontFace?] = [:]

    private init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0 { self.library = library }
        _ = FcInit()
    }

    /// The face named `name` (a family such as "DejaVu Sans", or a fontconfig pattern
    /// such as "DejaVu Sans:bold"), and whether the installed font is that family;
    /// nil only when no font is installed at all.
    func face(named name: String) -> (face: FontFace, exact: Bool)? {
        lock.withLock {
            if let cached = byName[name] { return cached }
            let found = match(FcNameParse(name)).map { face in
                let requested = name.split(separator: ":").first.map(String.init) ?? name
                return (face, requested.isEmpty || face.family.caseInsensitiveCompare(requested) == .orderedSame)
            }
            byName[name] = found
            return found
        }
    }

    /// An installed face that has `scalar`, preferring sans-serif faces; nil if none does.
    func fallback(for scalar: Unicode.Scalar) -> FontFace? {
        lock.withLock {
            if let cached = fallbacks[scalar.value] { return cached }
            let pattern = FcNameParse("sans-serif")
            let charset = FcCharSetCreate()
            FcCharSetAddChar(charset, FcChar32(scalar.value))
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
            let face = match(pattern).flatMap { $0.glyphIndex(for: scalar) != 0 ? $0 : nil }
            fallbacks[scalar.value] = face
            return face
        }
    }

    /// The best installed match for `pattern` (which this consumes), opened; call under `lock`.
    private func match(_ pattern: OpaquePointer?) -> FontFace? {
        guard let pattern, let library else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        var family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        _ = FcPatternGetString(font, FC_FAMILY, 0, &family)
        let path = String(cString: file)
        let key = "\(path)#\(index)"
        if let face = faces[key] { return face }
        let familyName = family.map { String(cString: $0) } ?? path
        guard let face = FontFace(file: path, index: Int(index), family: familyName, library: library) else { return nil }
        faces[key] = face
        return face
    }
}
