import Foundation
@testable import FlipbookGraphics
import FlipbookTestSupport
import Testing

/// `CGPath`'s Boolean operations (Core Graphics, iOS 16). Expected areas and subpath counts
/// from geometry and from Skia's PathOps (`skia.Op` in skia-python 144: the same regions;
/// Skia's loops do not wind opposite ways, so its holes were taken off by hand).
struct PathBooleanTests {
    /// The subpaths as polygons (the results hold only lines).
    static func loops(_ path: CGPath) -> [[CGPoint]] {
        var loops: [[CGPoint]] = []
        path.applyWithBlock { element in
            switch element.pointee.type {
            case .moveToPoint: loops.append([element.pointee.points[0]])
            case .addLineToPoint: loops[loops.count - 1].append(element.pointee.points[0])
            default: break
            }
        }
        return loops
    }

    /// The area the result fills, from its loops' signed areas: holes wind the other way,
    /// so they take their area off.
    static func area(_ path: CGPath) -> Double {
        abs(loops(path).reduce(0.0) { total, loop in
            total + loop.indices.reduce(0.0) { sum, i in
                let (p, q) = (loop[i], loop[(i + 1) % loop.count])
                return sum + Double(p.x * q.y - q.x * p.y) / 2
            }
        })
    }

    static func square(_ x: CGFloat, _ y: CGFloat, _ side: CGFloat) -> CGPath {
        CGPath(rect: CGRect(x: x, y: y, width: side, height: side), transform: nil)
    }

    @Test(arguments: [
        // Two 10-point squares overlapping by a quarter.
        ("overlapping", square(0, 0, 10), square(5, 5, 10), [175.0, 25, 75, 150], [1, 1, 1, 2]),
        // A 10-point square inside a 20-point one: subtracting leaves a ring.
        ("nested", square(0, 0, 20), square(5, 5, 10), [400, 100, 300, 300], [1, 1, 2, 2]),
        // Squares sharing a side: their union is one rectangle, their intersection nothing.
        ("side by side", square(0, 0, 10), square(10, 0, 10), [200, 0, 100, 200], [1, 0, 1, 1]),
    ])
    func squares(name: String, a: CGPath, b: CGPath, areas: [Double], loops: [Int]) {
        let results = [a.union(b), a.intersection(b), a.subtracting(b), a.symmetricDifference(b)]
        for (index, result) in results.enumerated() {
            #expect(abs(Self.area(result) - areas[index]) < 1e-9, "\(name) #\(index): \(Self.area(result))")
            #expect(Self.loops(result).count == loops[index], "\(name) #\(index): \(Self.loops(result))")
        }
    }

    @Test func aUnionOfSquaresSideBySideIsOneRectangle() {
        let union = Self.square(0, 0, 10).union(Self.square(10, 0, 10))
        #expect(Self.loops(union).map(\.count) == [4], "collinear vertices dropped: \(Self.loops(union))")
        #expect(union.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func theResultFillsTheSameUnderEitherRule() {
        let ring = Self.square(0, 0, 20).subtracting(Self.square(5, 5, 10))
        for rule in [CGPathFillRule.winding, .evenOdd] {
            #expect(ring.contains(CGPoint(x: 2, y: 2), using: rule))
            #expect(!ring.contains(CGPoint(x: 10, y: 10), using: rule), "the hole")
            #expect(!ring.contains(CGPoint(x: 25, y: 10), using: rule))
        }
    }

    @Test func overlappingCirclesMeetInALens() {
        // Circles of radius 10 whose centres are 10 apart: the lens is
        // 2r²·acos(d / 2r) − (d / 2)·√(4r² − d²) = 122.837; the union 2πr² less that.
        let a = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let b = CGPath(ellipseIn: CGRect(x: 0, y: -10, width: 20, height: 20), transform: nil)
        let lens = 200 * acos(0.5) - 5 * 300.0.squareRoot()
        #expect(abs(Self.area(a.intersection(b)) - lens) < 0.05, "\(Self.area(a.intersection(b)))")
        #expect(abs(Self.area(a.union(b)) - (200 * Double.pi - lens)) < 0.1, "\(Self.area(a.union(b)))")
        #expect(Self.loops(a.union(b)).count == 1 && Self.loops(a.symmetricDifference(b)).count == 2)
    }

    @Test func normalizingAPentagramFollowsTheFillRule() {
        // A five-pointed star drawn in one stroke (outer radius 10): with the winding rule it
        // fills its centre (112.257, one outline of ten vertices); even-odd leaves the centre
        // pentagon out (112.257 − 34.690): five triangles touching at their corners. Skia's
        // PathOps give the same regions (the even-odd one as the outline less the pentagon).
        let star = CGMutablePath()
        let points = (0..<5).map { i in
            CGPoint(x: 10 * sin(Double(i) * 4 * .pi / 5), y: -10 * cos(Double(i) * 4 * .pi / 5))
        }
        star.addLines(between: points)
        star.closeSubpath()
        let winding = star.normalized(using: .winding), evenOdd = star.normalized(using: .evenOdd)
        #expect(abs(Self.area(winding) - 112.257) < 1e-3 && Self.loops(winding).map(\.count) == [10])
        #expect(abs(Self.area(evenOdd) - 77.567) < 1e-3 && Self.loops(evenOdd).map(\.count) == [3, 3, 3, 3, 3])
    }

    @Test func emptyAndDegeneratePathsGiveEmptyResults() {
        let empty = CGMutablePath()
        #expect(empty.union(empty).isEmpty && Self.square(0, 0, 10).intersection(empty).isEmpty)
        #expect(Self.area(Self.square(0, 0, 10).union(empty)) == 100)
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        #expect(line.normalized().isEmpty, "a line fills nothing")
    }

    @Test func pathsTooBigToCombineAreSaidAndLeftAsTheFirst() {
        // 10 001 squares' 40 004 edges: the quadratic work is refused rather than run.
        let many = CGMutablePath()
        for i in 0...10_000 { many.addRect(CGRect(x: Double(i % 100) * 2, y: Double(i / 100) * 2, width: 1, height: 1)) }
        var result: CGPath?
        let heard = collectingDiagnostics(from: GraphicsDiagnostics.channel) { result = many.union(Self.square(0, 0, 10)) }
        #expect(heard == ["a Boolean operation on paths of 40008 edges (more than 20000) is not done; the result is the first path"])
        #expect(result === many)
    }
}
