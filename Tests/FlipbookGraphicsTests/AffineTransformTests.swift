import FlipbookGraphics
import Foundation
import Testing

/// Expected values worked out by hand from the matrix definition
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty (Apple's CGAffineTransform documentation).
struct AffineTransformTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let transform: CGAffineTransform
        let input: CGPoint
        let expected: CGPoint
        var description: String { name }
    }

    static let pointCases: [Case] = [
        Case(name: "identity", transform: .identity, input: CGPoint(x: 3, y: -4), expected: CGPoint(x: 3, y: -4)),
        Case(name: "translation", transform: CGAffineTransform(translationX: 3, y: 4), input: CGPoint(x: 1, y: 2), expected: CGPoint(x: 4, y: 6)),
        Case(name: "scale", transform: CGAffineTransform(scaleX: 2, y: 3), input: CGPoint(x: 1, y: 2), expected: CGPoint(x: 2, y: 6)),
        Case(name: "rotation π/2 turns +x into +y", transform: CGAffineTransform(rotationAngle: .pi / 2), input: CGPoint(x: 1, y: 0), expected: CGPoint(x: 0, y: 1)),
        Case(name: "rotation π", transform: CGAffineTransform(rotationAngle: .pi), input: CGPoint(x: 1, y: 2), expected: CGPoint(x: -1, y: -2)),
        Case(name: "translatedBy applies the translation first", transform: CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0), input: CGPoint(x: 1, y: 1), expected: CGPoint(x: 12, y: 2)),
        Case(name: "scaledBy applies the scale first", transform: CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 3), input: CGPoint(x: 1, y: 1), expected: CGPoint(x: 7, y: 3)),
        Case(name: "rotated applies the rotation first", transform: CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2), input: CGPoint(x: 1, y: 0), expected: CGPoint(x: 10, y: 1)),
        Case(name: "concatenating applies self then the argument", transform: CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 0)), input: CGPoint(x: 1, y: 1), expected: CGPoint(x: 7, y: 2)),
        Case(name: "shear", transform: CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0), input: CGPoint(x: 0, y: 4), expected: CGPoint(x: 2, y: 4)),
        Case(name: "inverted translation", transform: CGAffineTransform(translationX: 3, y: 4).inverted(), input: CGPoint(x: 3, y: 4), expected: .zero),
        Case(name: "inverted scale", transform: CGAffineTransform(scaleX: 2, y: 4).inverted(), input: CGPoint(x: 1, y: 1), expected: CGPoint(x: 0.5, y: 0.25)),
        Case(name: "inverted general", transform: CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: 4).inverted(), input: CGPoint(x: 6, y: 6), expected: CGPoint(x: 1, y: 1)),
    ]

    @Test(arguments: pointCases)
    func mapsPoints(_ c: Case) {
        let p = c.input.applying(c.transform)
        #expect(abs(p.x - c.expected.x) < 1e-12 && abs(p.y - c.expected.y) < 1e-12, "\(c.name): got \(p)")
    }

    @Test func identityAndEquality() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(CGAffineTransform(1, 0, 0, 1, 0, 0) == .identity)
        #expect(CGAffineTransform(rotationAngle: 0.7).concatenating(CGAffineTransform(rotationAngle: 0.7).inverted()).isNearlyIdentity)
    }

    @Test func singularInverseIsUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        #expect(singular.inverted() == singular)
    }

    @Test func sizesIgnoreTranslationAndMayBeNegative() {
        let t = CGAffineTransform(a: -1, b: 0, c: 0, d: 2, tx: 100, ty: 100)
        #expect(CGSize(width: 3, height: 4).applying(t) == CGSize(width: -3, height: 8))
    }

    @Test func rectsMapToTheBoundingBoxOfTheirCorners() {
        let r = CGRect(x: 0, y: 0, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let s = 2.0.squareRoot()
        #expect(abs(r.minX + s) < 1e-12 && abs(r.maxX - s) < 1e-12)
        #expect(abs(r.minY) < 1e-12 && abs(r.maxY - 2 * s) < 1e-12)
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(translationX: 10, y: 20))
                == CGRect(x: 11, y: 22, width: 3, height: 4))
    }
}

extension CGAffineTransform {
    var isNearlyIdentity: Bool {
        abs(a - 1) < 1e-12 && abs(b) < 1e-12 && abs(c) < 1e-12 && abs(d - 1) < 1e-12 && abs(tx) < 1e-12 && abs(ty) < 1e-12
    }
}
