@testable import FlipbookUI
import FlipbookAnimation
import FlipbookGraphics
import FlipbookTestSupport
import Foundation
import Testing

@MainActor
@Suite(.serialized) struct UIComponentTests {
    @Test func fontsResolveThroughFontconfig() throws {
        #expect(UIFont(name: "No Such Font 123", size: 12) == nil)
        let serif = try #require(UIFont(name: "DejaVu Serif", size: 20))
        #expect(serif.familyName == "DejaVu Serif" && serif.pointSize == 20)
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(body.pointSize == 17 && body.familyName == "DejaVu Sans")
        #expect(body.lineHeight > 17 && body.lineHeight < 25)
        #expect(UIFont.systemFont(ofSize: 10).withSize(30).pointSize == 30)
    }

    @Test func labelsSizeAndDrawTheirText() throws {
        let window = makeWindow()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "Flipbook"
        label.textColor = .red
        window.addSubview(label)
        AnimationHost.shared.tick()
        let natural = label.intrinsicContentSize
        #expect(natural.width > 60 && natural.width < 90 && natural.height >= 19 && natural.height <= 21)
        let image = try #require(label.layer.contents as? CGImage)
        // Red ink in the left part, vertically centred; the right part and the top are empty.
        let inked = (0..<image.height).filter { y in (0..<90).contains { image.pixel($0, y)[0] > 128 } }
        #expect(!inked.isEmpty && inked.first! > 20 && inked.last! < 100)
        #expect((0..<image.height).allSatisfy { image.pixel(500, $0)[3] == 0 })
        label.numberOfLines = 0
        label.text = "one two three four five six seven"
        #expect(label.sizeThatFits(CGSize(width: 100, height: 0)).height > natural.height * 2)
        #expect(label.isUserInteractionEnabled == false)
    }

    @Test func buttonsLayOutTitleAndImageAndFadeWhenHighlighted() throws {
        let dot = try #require(UIColor.green.uiImage(size: CGSize(width: 10, height: 10)))
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Go"
        configuration.image = dot
        configuration.imagePadding = 6
        configuration.cornerStyle = .capsule
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
        button.layoutIfNeeded()
        let title = try #require(button.titleLabel), image = try #require(button.imageView)
        #expect(image.frame.maxX + 6 == title.frame.minX)
        #expect(abs((image.frame.minX + title.frame.maxX) / 2 - 60) < 0.5)
        #expect(button.layer.cornerRadius == 22 && button.layer.backgroundColor == UIColor.systemBlue.cgColor)
        #expect(title.textColor == .white)
        let size = button.intrinsicContentSize
        #expect(size.width == title.intrinsicContentSize.width + 6 + 10 + 24 && size.height == title.intrinsicContentSize.height + 14)

        let system = UIButton(type: .system)
        system.setTitle("Tap", for: .normal)
        system.setTitle("Down", for: .highlighted)
        #expect(system.currentTitle == "Tap" && system.titleLabel?.textColor == UIColor.systemBlue)
        system.isHighlighted = true
        #expect(system.currentTitle == "Down")
        #expect(system.titleLabel?.textColor == UIColor.systemBlue.withAlphaComponent(0.2))
        let custom = UIButton(type: .custom)
        custom.setTitle("x", for: .normal)
        #expect(custom.titleLabel?.textColor == .white)
    }

    @Test func imageViewsShowTheirImageAndPlayFrames() throws {
        let red = try #require(UIColor.red.uiImage(size: CGSize(width: 4, height: 2)))
        let blue = try #require(UIColor.blue.uiImage(size: CGSize(width: 4, height: 2)))
        let view = UIImageView(image: red)
        #expect(view.frame.size == CGSize(width: 4, height: 2) && view.intrinsicContentSize == red.size)
        #expect(view.layer.contents as? CGImage === red.cgImage && view.layer.contentsScale == 3)
        view.contentMode = .scaleAspectFit
        #expect(view.layer.contentsGravity == .resizeAspect)
        view.highlightedImage = blue
        view.isHighlighted = true
        #expect(view.layer.contents as? CGImage === blue.cgImage)
        let window = makeWindow()
        let player = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 2))
        commit(player, in: window)
        player.animationImages = [red, blue]
        player.animationDuration = 1
        player.startAnimating()
        tick(at: 0)
        #expect(player.isAnimating)
        tick(at: 0.25)
        #expect(player.shown.contents as? CGImage === red.cgImage)
        tick(at: 0.75)
        #expect(player.shown.contents as? CGImage === blue.cgImage)
        player.stopAnimating()
        #expect(!player.isAnimating)
    }

    @Test func activityIndicatorsSpinWhileAnimating() throws {
        let window = makeWindow()
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 50, y: 50)
        window.addSubview(spinner)
        #expect(spinner.isHidden && spinner.frame.size == CGSize(width: 37, height: 37))
        spinner.startAnimating()
        AnimationHost.shared.tick()
        #expect(!spinner.isHidden && spinner.isAnimating)
        let renderer = CARenderer(layer: window.layer, bounds: CGRect(x: 0, y: 0, width: 100, height: 100), scale: 2)
        let first = try renderer.render(at: 0.3), later = try renderer.render(at: 0.55)
        #expect(first.premultipliedBytes != later.premultipliedBytes)
        #expect(Golden.compare(first) == nil)
        spinner.stopAnimating()
        #expect(spinner.isHidden)
    }
}
