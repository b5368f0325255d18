import CFreeType
import Foundation

/// One font file's face through FreeType: glyph outlines as paths in font units (y
/// down, origin on the baseline), advances and vertical metrics. Outlines are read
/// unhinted and unscaled, so text is the same at every size and on every machine with
/// the same font file; they are filled by Flipbook's own rasterizer. Thread-safe: FreeType
/// is used under a lock and outlines are cached.
final class FontFace: @unchecked Sendable {
    let file: String
    let family: String
    let unitsPerEm: CGFloat
    /// Above the baseline, in font units (positive).
    let ascender: CGFloat
    /// Below the baseline, in font units (positive).
    let descender: CGFloat
    /// Baseline to baseline, in font units.
    let lineHeight: CGFloat
    private let face: FT_Face
    private let lock = NSLock()
    private var glyphs: [UInt32: (path: CGPath, advance: CGFloat)] = [:]

    init?(file: String, index: Int, family: String, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, file, FT_Long(index), &face) == 0, let face else { return nil }
        let units = CGFloat(face.pointee.units_per_EM)
        guard units > 0 else {
            FT_Done_Face(face)
            return nil
        }
        self.face = face
        self.file = file
        self.family = family
        unitsPerEm = units
        ascender = CGFloat(face.pointee.ascender)
        descender = CGFloat(abs(Int(face.pointee.descender)))
        lineHeight = max(CGFloat(face.pointee.height), ascender + descender)
    }

    deinit { FT_Done_Face(face) }

    /// The glyph for a character, 0 when the face has none.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        lock.withLock { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))) }
    }

    /// A glyph's outline (font units, y down) and advance (font units).
    func glyph(_ index: UInt32) -> (path: CGPath, advance: CGFloat) {
        lock.withLock {
            if let cached = glyphs[index] { return cached }
            let loaded = load(index)
            glyphs[index] = loaded
            return loaded
        }
    }

    private func load(_ index: UInt32) -> (path: CGPath, advance: CGFloat) {
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else { return (CGMutablePath(), 0) }
        let advance = CGFloat(slot.pointee.metrics.horiAdvance)
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user).move(to!.pointee); return 0 },
            line_to: { to, user in OutlineBuilder.from(user).line(to!.pointee); return 0 },
            conic_to: { control, to, user in OutlineBuilder.from(user).quad(control!.pointee, to!.pointee); return 0 },
            cubic_to: { c1, c2, to, user in OutlineBuilder.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0 },
            shift: 0, delta: 0)
        var outline = slot.pointee.outline
        _ = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        builder.path.closeSubpath()
        return (builder.path, advance)
    }
}

/// Receives FreeType's outline walk and builds a path, flipping y to point down.
private final class OutlineBuilder {
    let path = CGMutablePath()
    private var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    private func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: -CGFloat(v.y)) }

    func move(_ to: FT_Vector) {
        if open { path.closeSubpath() }
        path.move(to: point(to))
        open = true
    }
    func line(_ to: FT_Vector) { path.addLine(to: point(to)) }
    func quad(_ control: FT_Vector, _ to: FT_Vector) { path.addQuadCurve(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
    }
}
