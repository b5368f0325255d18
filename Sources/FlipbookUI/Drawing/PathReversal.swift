import Foundation
import FlipbookGraphics

/// A path traced backwards, for `UIBezierPath.reversing()`: each subpath from its last
/// point to its first through the same curves, closed if it was.
enum PathReversal {
    private struct Segment {
        let type: CGPathElementType
        /// The control points, then the end point.
        let points: [CGPoint]
    }

    private struct Subpath {
        let start: CGPoint
        var segments: [Segment] = []
        var closed = false
    }

    static func reversed(_ path: CGPath) -> CGPath {
        var subpaths: [Subpath] = []
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint:
                subpaths.append(Subpath(start: e.points[0]))
            case .closeSubpath:
                if !subpaths.isEmpty { subpaths[subpaths.count - 1].closed = true }
            case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
                let count = e.type == .addLineToPoint ? 1 : e.type == .addQuadCurveToPoint ? 2 : 3
                // A segment after a close continues from the closed subpath's start.
                if let last = subpaths.last, last.closed { subpaths.append(Subpath(start: last.start)) }
                if subpaths.isEmpty { subpaths.append(Subpath(start: .zero)) }
                subpaths[subpaths.count - 1].segments.append(Segment(type: e.type, points: (0..<count).map { e.points[$0] }))
            }
        }
        let out = CGMutablePath()
        for subpath in subpaths {
            // The point each segment starts from.
            let starts = [subpath.start] + subpath.segments.dropLast().compactMap(\.points.last)
            out.move(to: subpath.segments.last?.points.last ?? subpath.start)
            for (segment, start) in zip(subpath.segments, starts).reversed() {
                switch segment.type {
                case .addQuadCurveToPoint: out.addQuadCurve(to: start, control: segment.points[0])
                case .addCurveToPoint: out.addCurve(to: start, control1: segment.points[1], control2: segment.points[0])
                default: out.addLine(to: start)
                }
            }
            if subpath.closed { out.closeSubpath() }
        }
        return out
    }
}
