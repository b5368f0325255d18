import Flipbook
@testable import FlipbookAnimation
import FlipbookTestSupport
import Testing

/// When a layer is drawn as an offscreen group, and how large the group is. Group opacity
/// (`allowsGroupOpacity`, on by default as on iOS): a layer's opacity applies to its
/// rendering as a whole, so sublayers that overlap do not show through each other. Where the
/// rendering is a single composite — one paint, however deep the sublayer holding it — the
/// group looks exactly like that composite made at the layer's opacity, and the frame draws
/// it without an offscreen group. A group holds only where its layers draw, and a masked
/// layer's only what its mask can keep.
@MainActor
@Suite(.serialized) struct LayerGroupTests {
    /// A 20 × 20 root at `opacity` holding `build`'s sublayers, over nothing; its image and
    /// frame tree.
    private func draw(opacity: Float, _ build: (CALayer) -> Void) throws -> (image: CGImage, tree: String) {
        AnimationHost.shared.reset(time: 0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.opacity = opacity
        build(root)
        AnimationHost.shared.tick()
        let snapshot = AnimationHost.shared.renderTree(of: root)
        let tree = snapshot.frameTree(snapshot.evaluate(at: 0), bounds: root.bounds, scale: 1).description
        return (try CARenderer(layer: root, bounds: root.bounds).render(at: 0), tree)
    }

    private func square(_ frame: CGRect, red: CGFloat, blue: CGFloat, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(srgbRed: red, green: 0, blue: blue, alpha: 1)
        parent.addSublayer(layer)
        return layer
    }

    /// Red over blue, overlapping in x 8..<12: in a group at 50 %, the overlap is red at
    /// 50 % (blue hidden under the red); without one, red at 50 % over blue at 50 %.
    @Test func overlappingSublayersAreGrouped() throws {
        let (image, tree) = try draw(opacity: 0.5) { root in
            _ = square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 0, blue: 1, in: root)
            _ = square(CGRect(x: 8, y: 0, width: 12, height: 20), red: 1, blue: 0, in: root)
        }
        #expect(tree.contains("group"), "\(tree)")
        #expect(image.pixel(10, 10) == [128, 0, 0, 128])
        #expect(image.pixel(4, 10) == [0, 0, 128, 128] && image.pixel(16, 10) == [128, 0, 0, 128])
    }

