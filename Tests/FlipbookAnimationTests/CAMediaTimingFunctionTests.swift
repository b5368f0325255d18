import Testing
@testable import FlipbookAnimation

/// WebKit's UnitBezier, transcribed as the reference: Newton's method, then bisection.
private struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double
    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
    }
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func solveX(_ x: Double, _ epsilon: Double) -> Double {
        var t2 = x
        for _ in 0..<8 {
            let x2 = sampleX(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = derivativeX(t2)
            if abs(d2) < 1e-6 { break }
            t2 -= x2 / d2
        }
        var t0 = 0.0, t1 = 1.0
        t2 = x
        while t0 < t1 {
            let x2 = sampleX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 - t0) * 0.5 + t0
        }
        return t2
    }
    func solve(_ x: Double) -> Double { sampleY(solveX(x, 1e-7)) }
}

@Suite struct CAMediaTimingFunctionTests {
    static let named: [(CAMediaTimingFunctionName, [Double])] = [
        (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
        (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
    ]

    @Test func namedFunctionsHaveApplesControlPoints() {
        for (name, points) in Self.named {
            let f = CAMediaTimingFunction(name: name)
            var values: [Float] = [9, 9]
            for index in 0..<4 {
                f.getControlPoint(at: index, values: &values)
                let expected: [Double] = switch index {
                case 0: [0, 0]
                case 1: [points[0], points[1]]
                case 2: [points[2], points[3]]
                default: [1, 1]
                }
                #expect(values.map(Double.init) == expected.map { Double(Float($0)) }, "\(name.rawValue) point \(index)")
            }
            f.getControlPoint(at: 7, values: &values)  // out of range: unchanged
            #expect(values == [1, 1])
        }
    }

    @Test(arguments: named.map(\.1) + [[0.1, 0.9, 0.2, 1.3], [0.7, -0.4, 0.2, 1.5], [1, 0, 0, 1], [0, 1, 1, 0]])
    func valuesAgreeWithWebKitsSolver(points: [Double]) {
        let f = CAMediaTimingFunction(controlPoints: Float(points[0]), Float(points[1]), Float(points[2]), Float(points[3]))
        // The reference uses the Float-rounded control points, as Apple stores them.
        let reference = UnitBezier(Double(Float(points[0])), Double(Float(points[1])), Double(Float(points[2])), Double(Float(points[3])))
        for i in 0...200 {
            let x = Double(i) / 200
            #expect(abs(f.evaluate(x) - reference.solve(x)) < 1e-6, "x = \(x)")
        }
    }

    @Test func knownValues() {
        // Linear is the identity; ease-in-ease-out is symmetric about (0.5, 0.5), up to its
        // control points' rounding to Float (0.42 and 0.58 do not sum to exactly 1).
        let linear = CAMediaTimingFunction(name: .linear)
        #expect(abs(linear.evaluate(0.3) - 0.3) < 1e-9)
        let both = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(both.evaluate(0.5) - 0.5) < 1e-7)
        #expect(abs(both.evaluate(0.2) + both.evaluate(0.8) - 1) < 1e-7)
        // Ends are exact and inputs are clamped.
        #expect(both.evaluate(0) == 0 && both.evaluate(1) == 1)
        #expect(both.evaluate(-2) == 0 && both.evaluate(3) == 1 && both.evaluate(.nan) == 0)
    }

    @Test func badControlPointsAreMadeSafe() {
        let f = CAMediaTimingFunction(controlPoints: .nan, 0, 2, .infinity)
        var values: [Float] = [0, 0]
        f.getControlPoint(at: 1, values: &values)
        #expect(values == [0, 0])
        f.getControlPoint(at: 2, values: &values)
        #expect(values == [1, 1])
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
    }
}
