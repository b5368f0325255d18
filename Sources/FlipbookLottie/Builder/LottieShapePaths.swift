import FlipbookGraphics
import Foundation

/// The paths of Lottie's parametric shapes as lottie-spec lays them out, so that trim paths
/// cut them from the same place: an ellipse starts at its top and a rectangle at its top
/// right corner, both going clockwise (counter-clockwise for direction 3).
enum LottieShapePaths {
    /// A quarter circle's control distance, as a share of the radius.
    static let kappa = 0.5519150244935105707435627

    /// An ellipse of `size` about `centre`: four cubic quarters from the top.
    static func ellipse(centre: CGPoint, size: CGSize, clockwise: Bool = true) -> CGPath {
        let rx = size.width / 2, ry = size.height / 2, kx = rx * kappa, ky = ry * kappa
        let c = centre
        // Top, right, bottom, left, each with the control offset along its travel.
        var points: [(CGPoint, CGPoint)] = [
            (CGPoint(x: c.x, y: c.y - ry), CGPoint(x: kx, y: 0)),
            (CGPoint(x: c.x + rx, y: c.y), CGPoint(x: 0, y: ky)),
            (CGPoint(x: c.x, y: c.y + ry), CGPoint(x: -kx, y: 0)),
            (CGPoint(x: c.x - rx, y: c.y), CGPoint(x: 0, y: -ky)),
        ]
        if !clockwise {
            points = [points[0]] + points[1...].reversed()
            points = points.map { ($0.0, CGPoint(x: -$0.1.x, y: -$0.1.y)) }
        }
        let path = CGMutablePath()
        path.move(to: points[0].0)
        for index in 0..<4 {
            let (from, out) = points[index], (to, into) = points[(index + 1) % 4]
            path.addCurve(to: to, control1: CGPoint(x: from.x + out.x, y: from.y + out.y),
                          control2: CGPoint(x: to.x - into.x, y: to.y - into.y))
        }
        path.closeSubpath()
        return path
    }

    /// A rectangle of `size` about `centre` with corners of `radius` (at most half a
    /// side): from the top right corner down its right side.
    static func rectangle(centre: CGPoint, size: CGSize, radius: Double, clockwise: Bool = true) -> CGPath {
        let w = size.width / 2, h = size.height / 2, r = max(min(radius, w, h), 0), k = r * kappa
        let left = centre.x - w, right = centre.x + w, top = centre.y - h, bottom = centre.y + h
        // Each side as (start, end) and the corner after it as (control1, control2, end).
        var outline: [(start: CGPoint, end: CGPoint, corner: (CGPoint, CGPoint, CGPoint))] = [
            (CGPoint(x: right, y: top + r), CGPoint(x: right, y: bottom - r),
             (CGPoint(x: right, y: bottom - r + k), CGPoint(x: right - r + k, y: bottom), CGPoint(x: right - r, y: bottom))),
            (CGPoint(x: right - r, y: bottom), CGPoint(x: left + r, y: bottom),
             (CGPoint(x: left + r - k, y: bottom), CGPoint(x: left, y: bottom - r + k), CGPoint(x: left, y: bottom - r))),
            (CGPoint(x: left, y: bottom - r), CGPoint(x: left, y: top + r),
             (CGPoint(x: left, y: top + r - k), CGPoint(x: left + r - k, y: top), CGPoint(x: left + r, y: top))),
            (CGPoint(x: left + r, y: top), CGPoint(x: right - r, y: top),
             (CGPoint(x: right - r + k, y: top), CGPoint(x: right, y: top + r - k), CGPoint(x: right, y: top + r))),
        ]
        let path = CGMutablePath()
        if clockwise {
            path.move(to: outline[0].start)
            for side in outline {
                path.addLine(to: side.end)
                if r > 0 { path.addCurve(to: side.corner.2, control1: side.corner.0, control2: side.corner.1) }
            }
        } else {
            // The same outline walked the other way, from the top right corner up.
            outline.reverse()
            path.move(to: outline[0].corner.2)
            for side in outline {
                if r > 0 { path.addCurve(to: side.end, control1: side.corner.1, control2: side.corner.0) } else { path.addLine(to: side.end) }
                path.addLine(to: side.start)
            }
        }
        path.closeSubpath()
        return path
    }
}
