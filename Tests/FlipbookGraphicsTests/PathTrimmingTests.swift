@testable import FlipbookGraphics
import Foundation
import Testing

/// `trimmedPath(from:to:)`, the trimming behind CAShapeLayer's strokeStart/strokeEnd:
/// fractions of the total length over all subpaths, curves split exactly.
struct PathTrimmingTests {
    /// The path's length, its curves measured finely, and its subpaths.
    func measure(_ path: CGPath) -> (length: CGFloat, subpaths: Int, closed: Int) {
        var length: CGFloat = 0, subpaths = 0, closed = 0
        for polyline in path.polylines(tolerance: 0.001) {
            subpaths += 1
            if polyline.isClosed { closed += 1 }
            let points = polyline.points + (polyline.isClosed ? [polyline.points[0]] : [])
            for (a, b) in zip(points, points.dropFirst()) { length += hypot(b.x - a.x, b.y - a.y) }
        }
        return (length, subpaths, closed)
    }

    @Test func lineTrimsToItsMiddle() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        let middle = path.trimmedPath(from: 0.25, to: 0.75)
        #expect(middle.elements == [.move(CGPoint(x: 25, y: 0)), .line(CGPoint(x: 75, y: 0))])
    }

    /// A curve whose control points lie on its ends — how Lottie draws a straight side,
    /// with zero tangents — runs along its chord (a convex mix of the ends, moving one way:
    /// for c1 = p0, c2 = p1 the share of p1 is 3t² − 2t³, which only grows), so it trims as
    /// the line it is: cut at exactly a quarter and three quarters of its length, where
    /// measuring it as a curve put the cuts off by the error of a 64-step arc-length table.
    @Test func aCurveAlongItsChordTrimsAsALine() {
        let end = CGPoint(x: 100, y: 40)
        let quarter = CGPoint(x: 25, y: 10), threeQuarters = CGPoint(x: 75, y: 30)
        var paths: [CGMutablePath] = [(CGPoint.zero, end), (end, .zero), (.zero, .zero), (end, end)].map { c1, c2 in
            let path = CGMutablePath()
            path.move(to: .zero)
            path.addCurve(to: end, control1: c1, control2: c2)
            return path
        }
        for control in [CGPoint.zero, end] {
            let quad = CGMutablePath()
            quad.move(to: .zero)
            quad.addQuadCurve(to: end, control: control)
            paths.append(quad)
        }
        for path in paths {
            let middle = path.trimmedPath(from: 0.25, to: 0.75)
            guard middle.elements.count == 2, case let .move(start) = middle.elements[0], case let .line(stop) = middle.elements[1]
            else {
                Issue.record("\(path.elements) trimmed to \(middle.elements)")
                continue
            }
            #expect(hypot(start.x - quarter.x, start.y - quarter.y) < 1e-12, "\(path.elements)")
            #expect(hypot(stop.x - threeQuarters.x, stop.y - threeQuarters.y) < 1e-12, "\(path.elements)")
        }
        // A control point off the ends keeps the curve a curve.
        let bent = CGMutablePath()
        bent.move(to: .zero)
        bent.addCurve(to: end, control1: CGPoint(x: 0, y: 1), control2: end)
        let trimmed = bent.trimmedPath(from: 0.25, to: 0.75).elements
        #expect(trimmed.count == 2 && trimmed.last.map { if case .cubic = $0 { true } else { false } } == true)
    }

    /// A 100×50 rectangle (perimeter 300) trimmed to its first half ends at the far
    /// corner and is open; kept whole it stays closed; nothing for from ≥ to.
    @Test func closedRectangle() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        #expect(rect.trimmedPath(from: 0, to: 1) == rect)
        let half = rect.trimmedPath(from: 0, to: 0.5)
        let measured = measure(half)
        #expect(abs(measured.length - 150) < 1e-9)
        #expect(measured.closed == 0)
        #expect(half.currentPoint == CGPoint(x: 100, y: 50))
        #expect(rect.trimmedPath(from: 0.6, to: 0.6).isEmpty)
        #expect(rect.trimmedPath(from: 0.9, to: 0.1).isEmpty)
    }

    /// Half a circle of radius 40 is 40π long and ends opposite its start.
    @Test func circleHalf() {
        let circle = CGPath(ellipseIn: CGRect(x: -40, y: -40, width: 80, height: 80), transform: nil)
        let whole = measure(circle).length
        #expect(abs(whole - 80 * .pi) < 0.05)
        let half = circle.trimmedPath(from: 0, to: 0.5)
        #expect(abs(measure(half).length - 40 * .pi) < 0.1)
        let start = circle.trimmedPath(from: 0, to: 0.001).elements.first
        guard case .move(let p) = start else { Issue.record("no start"); return }
        #expect(hypot(half.currentPoint.x + p.x, half.currentPoint.y + p.y) < 0.2)
        // Curves stay curves.
        #expect(half.elements.contains { if case .cubic = $0 { true } else { false } })
    }

    /// Two 100-long lines: the middle half of the total takes the end of one and the
    /// start of the other, as two subpaths.
    @Test func acrossSubpaths() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 100, y: 10))
        let middle = path.trimmedPath(from: 0.25, to: 0.75)
        #expect(middle.elements == [.move(CGPoint(x: 50, y: 0)), .line(CGPoint(x: 100, y: 0)),
                                    .move(CGPoint(x: 0, y: 10)), .line(CGPoint(x: 50, y: 10))])
    }
}
