import Flipbook
@testable import FlipbookAnimation
import Foundation
import Testing

/// A layer's placement in its parent's plane, worked out in place for a transform that
/// keeps to the plane, is the placement Core Animation composes (anchor point to the
/// origin, the transform, the move to the position) seen in the plane: the same numbers.
@Suite struct LayerPlacementTests {
    static func state(_ change: (inout LayerState) -> Void) -> LayerState {
        var state = LayerState()
        state.bounds = CGRect(x: 10, y: 20, width: 100, height: 50)
        state.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        state.position = CGPoint(x: 7, y: -3)
        change(&state)
        return state
    }

    @Test func aFlatTransformsPlacementIsItsComposedPlacementInThePlane() {
        let flat: [(label: String, state: LayerState)] = [
            ("no transform", Self.state { _ in }),
            ("a default layer", LayerState()),
            ("turned", Self.state { $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1) }),
            ("scaled, mirrored and moved", Self.state {
                $0.transform = CATransform3DTranslate(CATransform3DMakeScale(2, -3, 1), 5, 6, 0)
            }),
            ("sheared", Self.state { $0.transform.m21 = 0.4 }),
            ("with depth", Self.state {
                $0.transform = CATransform3DMakeRotation(-1, 0, 0, 1)
                $0.anchorPointZ = 4
                $0.zPosition = 9
            }),
            ("moved in depth and scaled in depth", Self.state { $0.transform = CATransform3DMakeTranslation(3, 4, 12).scaledBy(z: 2) }),
        ]
        for row in flat {
            let placement = withUnsafePointer(to: row.state) { $0.flatPlacement }
            #expect(placement == row.state.placement.planeTransform, "\(row.label)")
        }
        let deep: [(label: String, state: LayerState)] = [
            ("turned about x", Self.state { $0.transform = CATransform3DMakeRotation(0.5, 1, 0, 0) }),
            ("turned about y", Self.state { $0.transform = CATransform3DMakeRotation(0.5, 0, 1, 0) }),
            ("in perspective", Self.state { $0.transform.m34 = -1 / 500 }),
            ("projective", Self.state { $0.transform.m44 = 2 }),
        ]
        for row in deep {
            #expect(withUnsafePointer(to: row.state) { $0.flatPlacement } == nil, "\(row.label)")
        }
    }

    @Test func aParentKeepsItsSublayersSpaceWithoutASublayerTransformOrAFlip() {
        let plain = Self.state { _ in }
        #expect(withUnsafePointer(to: plain) { $0.keepsSublayerSpace(flipsGeometry: false) })
        #expect(plain.sublayerSpace(flipsGeometry: false) == nil)
        #expect(!withUnsafePointer(to: plain) { $0.keepsSublayerSpace(flipsGeometry: true) })
        for entry in 0..<16 {
            var state = plain
            withUnsafeMutableBytes(of: &state.sublayerTransform) { bytes in
                let entries = bytes.bindMemory(to: CGFloat.self)
                entries[entry] += 0.5
            }
            #expect(!withUnsafePointer(to: state) { $0.keepsSublayerSpace(flipsGeometry: false) }, "entry \(entry)")
            #expect(state.sublayerSpace(flipsGeometry: false) != nil, "entry \(entry)")
        }
    }
}

private extension CATransform3D {
    func scaledBy(z: CGFloat) -> CATransform3D { CATransform3DScale(self, 1, 1, z) }
}
