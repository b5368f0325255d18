extension LayerTreeRenderer {
    /// Draws a `CATransformLayer`: it draws nothing of its own, and its sublayers are not
    /// flattened into it but share its parent's 3-D space. Every plane below it (each
    /// sublayer that is not itself a transform layer, with its own subtree flattened into
    /// it) is mapped through the whole chain of 4×4 transforms, then the planes are drawn
    /// from the farthest to the nearest by the depth of their centres (tree order breaks
    /// ties). Planes that cut through each other are not split: each is drawn whole at its
    /// centre's depth. The transform layer's opacity multiplies its planes'.
    func drawTransformLayer(_ index: Int, parent: Int?, in context: CGContext, mirrored: Bool, alpha: CGFloat) {
        var planes: [(node: Int, transform: CATransform3D, depth: Double, alpha: CGFloat)] = []
        func collect(_ node: Int, toParent: CATransform3D, alpha: CGFloat) {
            for child in sublayers[node] {
                let state = frame.values[child]
                guard !state.isHidden else { continue }
                let transform = CATransform3DConcat(spaceTransform(of: child, in: node), toParent)
                if case .transformLayer = snapshot.nodes[child].layer.attributes.kind {
                    collect(child, toParent: transform, alpha: alpha * CGFloat(state.opacity))
                } else {
                    let b = state.bounds
                    planes.append((child, transform, Self.depth(of: CGPoint(x: b.midX, y: b.midY), through: transform), alpha))
                }
            }
        }
        collect(index, toParent: spaceTransform(of: index, in: parent), alpha: alpha * CGFloat(frame.values[index].opacity))
        // Nodes come in tree order, so sorting by (depth, node) keeps tree order on ties.
        planes.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.node < $1.node }
        for plane in planes {
            drawSublayer(plane.node, parent: index, in: context, mirrored: mirrored, alpha: plane.alpha,
                         through: plane.transform.planeTransform)
        }
    }

    /// How near the viewer `point` of a plane lands (z / w; larger is nearer).
    private static func depth(of point: CGPoint, through t: CATransform3D) -> Double {
        let z = Double(point.x * t.m13 + point.y * t.m23 + t.m43)
        let w = Double(point.x * t.m14 + point.y * t.m24 + t.m44)
        return w > 1e-9 ? z / w : -.infinity
    }
}