    /// One square three layers down, the middle one masking nothing: one composite, drawn
    /// at 50 % straight, the same pixels a group would give.
    @Test func aSingleCompositeNeedsNoGroup() throws {
        let (image, tree) = try draw(opacity: 0.5) { root in
            let middle = CALayer()
            middle.frame = root.bounds
            root.addSublayer(middle)
            _ = square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 1, blue: 0, in: middle)
            let hidden = square(CGRect(x: 8, y: 0, width: 12, height: 20), red: 0, blue: 1, in: middle)
            hidden.isHidden = true
        }
        #expect(!tree.contains("group"), "\(tree)")
        #expect(image.pixel(4, 10) == [128, 0, 0, 128] && image.pixel(16, 10) == [0, 0, 0, 0])
    }

    /// A shape layer that only fills is one composite; fill and stroke are two, which a group
    /// keeps from showing the fill through the half-transparent stroke.
    @Test func aShapesFillAndStrokeAreTwoComposites() throws {
        func shape(stroked: Bool) throws -> (image: CGImage, tree: String) {
            try draw(opacity: 0.5) { root in
                let shape = CAShapeLayer()
                shape.frame = root.bounds
                shape.path = CGPath(rect: CGRect(x: 4, y: 4, width: 12, height: 12), transform: nil)
                shape.fillColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
                shape.strokeColor = stroked ? CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1) : nil
                shape.lineWidth = 4
                root.addSublayer(shape)
            }
        }
        let filled = try shape(stroked: false), stroked = try shape(stroked: true)
        #expect(!filled.tree.contains("group") && stroked.tree.contains("group"))
        #expect(filled.image.pixel(10, 10) == [0, 0, 128, 128])
        // On the stroke's inner half the red hides the blue fill.
        #expect(stroked.image.pixel(5, 10) == [128, 0, 0, 128] && stroked.image.pixel(10, 10) == [0, 0, 128, 128])
    }

    /// A sublayer that makes its own group (masked here) is one composite for its parent,
    /// whatever it holds; one that casts a shadow is two (shadow, then content).
    @Test func aGroupedSublayerIsOneCompositeAndAShadowTwo() throws {
        let masked = try draw(opacity: 0.5) { root in
            let inner = CALayer()
            inner.frame = root.bounds
            let mask = CALayer()
            mask.frame = root.bounds
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            inner.mask = mask
            root.addSublayer(inner)
            _ = square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 0, blue: 1, in: inner)
            _ = square(CGRect(x: 8, y: 0, width: 12, height: 20), red: 1, blue: 0, in: inner)
        }
        // The mask's own group and its destination-in group: two, none for the opacity.
        #expect(masked.tree.components(separatedBy: "group").count - 1 == 2, "\(masked.tree)")
        #expect(masked.image.pixel(10, 10) == [128, 0, 0, 128])
        let shadowed = try draw(opacity: 0.5) { root in
            let inner = square(CGRect(x: 4, y: 4, width: 8, height: 8), red: 1, blue: 0, in: root)
            inner.shadowOpacity = 1
            inner.shadowOffset = CGSize(width: 4, height: 4)
            inner.shadowRadius = 0
        }
        // The opacity's group around the shadow's.
        #expect(shadowed.tree.components(separatedBy: "group").count - 1 == 2, "\(shadowed.tree)")
        // Inside the square the shadow does not show through: red at 50 %.
        #expect(shadowed.image.pixel(10, 10) == [128, 0, 0, 128])
    }

    /// A 20 × 20 blue layer masked by a 4 × 6 square at (3.5, 5.25): its group is the mask's
    /// extent grown by two pixels, not the layer's bounds, and the pixels are the mask's.
    @Test func aMaskedGroupHoldsOnlyWhatItsMaskKeeps() throws {
        let (image, tree) = try draw(opacity: 1) { root in
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            let mask = CALayer()
            mask.frame = CGRect(x: 3.5, y: 5.25, width: 4, height: 6)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            root.mask = mask
        }
        #expect(tree.contains("group (1.5, 3.25, 8, 10)"), "\(tree)")
        #expect(image.pixel(5, 8) == [0, 0, 255, 255] && image.pixel(1, 8) == [0, 0, 0, 0] && image.pixel(15, 15) == [0, 0, 0, 0])
        // Half the pixel column at x = 3 and a quarter of the row at y = 5.
        #expect(image.pixel(3, 8) == [0, 0, 128, 128] && image.pixel(5, 5) == [0, 0, 191, 191])
        // A mask wholly outside the layer leaves nothing, and no group to draw it in.
        let outside = try draw(opacity: 1) { root in
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            let mask = CALayer()
            mask.frame = CGRect(x: 40, y: 0, width: 4, height: 6)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            root.mask = mask
        }
        #expect((0..<20).allSatisfy { outside.image.pixel($0, $0) == [0, 0, 0, 0] })
    }

    /// A mask whose last sublayer is an opaque cover composited source-out over the others
    /// (a Lottie inverted track matte) keeps the layer where those others are transparent:
    /// the cover's alpha, 1, times one less theirs (Porter–Duff source-out), and the layer
    /// times that (the mask's alpha). It is drawn as the others composited destination-out,
    /// pixel for pixel what the cover gives when it is made: the same mask with a cover
    /// whose rounded corners make it no rectangle.
    @Test func aMaskInvertedByASourceOutCoverKeepsWhatItsSublayersDoNot() throws {
        func scene(rounded: Bool, coverFrame: CGRect = CGRect(x: -10, y: -10, width: 40, height: 40)) -> (CALayer) -> Void {
            { root in
                let layer = CALayer()
                layer.frame = CGRect(x: 1.5, y: 2.25, width: 16, height: 15)
                layer.backgroundColor = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
                let mask = CALayer()
                let kept = CAShapeLayer()
                kept.path = CGPath(ellipseIn: CGRect(x: 3.5, y: 2, width: 9, height: 8), transform: nil)
                kept.fillColor = CGColor(gray: 0, alpha: 0.6)
                let solid = CALayer()
                solid.frame = CGRect(x: 8, y: 10.5, width: 6, height: 3)
                solid.backgroundColor = CGColor(gray: 0, alpha: 1)
                let cover = CALayer()
                cover.frame = coverFrame
                cover.backgroundColor = CGColor(gray: 0, alpha: 1)
                cover.cornerRadius = rounded ? 2 : 0
                cover.compositingFilter = "sourceOutCompositing"
                for sublayer in [kept, solid, cover] { mask.addSublayer(sublayer) }
                layer.mask = mask
                root.addSublayer(layer)
            }
        }
        let inverted = try draw(opacity: 1, scene(rounded: false))
        let made = try draw(opacity: 1, scene(rounded: true))
        #expect(inverted.tree.contains("blend destinationOut") && !inverted.tree.contains("sourceOut"), "\(inverted.tree)")
        #expect(made.tree.contains("blend sourceOut") && made.tree.contains("blend destinationIn"), "\(made.tree)")
        #expect(inverted.image.withUnsafePremultipliedBytes { Array($0) } == made.image.withUnsafePremultipliedBytes { Array($0) })
        // Orange where the mask's sublayers draw nothing; 40 % of it inside the ellipse at
        // 60 %; nothing under the opaque rectangle; nothing outside the layer.
        #expect(inverted.image.pixel(3, 15) == [255, 128, 0, 255])
        #expect(inverted.image.pixel(9, 8) == [102, 51, 0, 102])
        #expect(inverted.image.pixel(12, 14) == [0, 0, 0, 0] && inverted.image.pixel(19, 19) == [0, 0, 0, 0])
        // A cover short of the layer's edge clears beyond it: the mask is made.
        let short = try draw(opacity: 1, scene(rounded: false, coverFrame: CGRect(x: -10, y: -10, width: 24, height: 40)))
        #expect(short.tree.contains("blend sourceOut"), "\(short.tree)")
        #expect(short.image.pixel(16, 15) == [0, 0, 0, 0] && short.image.pixel(3, 15) == [255, 128, 0, 255])
    }

    /// A group holds only where something draws: the bounds of layers that paint nothing
    /// themselves (the root, a container) do not count, and a masked sublayer counts only
    /// within its mask's extent.
    @Test func aGroupHoldsOnlyWhatItsLayersDraw() throws {
        // Two overlapping squares, (2, 2)–(8, 6) and (6, 2)–(12, 6), in an empty container
        // the size of the root: the group is their extent grown by two pixels.
        let squares = try draw(opacity: 0.5) { root in
            let container = CALayer()
            container.frame = root.bounds
            root.addSublayer(container)
            _ = square(CGRect(x: 2, y: 2, width: 6, height: 4), red: 0, blue: 1, in: container)
            _ = square(CGRect(x: 6, y: 2, width: 6, height: 4), red: 1, blue: 0, in: container)
        }
        #expect(squares.tree.contains("group (0, 0, 14, 8) {"), "\(squares.tree)")
        #expect(squares.image.pixel(7, 3) == [128, 0, 0, 128] && squares.image.pixel(3, 3) == [0, 0, 128, 128])
        #expect(squares.image.pixel(10, 10) == [0, 0, 0, 0])
        // A red square at (2, 2)–(6, 6) and a blue layer over the whole root masked to
        // (12, 12)–(16, 16): the blue layer's group is its mask's extent and the root's
        // group reaches from the square to the mask, not over the blue layer's bounds.
        let masked = try draw(opacity: 0.5) { root in
            _ = square(CGRect(x: 2, y: 2, width: 4, height: 4), red: 1, blue: 0, in: root)
            let blue = square(root.bounds, red: 0, blue: 1, in: root)
            let mask = CALayer()
            mask.frame = CGRect(x: 12, y: 12, width: 4, height: 4)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            blue.mask = mask
        }
        #expect(masked.tree.contains("group (0, 0, 18, 18) {"), "\(masked.tree)")
        #expect(masked.tree.contains("group (10, 10, 8, 8) {"), "\(masked.tree)")
        #expect(masked.image.pixel(3, 3) == [128, 0, 0, 128] && masked.image.pixel(13, 13) == [0, 0, 128, 128])
        #expect(masked.image.pixel(8, 8) == [0, 0, 0, 0] && masked.image.pixel(18, 18) == [0, 0, 0, 0])
    }

    /// A mask that is one opaque fill clips: red over blue at 50 % (a group, for the
    /// overlap) cut by an even-odd ring — a 16-point square with an 8-point hole. The clip
    /// is drawn inside the group, so the group's composite is not clipped a second time.
    @Test func anOpaqueFillMaskClips() throws {
        let (image, tree) = try draw(opacity: 0.5) { root in
            _ = square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 0, blue: 1, in: root)
            _ = square(CGRect(x: 8, y: 0, width: 12, height: 20), red: 1, blue: 0, in: root)
            let ring = CAShapeLayer()
            ring.frame = root.bounds
            let path = CGMutablePath()
            path.addRect(CGRect(x: 2, y: 2, width: 16, height: 16))
            path.addRect(CGRect(x: 6, y: 6, width: 8, height: 8))
            ring.path = path
            ring.fillRule = .evenOdd
            root.mask = ring
        }
        // The group is bounded by the mask: its path, a pixel around for its edge, and the
        // group's two-pixel margin.
        #expect(tree.contains("group (-1, -1, 22, 22) {\n      clip (2, 2, 16, 16) even-odd"), "\(tree)")
        #expect(!tree.contains("destinationIn"), "\(tree)")
        #expect(image.pixel(3, 10) == [0, 0, 128, 128] && image.pixel(16, 10) == [128, 0, 0, 128])
        #expect(image.pixel(10, 3) == [128, 0, 0, 128], "the overlap, red over blue in the group")
        #expect(image.pixel(10, 10) == [0, 0, 0, 0] && image.pixel(1, 1) == [0, 0, 0, 0] && image.pixel(19, 19) == [0, 0, 0, 0])
        // A mask that strokes too is drawn destination-in, with the same ring kept.
        let stroked = try draw(opacity: 1) { root in
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            shape.path = CGPath(rect: CGRect(x: 4, y: 4, width: 12, height: 12), transform: nil)
            shape.strokeColor = CGColor(gray: 0, alpha: 1)
            shape.lineWidth = 2
            root.mask = shape
        }
        #expect(stroked.tree.contains("destinationIn"), "\(stroked.tree)")
        #expect(stroked.image.pixel(3, 10) == [0, 0, 255, 255] && stroked.image.pixel(2, 10) == [0, 0, 0, 0])
    }

    /// A mask that is one opaque stroke clips to the outline the stroke paints, dashes and
    /// trim included: the masked layer's pixels are those of the stroke itself painted in
    /// the layer's colour. A stroke that turns on its way into the masked layer (its width
    /// would change) is drawn destination-in.
    @Test func anOpaqueStrokeMaskClipsToItsOutline() throws {
        func ring(_ shape: CAShapeLayer, colour: CGColor) {
            shape.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            shape.path = CGPath(ellipseIn: CGRect(x: 3.3, y: 2.7, width: 13, height: 14), transform: nil)
            shape.fillColor = nil
            shape.strokeColor = colour
            shape.lineWidth = 2.5
            shape.lineDashPattern = [9, 3]
            shape.strokeEnd = 0.8
        }
        let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let masked = try draw(opacity: 1) { root in
            root.backgroundColor = blue
            let mask = CAShapeLayer()
            ring(mask, colour: CGColor(gray: 0, alpha: 1))
            root.mask = mask
        }
        #expect(masked.tree.contains("clip to stroke (3.3, 2.7, 13, 14) width 2.5") && !masked.tree.contains("destinationIn"), "\(masked.tree)")
        let stroked = try draw(opacity: 1) { root in
            let shape = CAShapeLayer()
            ring(shape, colour: blue)
            root.addSublayer(shape)
        }
        #expect(masked.image.withUnsafePremultipliedBytes { Array($0) } == stroked.image.withUnsafePremultipliedBytes { Array($0) })
        // The ring's dashes (x 3…5 at y 5 and y 13), its hole, and the fifth of it trimmed
        // away (lower right).
        #expect(masked.image.pixel(4, 5)[2] > 200 && masked.image.pixel(3, 13)[2] > 200)
        #expect(masked.image.pixel(10, 10) == [0, 0, 0, 0] && masked.image.pixel(15, 14) == [0, 0, 0, 0])
        let turned = try draw(opacity: 1) { root in
            root.backgroundColor = blue
            let mask = CAShapeLayer()
            ring(mask, colour: CGColor(gray: 0, alpha: 1))
            mask.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
            root.mask = mask
        }
        #expect(turned.tree.contains("destinationIn"), "\(turned.tree)")
    }

    /// A gradient layer drawing nothing else fills its mask's region itself, with no clip:
    /// an even-odd ring or a dashed stroke inside its bounds. The pixels are those of the
    /// same mask as a clip (a hidden sublayer keeps the gradient from filling the region).
    /// A region reaching the layer's edge pixels is a clip.
    @Test func aGradientFillsItsMasksRegion() throws {
        func gradient(in root: CALayer, mask: CAShapeLayer, clipped: Bool) {
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 1.5, y: 0.25, width: 18, height: 19.5)
            layer.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.6)]
            layer.startPoint = CGPoint(x: 0, y: 0.2)
            layer.endPoint = CGPoint(x: 1, y: 0.9)
            layer.mask = mask
            if clipped {
                let hidden = CALayer()
                hidden.isHidden = true
                layer.addSublayer(hidden)
            }
            root.addSublayer(layer)
        }
        func ring() -> CAShapeLayer {
            let mask = CAShapeLayer()
            let path = CGMutablePath()
            path.addEllipse(in: CGRect(x: 2, y: 2, width: 14, height: 15))
            path.addRect(CGRect(x: 6, y: 6.5, width: 5, height: 5))
            mask.path = path
            mask.fillRule = .evenOdd
            return mask
        }
        func dashes() -> CAShapeLayer {
            let mask = CAShapeLayer()
            mask.path = CGPath(ellipseIn: CGRect(x: 3.3, y: 3.2, width: 11, height: 13), transform: nil)
            mask.fillColor = nil
            mask.strokeColor = CGColor(gray: 0, alpha: 1)
            mask.lineWidth = 2.5
            mask.lineDashPattern = [7, 2]
            mask.lineJoin = .round
            return mask
        }
        func bytes(_ image: CGImage) -> [UInt8] { image.withUnsafePremultipliedBytes { Array($0) } }
        for (mask, summary) in [(ring, "gradient axial (0, 0, 18, 19.5) filling even-odd (2, 2, 14, 15)"),
                                (dashes, "gradient axial (0, 0, 18, 19.5) filling stroke (3.3, 3.2, 11, 13)")] {
            let filled = try draw(opacity: 1) { gradient(in: $0, mask: mask(), clipped: false) }
            let clipped = try draw(opacity: 1) { gradient(in: $0, mask: mask(), clipped: true) }
            #expect(filled.tree.contains(summary) && !filled.tree.contains("clip"), "\(filled.tree)")
            #expect(clipped.tree.contains("clip") && !clipped.tree.contains("filling"), "\(clipped.tree)")
            #expect(bytes(filled.image) == bytes(clipped.image))
            #expect(bytes(filled.image).contains { $0 > 0 } && filled.image.pixel(10, 10) == [0, 0, 0, 0])
        }
        // The ring moved a point left comes within a pixel of the layer's first column of
        // pixels, which the layer's left edge covers half: the mask clips.
        let edge = try draw(opacity: 1) { root in
            let mask = ring()
            mask.position = CGPoint(x: -1, y: 0)
            gradient(in: root, mask: mask, clipped: false)
        }
        #expect(edge.tree.contains("clip (1, 2, 14, 15) even-odd") && !edge.tree.contains("filling"), "\(edge.tree)")
    }

    /// A turn by a half or a quarter keeps a rectangle axis-aligned on screen although
    /// sin π and cos π/2 round to 1.2 × 10⁻¹⁶ and 6 × 10⁻¹⁷, not 0: the gradient under
    /// it still fills its mask's region, and the map into the canvas has exact zeros.
    @Test func aTurnByAHalfOrAQuarterStaysAxisAligned() throws {
        for angle in [CGFloat.pi, .pi / 2, -.pi / 2] {
            let turned = CATransform3DMakeRotation(angle, 0, 0, 1)
            #expect(turned.m12 != 0 || turned.m11 != 0, "the rounding is there to ignore")
            let map = try #require(FrameTreeBuilder.flatAffine(turned.planeTransform))
            #expect(map.a == (angle == .pi ? -1 : 0) && map.d == map.a && map.b == -map.c && abs(map.b) == (angle == .pi ? 0 : 1),
                    "\(map)")
            let (image, tree) = try draw(opacity: 1) { root in
                let holder = CALayer()
                holder.frame = root.bounds
                holder.transform = turned
                root.addSublayer(holder)
                let layer = CAGradientLayer()
                layer.frame = CGRect(x: 1.5, y: 0.25, width: 18, height: 19.5)
                layer.colors = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
                let mask = CAShapeLayer()
                mask.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 14, height: 15), transform: nil)
                layer.mask = mask
                holder.addSublayer(layer)
            }
            #expect(tree.contains("gradient axial (0, 0, 18, 19.5) filling (2, 2, 14, 15)") && !tree.contains("clip"), "\(angle): \(tree)")
            #expect(image.pixel(10, 10)[3] == 255 && image.pixel(0, 0) == [0, 0, 0, 0])
        }
    }

    /// A half-transparent mask: drawn destination-in, in a group.
    private func halfMask(_ frame: CGRect) -> CALayer {
        let mask = CALayer()
        mask.frame = frame
        mask.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0.5)
        return mask
    }

    /// A group whose rendering is transparent shows nothing and is left out of the frame:
    /// a masked layer whose only sublayer is hidden (it clips to its bounds, so it has an
    /// extent), a shadowed one likewise, and a masked layer whose mask lies beside all it
    /// draws. A group composited source-in, which clears what lies behind it where it is
    /// transparent, stays.
    @Test func aGroupThatShowsNothingIsLeftOut() throws {
        for build: (CALayer) -> Void in [
            { root in
                let holder = CALayer()
                holder.frame = root.bounds
                holder.masksToBounds = true
                holder.mask = self.halfMask(holder.bounds)
                root.addSublayer(holder)
                self.square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 1, blue: 0, in: holder).isHidden = true
            },
            { root in
                let holder = CALayer()
                holder.frame = root.bounds
                holder.masksToBounds = true
                holder.shadowOpacity = 1
                root.addSublayer(holder)
                self.square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 1, blue: 0, in: holder).isHidden = true
            },
            { root in
                let holder = CALayer()
                holder.frame = root.bounds
                holder.mask = self.halfMask(CGRect(x: 14, y: 0, width: 6, height: 20))
                root.addSublayer(holder)
                _ = self.square(CGRect(x: 0, y: 0, width: 12, height: 20), red: 1, blue: 0, in: holder)
            },
        ] {
            let (image, tree) = try draw(opacity: 1, build)
            #expect(!tree.contains("group") && !tree.contains("blend") && !tree.contains("background"), "\(tree)")
            #expect(image.pixel(6, 10) == [0, 0, 0, 0] && image.pixel(16, 10) == [0, 0, 0, 0])
        }
        let (cleared, tree) = try draw(opacity: 1) { root in
            root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            let holder = CALayer()
            holder.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
            holder.compositingFilter = "sourceInCompositing"
            holder.masksToBounds = true
            root.addSublayer(holder)
            self.square(holder.bounds, red: 1, blue: 0, in: holder).isHidden = true
        }
        #expect(tree.contains("group"), "\(tree)")
        #expect(cleared.pixel(5, 10) == [0, 0, 0, 0] && cleared.pixel(15, 10) == [0, 0, 255, 255])
    }
}

