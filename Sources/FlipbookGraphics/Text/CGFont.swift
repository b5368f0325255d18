/// A font, as Core Graphics' `CGFont`: an installed font found by name through
/// fontconfig ("DejaVu Sans", "IPAGothic", or a fontconfig pattern like
/// "DejaVu Sans:bold").
public final class CGFont: Sendable {
    let face: FontFace

    /// The installed font with family `name`; nil when no installed family has that name
    /// (as Core Graphics returns nil for an unknown name).
    public init?(_ name: String) {
        guard let (face, exact) = FontLibrary.shared.face(named: name), exact else { return nil }
        self.face = face
    }

    /// The family name.
    public var fullName: String? { face.family }
    /// Font units per em square.
    public var unitsPerEm: Int32 { Int32(face.unitsPerEm) }
    /// The ascent above the baseline, in font units.
    public var ascent: Int32 { Int32(face.ascender) }
    /// The descent below the baseline, in font units (negative, as in Core Graphics).
    public var descent: Int32 { -Int32(face.descender) }
}
