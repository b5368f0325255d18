import FlipbookGraphics
import FlipbookMedia

/// A contact sheet of what FlipbookGraphics draws: fill rules, strokes, dashes, gradients,
/// image sampling, clips, blend modes, shadows and transparency layers, one labelled tile each.
public enum GraphicsContactSheet {
    /// Tile size in points.
    static let tile = CGSize(width: 200, height: 200)
    static let columns = 4

    /// The tiles in order: a name and a drawing into a 200×200 point space.
    static let tiles: [(name: String, draw: @Sendable (CGContext) -> Void)] = [
        ("star, non-zero", { star($0, rule: .winding) }),
        ("star, even-odd", { star($0, rule: .evenOdd) }),
        ("joins × caps", joinsAndCaps),
        ("dashes with phase", dashes),
        ("hairline, 0.5 px, 1 px", hairlines),
        ("axial gradient", axialGradient),
        ("radial gradients", radialGradient),
        ("image: scaled, rotated, skewed", imageTransforms),
        ("clip to path", pathClip),
        ("clip to mask", maskClip),
        ("blend modes", blendModes),
        ("transparency layer", transparencyLayer),
        ("blurred shadow", shadow),
        ("arcs and curves", arcs),
        ("rounded rects", roundedRects),
        ("Porter-Duff", porterDuff),
    ]

    /// The sheet's size in points.
    public static var size: CGSize {
        let rows = (tiles.count + columns - 1) / columns
        return CGSize(width: tile.width * CGFloat(columns), height: tile.height * CGFloat(rows))
    }

    /// Renders the sheet at `scale` pixels per point.
    public static func render(scale: CGFloat = 1) throws -> CGImage {
        let context = try CGContext(width: Int(size.width * scale), height: Int(size.height * scale))
        context.scaleBy(x: scale, y: scale)
        context.setFillColor(gray: 0.96, alpha: 1)
        context.fill(CGRect(origin: .zero, size: size))
        for (index, entry) in tiles.enumerated() {
            let origin = CGPoint(x: CGFloat(index % columns) * tile.width, y: CGFloat(index / columns) * tile.height)
            context.saveGState()
            context.translateBy(x: origin.x, y: origin.y)
            context.clip(to: CGRect(origin: .zero, size: tile).insetBy(dx: 4, dy: 4))
            context.setFillColor(gray: 1, alpha: 1)
            context.fill(CGRect(origin: .zero, size: tile))
            entry.draw(context)
            context.restoreGState()
        }
        return context.makeImage()!
    }

    /// The names of the tiles, in sheet order.
    public static var tileNames: [String] { tiles.map(\.name) }

