import Foundation
import FlipbookGraphics

/// The input moved by an affine transform (in Core Image's y-up space), sampled
/// bilinearly; a whole-pixel translation keeps rows aligned and sampling exact.
struct TransformNode: ImageNode {
    let input: any ImageNode
    let transform: CGAffineTransform
    private let inverse: CGAffineTransform

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode {
        // The input's points behind `rect`, and one more pixel for the bilinear neighbours.
        let behind = rect.isUnbounded ? rect : rect.applying(inverse).insetBy(dx: -1, dy: -1)
        return TransformNode(input: input.prepared(for: behind, threads: threads), transform: transform)!
    }

    init?(input: any ImageNode, transform: CGAffineTransform) {
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant != 0, determinant.isFinite else { return nil }
        self.input = input
        self.transform = transform
        inverse = transform.inverted()
    }

    var extent: CGRect {
        let e = input.extent
        return e.isUnbounded ? .infinite : e.applying(transform)
    }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let t = inverse
        if case let .row(x, y, count) = samples, t.a == 1, t.b == 0, t.c == 0, t.d == 1 {
            input.render(.row(x: x + Double(t.tx), y: y + Double(t.ty), count: count), into: out, scratch: scratch)
            return
        }
        let (a, b, c, d, tx, ty) = (Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty))
        input.render(mapping: samples, through: { p in SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) },
                     into: out, scratch: scratch)
    }
}
