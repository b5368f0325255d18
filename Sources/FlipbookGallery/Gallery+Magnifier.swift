import FlipbookAnimation
import FlipbookComponents
import FlipbookGraphics
import FlipbookUI

extension Gallery {
    /// Seed 003's loupe over a drawn town, one short pass of its path.
    static let magnifierScene = GalleryScene(
        name: "magnifier", title: "Seed 003 · MagnifierView",
        summary: "The \"analysing the image\" loupe: a 2× circle wandering between centre-biased points and back to the centre, seamlessly.",
        size: CGSize(width: 360, height: 270)
    ) { size, settings in
        let magnifier = MagnifierView()
        magnifier.image = townPicture(size: size, scale: 2 * settings.scale).map { UIImage(cgImage: $0, scale: 2 * settings.scale, orientation: .up) }
        magnifier.loupeDiameter = min(size.width, size.height) * 0.45
        magnifier.loupeBorderWidth = 3
        magnifier.moveCount = 4
        magnifier.randomSeed = settings.randomSeed
        return windowStage(size: size, duration: magnifier.path?.duration ?? 0, view: magnifier) { _ in
            magnifier.startAnimating()
        }
    }

    /// A dusk sky, a sun, hills and a row of houses with lit windows: detail worth magnifying.
    static func townPicture(size: CGSize, scale: CGFloat) -> CGImage? {
        guard let context = try? CGContext(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded())) else {
            return nil
        }
        context.scaleBy(x: scale, y: scale)
        let sky = CGGradient(colorsSpace: nil, colors: [CGColor(srgbRed: 0.15, green: 0.2, blue: 0.45, alpha: 1),
                                                        CGColor(srgbRed: 0.95, green: 0.55, blue: 0.35, alpha: 1)],
                             locations: [0, 1])
        if let sky { context.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: size.height * 0.75), options: [.drawsAfterEndLocation]) }
        context.setFillColor(CGColor(srgbRed: 1, green: 0.85, blue: 0.4, alpha: 1))
        context.fillEllipse(in: CGRect(x: size.width * 0.62, y: size.height * 0.22, width: size.width * 0.16, height: size.width * 0.16))
        let hills = CGMutablePath()
        hills.move(to: CGPoint(x: 0, y: size.height * 0.62))
        hills.addCurve(to: CGPoint(x: size.width, y: size.height * 0.58),
                       control1: CGPoint(x: size.width * 0.3, y: size.height * 0.4),
                       control2: CGPoint(x: size.width * 0.6, y: size.height * 0.75))
        hills.addLine(to: CGPoint(x: size.width, y: size.height))
        hills.addLine(to: CGPoint(x: 0, y: size.height))
        hills.closeSubpath()
        context.setFillColor(CGColor(srgbRed: 0.2, green: 0.35, blue: 0.3, alpha: 1))
        context.addPath(hills)
        context.fillPath()
        var random = SeededRandom(seed: 3)
        let houseWidth = size.width / 9
        for index in 0..<9 {
            let height = size.height * CGFloat(0.12 + 0.1 * Double(random.next() % 100) / 100)
            let house = CGRect(x: CGFloat(index) * houseWidth, y: size.height - height, width: houseWidth - 2, height: height)
            context.setFillColor(CGColor(srgbRed: 0.12 + 0.05 * CGFloat(index % 3), green: 0.12, blue: 0.18, alpha: 1))
            context.fill(house)
            context.setFillColor(CGColor(srgbRed: 1, green: 0.9, blue: 0.5, alpha: 1))
            for row in 0..<Int(height / 12) {
                for column in 0..<2 where random.next() % 3 != 0 {
                    context.fill(CGRect(x: house.minX + 4 + CGFloat(column) * houseWidth / 2, y: house.minY + 5 + CGFloat(row) * 12,
                                        width: houseWidth / 4, height: 6))
                }
            }
        }
        return context.makeImage()
    }
}
