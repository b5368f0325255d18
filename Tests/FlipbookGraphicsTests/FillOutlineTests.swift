import Foundation
import Testing
@testable import FlipbookGraphics

/// `FillOutline`: the edges a fill rasterizes, built straight from a path's flattening.
/// Filling closes every subpath; each subpath's closing edge comes first, since the
/// coverage sums are rounded in the order the edges arrive.
struct FillOutlineTests {
    static func edge(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> Edge { Edge(x0: x0, y0: y0, x1: x1, y1: y1) }

    static func same(_ a: [Edge], _ b: [Edge]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.x0 == $1.x0 && $0.y0 == $1.y0 && $0.x1 == $1.x1 && $0.y1 == $1.y1 }
    }

    /// | path | edges, in order | rectangle |
    @Test func edgesCloseEverySubpathClosingEdgeFirst() {
        // addRect: move, three lines, close: the close supplies the fourth side.
        let rect = FillOutline(CGPath.built { $0.addRect(CGRect(x: 1, y: 2, width: 3, height: 4)) }, tolerance: 0.1)
        #expect(Self.same(rect.edges, [Self.edge(1, 6, 1, 2), Self.edge(1, 2, 4, 2), Self.edge(4, 2, 4, 6), Self.edge(4, 6, 1, 6)]))
        #expect(rect.rectangle == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(rect.bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
        // A fourth line back to the start before the close: that line is the closing edge.
        let drawnBack = FillOutline(CGPath.built {
            $0.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2), CGPoint(x: 0, y: 0)])
            $0.closeSubpath()
        }, tolerance: 0.1)
        #expect(Self.same(drawnBack.edges, [Self.edge(0, 2, 0, 0), Self.edge(0, 0, 2, 0), Self.edge(2, 0, 2, 2), Self.edge(2, 2, 0, 2)]))
        #expect(drawnBack.rectangle == CGRect(x: 0, y: 0, width: 2, height: 2))
        // An open triangle is closed all the same; repeated points make no edge.
        let triangle = FillOutline(CGPath.built {
            $0.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 3)])
        }, tolerance: 0.1)
        #expect(Self.same(triangle.edges, [Self.edge(0, 3, 0, 0), Self.edge(0, 0, 4, 0), Self.edge(4, 0, 0, 3)]))
        #expect(triangle.rectangle == nil)
        // A lone move draws nothing, but counts as a subpath and bounds the outline.
        let lone = FillOutline(CGPath.built {
            $0.move(to: CGPoint(x: -5, y: -5))
            $0.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        }, tolerance: 0.1)
        #expect(lone.edges.count == 4)
        #expect(lone.rectangle == nil)
        #expect(lone.bounds == CGRect(x: -5, y: -5, width: 7, height: 7))
        // A line after a close starts a new subpath at the closed one's start.
        let after = FillOutline(CGPath.built {
            $0.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 4, y: 4)])
            $0.closeSubpath()
            $0.addLine(to: CGPoint(x: 0, y: 8))
        }, tolerance: 0.1)
        #expect(Self.same(after.edges, [Self.edge(4, 4, 0, 0), Self.edge(0, 0, 4, 0), Self.edge(4, 0, 4, 4),
                                        Self.edge(0, 8, 0, 0), Self.edge(0, 0, 0, 8)]))
        // A rotated square is no rectangle of pixels.
        let diamond = FillOutline(CGPath.built {
            $0.addLines(between: [CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 1, y: 2), CGPoint(x: 0, y: 1)])
            $0.closeSubpath()
        }, tolerance: 0.1)
        #expect(diamond.rectangle == nil)
    }

    /// A path's outline is the outline of its polylines: the same edges in the same order
    /// and the same bounds, for random paths of lines, curves, closes and repeated points.
    @Test func outlineOfAPathIsTheOutlineOfItsPolylines() {
        var random = SeededRandom(seed: 11)
        func point() -> CGPoint {
            CGPoint(x: CGFloat(Int.random(in: 0..<8, using: &random)) * 7.5, y: CGFloat(Int.random(in: 0..<8, using: &random)) * 7.5)
        }
        var curves = 0
        for _ in 0..<200 {
            let path = CGMutablePath()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if Bool.random(using: &random) { path.move(to: point()) }
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: path.addLine(to: point())
                    case 1: path.addQuadCurve(to: point(), control: point()); curves += 1
                    case 2: path.addCurve(to: point(), control1: point(), control2: point()); curves += 1
                    default: path.addLine(to: path.currentPoint)
                    }
                }
                if Bool.random(using: &random) { path.closeSubpath() }
            }
            let direct = FillOutline(path, tolerance: 0.25)
            let viaPolylines = FillOutline(path.polylines(tolerance: 0.25))
            #expect(Self.same(direct.edges, viaPolylines.edges))
            #expect(direct.bounds == viaPolylines.bounds || (direct.bounds.isNull && viaPolylines.bounds.isNull))
        }
        #expect(curves > 100)
    }
}
