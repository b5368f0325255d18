extension FrameTreeBuilder {
    /// Whether node `index` shares its parent's 3-D space with its sublayers rather than
    /// flattening them: a `CATransformLayer`, or a `CAReplicatorLayer` that preserves depth.
    func sharesSpace(_ index: Int) -> Bool {
        switch renderTree.nodes[index].layer.attributes.kind {
        case .transformLayer: true
        case .replicator(_, let preservesDepth): preservesDepth
        default: false
        }
    }

    /// Draws a `CATransformLayer` (or a depth-preserving replicator, which behaves like
    /// one for its instances): it draws nothing of its own, and its sublayers are not
    /// flattened into it but share its parent's 3-D space. Every plane below it (each
    /// sublayer, of each replicator instance, that does not itself share space, with its own
    /// subtree flattened into it) is mapped through the whole chain of 4×4 transforms, then
    /// the planes are painted from the farthest to the nearest, split where they cut through
    /// each other (`PlaneOrder`); each piece of a split plane is drawn clipped to its side
    /// of the cut. The layer's opacity multiplies its planes'.
    func drawTransformLayer(_ index: Int, parent: Int?, on canvas: FrameCanvas, mirrored: Bool, alpha: CGFloat) {
        var planes: [(node: Int, parent: Int, builder: FrameTreeBuilder, transform: CATransform3D, alpha: CGFloat)] = []
        func collect(_ node: Int, by builder: FrameTreeBuilder, toParent: CATransform3D, alpha: CGFloat) {
            var instances = [(builder, CGFloat(1))]
            if let transforms = builder.replicatorInstanceTransforms(of: node) {
                instances = transforms.enumerated().compactMap { builder.replica($0.offset, of: node, through: $0.element) }
            }
            for (instance, instanceAlpha) in instances {
                for child in sublayers[node] {
                    let state = instance.presentation.values[child]
                    guard !state.isHidden else { continue }
                    let transform = CATransform3DConcat(instance.spaceTransform(of: child, in: node), toParent)
                    if sharesSpace(child) {
                        collect(child, by: instance, toParent: transform, alpha: alpha * instanceAlpha * CGFloat(state.opacity))
                    } else {
                        planes.append((child, node, instance, transform, alpha * instanceAlpha))
                    }
                }
            }
        }
        collect(index, by: self, toParent: spaceTransform(of: index, in: parent),
                alpha: alpha * CGFloat(presentation.values[index].opacity))
        let polygons = planes.map { plane in
            Self.visible(plane.builder.subtreeExtent(plane.node), through: plane.transform).map { SIMD3($0.x, $0.y, $0.z) / $0.w }
        }
        for fragment in PlaneOrder.backToFront(polygons) where !fragment.polygon.isEmpty {
            let plane = planes[fragment.plane]
            canvas.saveGState()
            if !fragment.cuts.isEmpty {
                // The piece's side of every cut, over all the plane can draw (its shadow too).
                var region = Self.visible(plane.builder.shadowedExtent(plane.node), through: plane.transform)
                for cut in fragment.cuts {
                    region = ConvexPolygon.clip(region) { ($0 * cut).sum() }
                }
                let piece = CGMutablePath()
                piece.addLines(between: region.map { CGPoint(x: $0.x / $0.w, y: $0.y / $0.w) })
                piece.closeSubpath()
                canvas.clip(to: piece)
            }
            plane.builder.drawSublayer(plane.node, parent: plane.parent, on: canvas, mirrored: mirrored,
                                        alpha: plane.alpha, through: plane.transform.planeTransform)
            canvas.restoreGState()
        }
    }

    /// The corners of `rect` carried through `transform` as homogeneous points (x, y, z, w),
    /// clipped to the part in front of the eye (w > 0).
    private static func visible(_ rect: CGRect, through t: CATransform3D) -> [SIMD4<Double>] {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        let mapped = corners.map { u, v in
            SIMD4(Double(u * t.m11 + v * t.m21 + t.m41), Double(u * t.m12 + v * t.m22 + t.m42),
                  Double(u * t.m13 + v * t.m23 + t.m43), Double(u * t.m14 + v * t.m24 + t.m44))
        }
        return ConvexPolygon.clip(mapped) { $0.w - 1e-6 }
    }
}
