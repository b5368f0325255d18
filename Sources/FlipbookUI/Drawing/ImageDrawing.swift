import Foundation
import FlipbookGraphics

/// How `UIImage` puts its pixels into a context: turned by its orientation, or cut into
/// nine slices around its caps.
enum ImageDrawing {
    /// Draws `image` shown in `orientation` to fill `rect` (y down, as UIKit's contexts).
    static func draw(_ image: CGImage, orientation: UIImage.Orientation, in rect: CGRect, context: CGContext) {
        guard orientation != .up else { return context.draw(image, in: rect) }
        // About the rectangle's centre, the stored pixels are turned upright and then, for
        // the mirrored orientations, flipped horizontally (Apple's "rotate, then flip").
        // In a y-down context a positive angle turns clockwise.
        let (angle, mirrored): (CGFloat, Bool) = switch orientation {
        case .up: (0, false)
        case .down: (.pi, false)
        case .left: (-.pi / 2, false)
        case .right: (.pi / 2, false)
        case .upMirrored: (0, true)
        case .downMirrored: (.pi, true)
        case .leftMirrored: (.pi / 2, true)
        case .rightMirrored: (-.pi / 2, true)
        }
        let sideways = abs(angle) == .pi / 2
        let stored = sideways ? CGSize(width: rect.height, height: rect.width) : rect.size
        context.saveGState()
        context.translateBy(x: rect.midX, y: rect.midY)
        if mirrored { context.scaleBy(x: -1, y: 1) }
        context.rotate(by: angle)
        context.draw(image, in: CGRect(x: -stored.width / 2, y: -stored.height / 2, width: stored.width, height: stored.height))
        context.restoreGState()
    }

    /// Draws `image` into `rect` keeping the caps (in points at `scale`) at their size and
    /// stretching or tiling the edges and middle between them.
    static func drawSlices(of image: CGImage, scale: CGFloat, caps: UIEdgeInsets, tiling: Bool, in rect: CGRect, context: CGContext) {
        let size = CGSize(width: CGFloat(image.width) / scale, height: CGFloat(image.height) / scale)
        // Source and destination edges along each axis, in points: outer, cap, cap, outer.
        let sourceX = [0, caps.left, size.width - caps.right, size.width]
        let sourceY = [0, caps.top, size.height - caps.bottom, size.height]
        let targetX = [rect.minX, rect.minX + caps.left, rect.maxX - caps.right, rect.maxX]
        let targetY = [rect.minY, rect.minY + caps.top, rect.maxY - caps.bottom, rect.maxY]
        for row in 0..<3 {
            for column in 0..<3 {
                let source = CGRect(x: sourceX[column] * scale, y: sourceY[row] * scale,
                                    width: (sourceX[column + 1] - sourceX[column]) * scale, height: (sourceY[row + 1] - sourceY[row]) * scale)
                let target = CGRect(x: targetX[column], y: targetY[row],
                                    width: targetX[column + 1] - targetX[column], height: targetY[row + 1] - targetY[row])
                guard source.width > 0, source.height > 0, target.width > 0, target.height > 0,
                      let slice = image.cropping(to: source) else { continue }
                let natural = CGSize(width: source.width / scale, height: source.height / scale)
                let stretches = (column == 1 && target.width != natural.width) || (row == 1 && target.height != natural.height)
                if tiling && stretches {
                    tile(slice, size: natural, in: target, context: context)
                } else {
                    context.draw(slice, in: target)
                }
            }
        }
    }

    /// Repeats `image` at `size` from `rect`'s top-left corner, cut off at its edges.
    private static func tile(_ image: CGImage, size: CGSize, in rect: CGRect, context: CGContext) {
        context.saveGState()
        context.clip(to: rect)
        var y = rect.minY
        while y < rect.maxY {
            var x = rect.minX
            while x < rect.maxX {
                context.draw(image, in: CGRect(x: x, y: y, width: size.width, height: size.height))
                x += size.width
            }
            y += size.height
        }
        context.restoreGState()
    }
}
