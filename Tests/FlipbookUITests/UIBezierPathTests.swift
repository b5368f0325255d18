import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

/// UIBezierPath: shapes, arcs turning as UIKit's do on screen, fill rules, transforms,
/// reversal, and drawing in the current context (seed 004's triangle).
@Suite struct UIBezierPathTests {
    private func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    @Test func shapes() {
        #expect(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).bounds == CGRect(x: 1, y: 2, width: 3, height: 4))
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(oval.contains(CGPoint(x: 5, y: 5)) && !oval.contains(CGPoint(x: 0.5, y: 0.5)))
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), byRoundingCorners: [.topLeft, .bottomRight],
                                   cornerRadii: CGSize(width: 5, height: 5))
        #expect(!rounded.contains(CGPoint(x: 0.5, y: 0.5)) && rounded.contains(CGPoint(x: 19.5, y: 0.5)))
        #expect(rounded.contains(CGPoint(x: 0.5, y: 9.5)) && !rounded.contains(CGPoint(x: 19.5, y: 9.5)))
        #expect(close(rounded.bounds, CGRect(x: 0, y: 0, width: 20, height: 10)))
        // A radius over half the shorter side is clamped: a capsule.
        let capsule = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
        #expect(!capsule.contains(CGPoint(x: 1, y: 1)) && capsule.contains(CGPoint(x: 10, y: 0.5)))
        #expect(UIBezierPath().isEmpty && !oval.isEmpty)
    }

    /// `clockwise: true` from 0 to π/2 is the quarter through +y (down the screen); false
    /// goes the other three quarters round.
    @Test func arcsTurnAsOnScreen() {
        let short = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(close(short.bounds, CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(abs(short.currentPoint.x) < 1e-9 && abs(short.currentPoint.y - 10) < 1e-9)
        let long = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(close(long.bounds, CGRect(x: -10, y: -10, width: 20, height: 20)))
    }

    @Test func fillRules() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.append(UIBezierPath(rect: CGRect(x: 3, y: 3, width: 4, height: 4)))
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        path.usesEvenOddFillRule = true
        #expect(!path.contains(CGPoint(x: 5, y: 5)) && path.contains(CGPoint(x: 1, y: 1)))
    }

    @Test func transformsAndReversal() throws {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 15, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 7, y: 14), controlPoint2: CGPoint(x: 3, y: 14))
        path.close()
        path.lineWidth = 3
        let reversed = path.reversing()
        #expect(close(reversed.bounds, path.bounds) && reversed.lineWidth == 3)
        // Reversed, it starts at the old last point and its last segment ends at the old start.
        var firstMove: CGPoint?, lastEnd: CGPoint?, types: [CGPathElementType] = []
        reversed.cgPath.applyWithBlock { element in
            let e = element.pointee
            types.append(e.type)
            switch e.type {
            case .moveToPoint: if firstMove == nil { firstMove = e.points[0] }
            case .addLineToPoint: lastEnd = e.points[0]
            case .addQuadCurveToPoint: lastEnd = e.points[1]
            case .addCurveToPoint: lastEnd = e.points[2]
            case .closeSubpath: break
            }
        }
        #expect(firstMove == CGPoint(x: 0, y: 10) && lastEnd == CGPoint(x: 0, y: 0))
        #expect(types == [.moveToPoint, .addCurveToPoint, .addQuadCurveToPoint, .addLineToPoint, .closeSubpath])
        for point in [CGPoint(x: 5, y: 5), CGPoint(x: 12, y: 5), CGPoint(x: 5, y: 12), CGPoint(x: 20, y: 20)] {
            #expect(reversed.contains(point) == path.contains(point))
        }
        path.apply(CGAffineTransform(translationX: 5, y: -5))
        #expect(close(path.bounds, reversed.bounds.offsetBy(dx: 5, dy: -5)))
    }

    @Test func lineDash() {
        let path = UIBezierPath()
        let pattern: [CGFloat] = [4, 2]
        path.setLineDash(pattern, count: 2, phase: 1)
        var out = [CGFloat](repeating: 0, count: 2), count = 0, phase: CGFloat = 0
        path.getLineDash(&out, count: &count, phase: &phase)
        #expect(out == pattern && count == 2 && phase == 1)
        let copy = path.copy() as? UIBezierPath
        (count, phase) = (0, 0)
        copy?.getLineDash(nil, count: &count, phase: &phase)
        #expect(count == 2)
    }

    /// Seed 004's triangle: filled red and stroked blue in the current context; outside a
    /// context the same calls do nothing (as the seed's comment says), with a diagnostic.
    @Test func seedTriangle() throws {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 20, y: 0))
        path.addLine(to: CGPoint(x: 0, y: 40))
        path.addLine(to: CGPoint(x: 40, y: 40))
        path.close()
        let said = collectingUIDiagnostics {
            UIColor.red.setFill()
            path.fill()
            path.stroke()
        }
        #expect(said.count == 2)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        path.lineWidth = 4
        let image = try #require(UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { _ in
            UIColor.red.setFill()
            path.fill()
            UIColor.blue.setStroke()
            path.stroke()
        }.cgImage)
        #expect(image.pixel(20, 28) == [255, 0, 0, 255])
        #expect(image.pixel(20, 39) == [0, 0, 255, 255])
        #expect(image.pixel(2, 2) == [0, 0, 0, 0])
    }
}
