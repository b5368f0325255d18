import Flipbook
import FlipbookGallery
import FlipbookTestSupport
import Testing

/// Golden frames of every CATransition type and subtype: a container (masksToBounds)
/// whose face sublayer is swapped inside a transaction, from a red face with a white
/// square at its left to a blue face with a yellow circle at its right. Each row is one
/// transition at progress 0, ¼, ½, ¾ and 1.
@MainActor
@Suite(.serialized) struct TransitionGoldenTests {
    static let kinds: [(CATransitionType, CATransitionSubtype?)] = [(.fade, nil)]
        + [CATransitionType.moveIn, .push, .reveal].flatMap { type in
            [CATransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom].map { (type, $0) }
        }

    static func face(red: Bool) -> CALayer {
        let face = CALayer()
        face.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        face.backgroundColor = red ? CGColor(srgbRed: 0.9, green: 0.2, blue: 0.2, alpha: 1)
            : CGColor(srgbRed: 0.2, green: 0.3, blue: 0.9, alpha: 1)
        let mark = CAShapeLayer()
        mark.frame = face.bounds
        mark.path = red ? CGPath(rect: CGRect(x: 12, y: 24, width: 32, height: 32), transform: nil)
            : CGPath(ellipseIn: CGRect(x: 76, y: 24, width: 32, height: 32), transform: nil)
        mark.fillColor = red ? CGColor(gray: 1, alpha: 1) : CGColor(srgbRed: 1, green: 0.85, blue: 0.1, alpha: 1)
        face.addSublayer(mark)
        return face
    }

    /// One row: the transition rendered at five progresses.
    static func strip(_ type: CATransitionType, _ subtype: CATransitionSubtype?,
                      configure: (CATransition) -> Void = { _ in }) throws -> CGImage {
        let root = TestScene.root(width: 140, height: 100)
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 10, width: 120, height: 80)
        container.masksToBounds = true
        let old = face(red: true)
        container.addSublayer(old)
        root.addSublayer(container)
        AnimationHost.shared.tick()
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        transition.duration = 1
        configure(transition)
        container.add(transition, forKey: kCATransition)
        old.removeFromSuperlayer()
        container.addSublayer(face(red: false))
        AnimationHost.shared.tick()
        return try FilmStrip.render(root, size: CGSize(width: 140, height: 100), times: [0, 0.25, 0.5, 0.75, 1])
    }

    @Test func everyTypeAndSubtype() throws {
        let strips = try Self.kinds.map { try Self.strip($0.0, $0.1) }
        let sheet = try CGContext(width: strips[0].width, height: strips[0].height * strips.count)
        for (row, strip) in strips.enumerated() {
            sheet.draw(strip, in: CGRect(x: 0, y: row * strip.height, width: strip.width, height: strip.height))
        }
        let image = try CARenderer.image(of: sheet)
        #expect(Golden.compare(image) == nil)
    }

    /// Progress 0 shows exactly the old face, progress 1 exactly the new one, and the
    /// fade's midpoint is the average of the two colours.
    @Test func endpointsAndFadeMidpoint() throws {
        for (type, subtype) in Self.kinds {
            let strip = try Self.strip(type, subtype)
            #expect(strip.pixel(70, 20) == [230, 51, 51, 255], "\(type.rawValue) \(subtype?.rawValue ?? "") at 0")
            #expect(strip.pixel(4 * 140 + 70, 20) == [51, 77, 230, 255], "\(type.rawValue) \(subtype?.rawValue ?? "") at 1")
        }
        let fade = try Self.strip(.fade, nil)
        let middle = fade.pixel(2 * 140 + 70, 20)
        #expect(abs(Int(middle[0]) - 140) <= 1 && abs(Int(middle[1]) - 64) <= 1 && abs(Int(middle[2]) - 140) <= 1)
    }

    /// startProgress and endProgress crop the transition: from ½ to 1, the fade starts at
    /// its midpoint.
    @Test func progressRange() throws {
        let fade = try Self.strip(.fade, nil) { $0.startProgress = 0.5 }
        let start = fade.pixel(70, 20)
        #expect(abs(Int(start[0]) - 140) <= 1 && abs(Int(start[2]) - 140) <= 1)
        let quarter = try Self.strip(.push, .fromRight) { $0.endProgress = 0.5 }
        // Halfway through a push that ends at ½, the new face has come a quarter of the way in.
        #expect(quarter.pixel(2 * 140 + 10 + 100, 20) == [51, 77, 230, 255])
        #expect(quarter.pixel(2 * 140 + 10 + 80, 20) == [230, 51, 51, 255])
    }

    /// Push from the left at ½: the new face, coming in from the left, covers the
    /// container's left half; the old face, pushed right, its right half.
    @Test func pushFromLeftMovesRight() throws {
        let strip = try Self.strip(.push, .fromLeft)
        #expect(strip.pixel(2 * 140 + 30, 20) == [51, 77, 230, 255])
        #expect(strip.pixel(2 * 140 + 110, 20) == [230, 51, 51, 255])
    }

    /// With a Core Image filter the filter draws the blend: exact faces at the ends, and a
    /// swipe at angle 0 brings the new face in from the left (the filter's y-up space is
    /// mapped onto the layer).
    @Test func filterDrivesTheBlend() throws {
        for name in CIFilter.filterNames(inCategory: kCICategoryTransition) {
            let strip = try Self.strip(.push, .fromRight) { $0.filter = CIFilter(name: name) }
            #expect(strip.pixel(70, 20) == [230, 51, 51, 255], "\(name) at 0")
            #expect(strip.pixel(4 * 140 + 70, 20) == [51, 77, 230, 255], "\(name) at 1")
        }
        let swipe = try #require(CIFilter(name: "CISwipeTransition"))
        swipe.setValue(10.0, forKey: kCIInputWidthKey)
        let strip = try Self.strip(.fade, nil) { $0.filter = swipe }
        #expect(strip.pixel(2 * 140 + 20, 20) == [51, 77, 230, 255] && strip.pixel(2 * 140 + 120, 20) == [230, 51, 51, 255])
        // The white square of the old face sits at its left, upright: rows 24…56 from the top.
        #expect(strip.pixel(2 * 140 + 10 + 90, 10 + 30) == [230, 51, 51, 255])
        let curl = try #require(CIFilter(name: "CIPageCurlTransition"))
        curl.setValue(20.0, forKey: kCIInputRadiusKey)
        let rows = [try Self.strip(.fade, nil) { $0.filter = CIFilter(name: "CIModTransition") },
                        try Self.strip(.fade, nil) { $0.filter = curl },
                        try Self.strip(.fade, nil) { $0.filter = CIFilter(name: "CIRippleTransition") }]
        let sheet = try CGContext(width: rows[0].width, height: rows[0].height * rows.count)
        for (row, strip) in rows.enumerated() {
            sheet.draw(strip, in: CGRect(x: 0, y: row * strip.height, width: strip.width, height: strip.height))
        }
        #expect(Golden.compare(try CARenderer.image(of: sheet)) == nil)
    }
}
