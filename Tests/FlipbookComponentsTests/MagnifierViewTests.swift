@testable import FlipbookComponents
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

@MainActor @Suite(.serialized)
struct MagnifierViewTests {
    /// The loupe's centre `time` seconds into a pass of `path`.
    private func centre(of path: LoupePath, at time: Double) -> CGPoint {
        var start = 0.0
        for move in path.moves {
            if time <= start + move.duration {
                let f = (time - start) / move.duration
                return CGPoint(x: move.from.x + (move.to.x - move.from.x) * f, y: move.from.y + (move.to.y - move.from.y) * f)
            }
            start += move.duration
        }
        return path.moves[0].from
    }

    /// A 200 × 150 picture whose red grows left to right and green top to bottom.
    private func rampImage() throws -> UIImage {
        let context = try CGContext(width: 200, height: 150)
        for x in 0..<200 {
            for y in stride(from: 0, to: 150, by: 1) {
                context.setFillColor(CGColor(red: CGFloat(x) / 199, green: CGFloat(y) / 149, blue: 0.5, alpha: 1))
                context.fill(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return UIImage(cgImage: try #require(context.makeImage()))
    }

    @Test(arguments: [1, 7, 42] as [UInt64])
    func thePathKeepsTheArticlesRules(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let size = CGSize(width: 300, height: 200)
        let path = LoupePath(size: size, using: &random)
        #expect(path.moves.count == 11, "ten moves and the move back")
        #expect(path.moves.first?.from == CGPoint(x: 150, y: 100) && path.moves.last?.to == CGPoint(x: 150, y: 100))
        for (move, next) in zip(path.moves, path.moves.dropFirst()) { #expect(move.to == next.from) }
        for move in path.moves {
            #expect(move.from != move.to, "never the same point twice in a row")
            #expect(move.duration == 1 || move.duration == 2)
        }
        for point in path.points.dropFirst().dropLast() {
            #expect(point.x >= 60 && point.x <= 240 && point.y >= 40 && point.y <= 160, "inside the 0.2–0.8 box")
            #expect(LoupePath.fractions.contains(point.x / 300) && LoupePath.fractions.contains(point.y / 200))
        }
        #expect(path.duration == path.moves.map(\.duration).reduce(0, +))
        #expect(path.keyTimes.first == 0 && path.keyTimes.last == 1 && path.keyTimes == path.keyTimes.sorted())
        var again = SeededRandom(seed: seed)
        #expect(LoupePath(size: size, using: &again) == path, "the same seed, the same path")
    }

    @Test func theLoupeMagnifiesWhatIsUnderItAndLoops() throws {
        let window = makeWindow(size: CGSize(width: 200, height: 150))
        defer { withExtendedLifetime(window) {} }
        let magnifier = MagnifierView(frame: window.bounds)
        magnifier.image = try rampImage()
        magnifier.loupeDiameter = 80
        magnifier.randomSeed = 3
        window.addSubview(magnifier)
        AnimationHost.shared.tick()
        let hidden = try frame(window, at: 0)
        magnifier.startAnimating()
        AnimationHost.shared.tick()
        let path = try #require(magnifier.path)
        // Before it starts the picture is plain: 50 points right of the centre shows x = 150.
        #expect(abs(Int(hidden.pixel(150, 75)[0]) - 150 * 255 / 199) <= 2)

        for time in [0.5, 2.25, path.duration * 0.7] {
            tick(at: time)
            let c = centre(of: path, at: time)
            let image = try frame(window, at: time)
            // Inside the loupe, 30 points right of its centre shows the picture 15 points
            // right of it; outside, the picture is as it is.
            let x = Int(c.x.rounded()), y = Int(c.y.rounded())
            let inside = image.pixel(x + 30, y), centreColour = image.pixel(x, y)
            #expect(abs(Double(inside[0]) - (c.x + 15) / 199 * 255) <= 3, "\(inside) at \(c), t = \(time)")
            #expect(abs(Double(centreColour[1]) - c.y / 149 * 255) <= 3)
            if x + 50 < 200 {
                #expect(abs(Double(image.pixel(x + 50, y)[0]) - Double(x + 50) / 199 * 255) <= 3)
            }
        }
        // The pass repeats for ever: a pass later, the loupe is where it was.
        let loupe = try #require(magnifier.subviews.last?.subviews.first?.layer.mask)
        tick(at: 2.25)
        let first = loupe.presentation()?.position
        tick(at: 2.25 + path.duration)
        #expect(first != nil && loupe.presentation()?.position == first)
        let c = centre(of: path, at: 2.25)
        #expect(first.map { abs($0.x - c.x * 2) < 1e-6 && abs($0.y - c.y * 2) < 1e-6 } == true)
        #expect(Golden.compare(try frame(window, at: 2.25 + path.duration, scale: 1)) == nil)

        magnifier.stopAnimating()
        AnimationHost.shared.tick()
        #expect(!magnifier.isAnimating && magnifier.path == nil)
        #expect(try frame(window, at: 30).pixel(150, 75) == hidden.pixel(150, 75))
    }

    /// The optional rim follows the loupe: a ring of its colour at the loupe's edge, the
    /// magnified picture inside; without a width there is none.
    @Test func theRimFollowsTheLoupe() throws {
        for width in [0.0, 4.0] as [CGFloat] {
            let window = makeWindow(size: CGSize(width: 200, height: 150))
            defer { withExtendedLifetime(window) {} }
            let magnifier = MagnifierView(frame: window.bounds)
            magnifier.image = try rampImage()
            magnifier.loupeDiameter = 80
            magnifier.loupeBorderWidth = width
            magnifier.loupeBorderColor = .white
            magnifier.randomSeed = 3
            window.addSubview(magnifier)
            magnifier.startAnimating()
            AnimationHost.shared.tick()
            let path = try #require(magnifier.path)
            tick(at: 1.3)
            let c = centre(of: path, at: 1.3)
            let image = try frame(window, at: 1.3)
            let x = Int(c.x.rounded()), y = Int(c.y.rounded())
            let edge = image.pixel(x, y - 38), inside = image.pixel(x, y - 30)
            let white = edge[0] > 250 && edge[1] > 250 && edge[2] > 250
            #expect(white == (width > 0), "width \(width): \(edge) at the loupe's top edge, centre \(c)")
            #expect(inside[2] < 140, "inside is the picture (blue 0.5): \(inside)")
        }
    }
}
