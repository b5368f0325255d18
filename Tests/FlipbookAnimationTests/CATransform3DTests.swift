import Testing
import FlipbookTestSupport
@testable import FlipbookAnimation

@Suite struct CATransform3DTests {
    func expectClose(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: CGFloat = 1e-9,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let difference = a.entries - b.entries
        let worst = CGFloat(max(difference.max(), -difference.min()))
        #expect(worst < tolerance, "\(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test func makeFunctionsMatchApplesMatrices() {
        // Apple's headers: translation in m41…m43, scale on the diagonal.
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect((t.m41, t.m42, t.m43) == (1, 2, 3))
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect((s.m11, s.m22, s.m33, s.m44) == (2, 3, 4, 1))
        // About z the 3-D rotation is the affine rotation.
        let angle = 0.3
        expectClose(CATransform3DMakeRotation(angle, 0, 0, 1),
                    CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: angle)))
        // About x by π/2: y goes to z.
        let rx = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        let p = rx.apply(to: (0, 1, 0))
        #expect(abs(p.x) < 1e-12 && abs(p.y) < 1e-12 && abs(p.z - 1) < 1e-12)
        // The axis is normalised; a zero axis gives the identity.
        expectClose(CATransform3DMakeRotation(0.7, 0, 0, 5), CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(.nan, 0, 0, 1)))
    }

    @Test func concatenationOrderAndTheOperateForms() {
        // Concat(a, b) applies a first: scale then translate moves by the unscaled amount.
        let m = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        #expect(m.apply(to: (1, 1, 0)).x == 12)
        // Translate(t, …) = Concat(MakeTranslation, t): the translation happens first.
        let scaled = CATransform3DMakeScale(2, 2, 1)
        #expect(CATransform3DTranslate(scaled, 10, 0, 0) == CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), scaled))
        #expect(CATransform3DTranslate(scaled, 10, 0, 0).apply(to: (1, 1, 0)).x == 22)
        #expect(CATransform3DScale(CATransform3DIdentity, 2, 3, 4) == CATransform3DMakeScale(2, 3, 4))
        expectClose(CATransform3DRotate(CATransform3DIdentity, 0.5, 0, 1, 0), CATransform3DMakeRotation(0.5, 0, 1, 0))
    }

    @Test func inversionAndAffineConversions() {
        var m = CATransform3DRotate(CATransform3DMakeTranslation(3, -4, 5), 0.8, 1, 2, 3)
        m.m34 = -1 / 500
        expectClose(CATransform3DConcat(m, CATransform3DInvert(m)), CATransform3DIdentity, 1e-12)
        // A singular matrix comes back unchanged.
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let lifted = CATransform3DMakeAffineTransform(affine)
        #expect(CATransform3DIsAffine(lifted))
        #expect(CATransform3DGetAffineTransform(lifted) == affine)
        #expect(!CATransform3DIsAffine(m))
    }

    @Test func perspectiveAsSeed001SetsIt() {
        // m34 = −1/d: a point at z = 100 seen from d = 500 is scaled by 500 / 400.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let p = perspective.apply(to: (100, 50, 100))
        #expect(abs(p.x / p.w - 125) < 1e-9 && abs(p.y / p.w - 62.5) < 1e-9)
    }

    @Test(arguments: 0..<12)
    func decompositionRecomposesTheMatrix(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        func r(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(rng.uniform(range.lowerBound, range.upperBound)) }
        var m = CATransform3DMakeScale(r(0.2...3), r(0.2...3), r(0.2...3))
        m.m21 = r(-0.5...0.5)  // shear
        m = CATransform3DConcat(m, CATransform3DMakeRotation(r(-3...3), r(-1...1), r(-1...1), r(0.1...1)))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(r(-50...50), r(-50...50), r(-50...50)))
        if seed.isMultiple(of: 2) { m.m34 = r(-0.01...(-0.001)) }
        if seed.isMultiple(of: 3) { m.m11 = -m.m11; m.m12 = -m.m12; m.m13 = -m.m13 }  // a reflection
        let parts = DecomposedTransform(m)
        #expect(parts != nil)
        if let parts { expectClose(parts.matrix, m, 1e-9) }
    }

    @Test func theIdentityDecomposesIntoTheDefaultParts() {
        // The shortcut and the steps agree, down to the bits of every part.
        let steps = DecomposedTransform(steps: CATransform3DIdentity)!, parts = DecomposedTransform(CATransform3DIdentity)!
        let defaults = DecomposedTransform()
        for (a, b) in [(steps.scale, defaults.scale), (steps.shear, defaults.shear), (steps.translation, defaults.translation)] {
            #expect((0..<3).allSatisfy { a[$0].bitPattern == b[$0].bitPattern })
        }
        for (a, b) in [(steps.quaternion, defaults.quaternion), (steps.perspective, defaults.perspective)] {
            #expect((0..<4).allSatisfy { a[$0].bitPattern == b[$0].bitPattern })
        }
        #expect(parts == defaults)
    }

    @Test func interpolationKeepsRotationsRigid() {
        // Halfway from identity to a quarter turn is an eighth turn, not a shrunken matrix.
        let a = DecomposedTransform(CATransform3DIdentity)!
        let b = DecomposedTransform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))!
        expectClose(a.interpolated(to: b, fraction: 0.5).matrix, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-12)
        // Seed 001's flip: halfway to a half turn about x is a quarter turn about x.
        let flip = DecomposedTransform(CATransform3DMakeRotation(.pi, 1, 0, 0))!
        expectClose(a.interpolated(to: flip, fraction: 0.5).matrix, CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 1e-12)
        // Scale and translation interpolate linearly.
        let c = DecomposedTransform(CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), CATransform3DMakeTranslation(10, 20, 0)))!
        expectClose(a.interpolated(to: c, fraction: 0.25).matrix,
                    CATransform3DConcat(CATransform3DMakeScale(1.5, 1.5, 1), CATransform3DMakeTranslation(2.5, 5, 0)), 1e-12)
        #expect(DecomposedTransform(CATransform3DMakeScale(0, 1, 1)) == nil)
    }

    /// A transform with an axis scaled to nothing is taken apart for its fields (a layer
    /// popping in from `transform.scale` 0 reads and animates them): that axis's scale is 0,
    /// along the direction the other axes leave, and the parts make the matrix again. A
    /// transform flattening one axis onto another is not; nor is any singular one for
    /// interpolating whole matrices.
    @Test func zeroScalesAreTakenApartForFields() {
        let turned = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let table: [(name: String, matrix: CATransform3D, scale: SIMD3<Double>?, angle: Double?)] = [
            ("x scaled to nothing", CATransform3DMakeScale(0, 2, 1), [0, 2, 1], 0),
            ("x and y", CATransform3DMakeScale(0, 0, 1), [0, 0, 1], 0),
            ("all three", CATransform3DMakeScale(0, 0, 0), [0, 0, 0], 0),
            ("y, turned", CATransform3DConcat(CATransform3DMakeScale(3, 0, 1), turned), [3, 0, 1], 0.5),
            ("x, turned and moved", CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(0, 2, 1), turned),
                                                        CATransform3DMakeTranslation(5, 6, 0)), [0, 2, 1], 0.5),
            ("y laid onto x", CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 2, m22: 0, m23: 0, m24: 0,
                                            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1), nil, nil),
        ]
        for (name, matrix, scale, angle) in table {
            #expect(DecomposedTransform(matrix) == nil, "\(name): whole")
            let parts = DecomposedTransform(matrix, zeroScales: true)
            #expect(parts?.scale == scale, "\(name)")
            if let parts, let angle {
                #expect(abs((parts[.rotationZ]?.number ?? .nan) - angle) < 1e-12, "\(name)")
                expectClose(parts.matrix, matrix, 1e-12)
            }
        }
    }

    @Test func eulerAnglesRoundTrip() {
        var parts = DecomposedTransform()
        parts.eulerAngles = [0.3, -0.4, 1.2]
        let e = parts.eulerAngles
        #expect(abs(e.x - 0.3) < 1e-12 && abs(e.y + 0.4) < 1e-12 && abs(e.z - 1.2) < 1e-12)
        let z = DecomposedTransform(CATransform3DMakeRotation(2.5, 0, 0, 1))!
        #expect(abs(z.eulerAngles.z - 2.5) < 1e-12)
    }
}
