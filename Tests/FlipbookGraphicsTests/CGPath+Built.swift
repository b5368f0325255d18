@testable import FlipbookGraphics

extension CGPath {
    /// A path made by `build` on a new mutable path: a table's paths, written inline.
    static func built(_ build: (CGMutablePath) -> Void) -> CGPath {
        let path = CGMutablePath()
        build(path)
        return path
    }
}
