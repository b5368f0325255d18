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
