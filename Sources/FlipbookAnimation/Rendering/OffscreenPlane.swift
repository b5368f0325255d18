import Foundation
import FlipbookGraphics

/// A plane of the frame drawn offscreen — a layer seen in perspective, flattened into
/// pixels of its own before it is mapped onto the frame. Its drawing is recorded while the
/// frame tree is built; its pixels are made afterwards, every plane of the frame side by
/// side (`FrameCanvas.makePlanes()`), and before any band reads them. A plane made on
/// one thread draws its shadows' blur once, where bands would each blur their margins.
final class OffscreenPlane: @unchecked Sendable {
    /// What the picture shows, in the plane's user space.
    let rect: CGRect
    /// Pixels a unit of the plane.
    let scale: CGFloat
    let width: Int, height: Int
    /// The plane's drawing, in pixels of the picture (`scale`, origin at `rect`'s).
    let tree: FrameTree
    /// How many planes enclose this one (the frame is 0), so that inner planes are made first.
    let depth: Int
    /// The pixels, once made; written once, before any band reads them.
    private(set) var image: CGImage?

    init(rect: CGRect, scale: CGFloat, width: Int, height: Int, tree: FrameTree, depth: Int) {
        (self.rect, self.scale, self.width, self.height, self.tree, self.depth) = (rect, scale, width, height, tree, depth)
    }

    /// The user-space rectangle the picture's whole pixels cover: a little more than `rect`
    /// (drawn into `rect` itself, the picture would shrink towards its origin by up to a pixel).
    var covered: CGRect {
        CGRect(x: rect.minX, y: rect.minY, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// The map from the plane's user space to the picture's pixels.
    static func transform(of rect: CGRect, scale: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: -rect.minX, y: -rect.minY).concatenating(CGAffineTransform(scaleX: scale, y: scale))
    }

    /// Makes the pixels, in bands on up to `threads` threads; nothing when memory runs out.
    func make(threads: Int) {
        guard let plane = try? CGContext(width: width, height: height) else { return }
        plane.maximumThreadCount = threads
        plane.scaleBy(x: scale, y: scale)
        plane.translateBy(x: -rect.minX, y: -rect.minY)
        plane.drawInBands { tree.rasterize(in: $0) }
        image = plane.makeImage()
    }
}