    /// Renders one tile (200×200 points) at `scale`; `nil` for an unknown name.
    public static func renderTile(named name: String, scale: CGFloat = 1) throws -> CGImage? {
        guard let entry = tiles.first(where: { $0.name == name }) else { return nil }
        let context = try CGContext(width: Int(tile.width * scale), height: Int(tile.height * scale))
        context.scaleBy(x: scale, y: scale)
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(origin: .zero, size: tile))
        entry.draw(context)
        return context.makeImage()
    }

    /// Renders the sheet and writes it as PNG to `url`.
    public static func write(to url: URL, scale: CGFloat = 1) throws {
        try render(scale: scale).write(to: url)
    }

    // MARK: - Tiles

    static let ink = CGColor(red: 0.13, green: 0.27, blue: 0.63, alpha: 1)
    static let coral = CGColor(red: 0.94, green: 0.35, blue: 0.27, alpha: 1)
    static let gold = CGColor(red: 0.98, green: 0.75, blue: 0.18, alpha: 1)

    static func starPath(center: CGPoint, radius: CGFloat) -> CGPath {
        let path = CGMutablePath()
        for i in 0..<5 {
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let p = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    static func star(_ c: CGContext, rule: CGPathFillRule) {
        c.addPath(starPath(center: CGPoint(x: 100, y: 105), radius: 85))
        c.setFillColor(ink)
        c.fillPath(using: rule)
    }

    static func joinsAndCaps(_ c: CGContext) {
        c.setStrokeColor(ink)
        c.setLineWidth(12)
        for (row, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
            for (column, cap) in [CGLineCap.butt, .round, .square].enumerated() {
                let x = 22 + CGFloat(column) * 60, y = 30 + CGFloat(row) * 60
                c.setLineJoin(join)
                c.setLineCap(cap)
                c.move(to: CGPoint(x: x, y: y + 30))
                c.addLine(to: CGPoint(x: x + 18, y: y))
                c.addLine(to: CGPoint(x: x + 36, y: y + 30))
                c.strokePath()
            }
        }
    }

    static func dashes(_ c: CGContext) {
        c.setStrokeColor(ink)
        for i in 0..<6 {
            c.setLineWidth(6)
            c.setLineCap(i % 2 == 0 ? .butt : .round)
            c.setLineDash(phase: CGFloat(i) * 5, lengths: [20, 10])
            let y = 25 + CGFloat(i) * 22
            c.move(to: CGPoint(x: 15, y: y))
            c.addLine(to: CGPoint(x: 185, y: y))
            c.strokePath()
        }
        c.setLineDash(phase: 0, lengths: [12, 6, 2, 6])
        c.setLineWidth(3)
        c.setStrokeColor(coral)
        c.strokeEllipse(in: CGRect(x: 60, y: 150, width: 80, height: 40))
    }

    static func hairlines(_ c: CGContext) {
        c.setStrokeColor(CGColor.black)
        for (i, width) in [CGFloat(0), 0.5, 1].enumerated() {
            c.setLineWidth(width)
            let x = 30 + CGFloat(i) * 60
            for k in 0..<8 {
                c.move(to: CGPoint(x: x, y: 20 + CGFloat(k) * 20))
                c.addLine(to: CGPoint(x: x + 45, y: 28 + CGFloat(k) * 22))
            }
            c.strokePath()
        }
    }

    static func axialGradient(_ c: CGContext) {
        let gradient = CGGradient(colorsSpace: nil, colors: [coral, gold, ink], locations: [0, 0.5, 1])!
        c.saveGState()
        c.clip(to: CGRect(x: 10, y: 10, width: 180, height: 85))
        c.drawLinearGradient(gradient, start: CGPoint(x: 60, y: 0), end: CGPoint(x: 140, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        c.saveGState()
        c.clip(to: CGRect(x: 10, y: 105, width: 180, height: 85))
        c.drawLinearGradient(gradient, start: CGPoint(x: 60, y: 105), end: CGPoint(x: 140, y: 190), options: [])
        c.restoreGState()
    }

    static func radialGradient(_ c: CGContext) {
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor.white, coral, ink], locations: [0, 0.4, 1])!
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: 45, y: 55), startRadius: 0,
                             endCenter: CGPoint(x: 55, y: 55), endRadius: 45, options: [])
        c.saveGState()
        c.clip(to: CGRect(x: 105, y: 10, width: 85, height: 90))
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: 150, y: 55), startRadius: 10,
                             endCenter: CGPoint(x: 150, y: 55), endRadius: 40, options: [.drawsAfterEndLocation])
        c.restoreGState()
        c.saveGState()
        c.clip(to: CGRect(x: 10, y: 110, width: 180, height: 80))
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: 40, y: 150), startRadius: 5,
                             endCenter: CGPoint(x: 140, y: 150), endRadius: 30,
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
    }

    /// An 8×8 test card: coloured quadrants and a diagonal, good for judging sampling.
    static let testCard: CGImage = {
        var bytes = [UInt8]()
        for y in 0..<8 {
            for x in 0..<8 {
                let q = (x < 4 ? 0 : 1) + (y < 4 ? 0 : 2)
                var c: [UInt8] = [[240, 90, 70], [250, 190, 45], [35, 70, 160], [40, 160, 90]][q]
                if x == y { c = [255, 255, 255] }
                bytes += c + [255]
            }
        }
        return try! CGImage(width: 8, height: 8, pixels: Data(bytes), layout: .rgba(premultiplied: true))
    }()

    static func imageTransforms(_ c: CGContext) {
        let qualities: [CGInterpolationQuality] = [.none, .low, .high]
        for (i, quality) in qualities.enumerated() {
            c.saveGState()
            c.interpolationQuality = quality
            c.translateBy(x: 35 + CGFloat(i) * 65, y: 50)
            c.rotate(by: 0.3)
            c.draw(testCard, in: CGRect(x: -25, y: -25, width: 50, height: 50))
            c.restoreGState()
            c.saveGState()
            c.interpolationQuality = quality
            c.translateBy(x: 10 + CGFloat(i) * 65, y: 110)
            c.concatenate(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
            c.draw(testCard, in: CGRect(x: 0, y: 0, width: 30, height: 70))
            c.restoreGState()
        }
    }

    static func pathClip(_ c: CGContext) {
        c.addPath(starPath(center: CGPoint(x: 100, y: 105), radius: 90))
        c.addEllipse(in: CGRect(x: 70, y: 75, width: 60, height: 60))
        c.clip(using: .evenOdd)
        for i in 0..<10 {
            c.setFillColor(i % 2 == 0 ? ink : gold)
            c.fill(CGRect(x: 0, y: CGFloat(i) * 20, width: 200, height: 20))
        }
    }

    static func maskClip(_ c: CGContext) {
        // A soft radial mask drawn into its own context.
        guard let maskContext = try? CGContext(width: 64, height: 64) else { return }
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor.black, CGColor(gray: 0, alpha: 0)], locations: nil)!
        maskContext.drawRadialGradient(gradient, startCenter: CGPoint(x: 32, y: 32), startRadius: 8,
                                       endCenter: CGPoint(x: 32, y: 32), endRadius: 32, options: [.drawsBeforeStartLocation])
        c.clip(to: CGRect(x: 10, y: 10, width: 180, height: 180), mask: maskContext.makeImage()!)
        for i in 0..<10 {
            c.setFillColor(i % 2 == 0 ? coral : ink)
            c.fill(CGRect(x: CGFloat(i) * 20, y: 0, width: 20, height: 200))
        }
    }

    static func blendModes(_ c: CGContext) {
        let modes: [CGBlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                    .softLight, .hardLight, .difference, .exclusion, .hue, .saturation,
                                    .color, .luminosity, .plusLighter]
        for (i, mode) in modes.enumerated() {
            let x = 8 + CGFloat(i % 4) * 47, y = 8 + CGFloat(i / 4) * 47
            c.saveGState()
            c.draw(testCard, in: CGRect(x: x, y: y, width: 42, height: 42))
            c.setBlendMode(mode)
            c.setFillColor(CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8))
            c.fillEllipse(in: CGRect(x: x + 8, y: y + 8, width: 34, height: 34))
            c.restoreGState()
        }
    }

    static func porterDuff(_ c: CGContext) {
        let modes: [CGBlendMode] = [.copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn,
                                    .destinationOut, .destinationAtop, .xor, .plusDarker, .clear, .normal]
        for (i, mode) in modes.enumerated() {
            let x = 10 + CGFloat(i % 4) * 47, y = 10 + CGFloat(i / 4) * 62
            c.saveGState()
            c.clip(to: CGRect(x: x, y: y, width: 42, height: 56))
            c.beginTransparencyLayer(auxiliaryInfo: nil)
            c.setFillColor(ink)
            c.fill(CGRect(x: x, y: y, width: 28, height: 28))
            c.setBlendMode(mode)
            c.setFillColor(coral)
            c.fillEllipse(in: CGRect(x: x + 12, y: y + 12, width: 28, height: 28))
            c.endTransparencyLayer()
            c.restoreGState()
        }
    }

    static func transparencyLayer(_ c: CGContext) {
        c.setFillColor(gold)
        c.fill(CGRect(x: 20, y: 90, width: 160, height: 20))
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(ink)
        c.fillEllipse(in: CGRect(x: 30, y: 40, width: 90, height: 90))
        c.setFillColor(coral)
        c.fillEllipse(in: CGRect(x: 80, y: 70, width: 90, height: 90))
        c.endTransparencyLayer()
    }

    static func shadow(_ c: CGContext) {
        c.setShadow(offset: CGSize(width: 6, height: 8), blur: 10, color: CGColor(gray: 0, alpha: 0.6))
        c.setFillColor(coral)
        c.addPath(CGPath(roundedRect: CGRect(x: 30, y: 30, width: 110, height: 80), cornerWidth: 16,
                         cornerHeight: 16, transform: nil))
        c.fillPath()
        c.setFillColor(ink)
        c.fillEllipse(in: CGRect(x: 90, y: 100, width: 80, height: 80))
    }

    static func arcs(_ c: CGContext) {
        c.setLineWidth(8)
        c.setStrokeColor(ink)
        c.addArc(center: CGPoint(x: 60, y: 60), radius: 40, startAngle: 0, endAngle: .pi * 1.5, clockwise: false)
        c.strokePath()
        c.setStrokeColor(coral)
        c.addArc(center: CGPoint(x: 145, y: 60), radius: 40, startAngle: 0, endAngle: .pi * 1.5, clockwise: true)
        c.strokePath()
        c.setStrokeColor(CGColor.black)
        c.setLineWidth(3)
        c.move(to: CGPoint(x: 15, y: 180))
        c.addCurve(to: CGPoint(x: 185, y: 180), control1: CGPoint(x: 40, y: 60), control2: CGPoint(x: 160, y: 230))
        c.strokePath()
        c.move(to: CGPoint(x: 20, y: 120))
        c.addArc(tangent1End: CGPoint(x: 100, y: 120), tangent2End: CGPoint(x: 100, y: 190), radius: 30)
        c.addLine(to: CGPoint(x: 100, y: 190))
        c.setStrokeColor(gold)
        c.strokePath()
    }

    static func roundedRects(_ c: CGContext) {
        for i in 0..<4 {
            let r = CGRect(x: 15 + CGFloat(i) * 10, y: 15 + CGFloat(i) * 40, width: 170 - CGFloat(i) * 20, height: 30)
            c.addPath(CGPath(roundedRect: r, cornerWidth: CGFloat(i) * 5, cornerHeight: CGFloat(i) * 5, transform: nil))
            c.setFillColor([ink, coral, gold, ink][i].copy(alpha: 0.7)!)
            c.setStrokeColor(CGColor.black)
            c.setLineWidth(2)
            c.drawPath(using: .fillStroke)
        }
    }
}
