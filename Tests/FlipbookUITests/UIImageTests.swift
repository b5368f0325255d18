import FlipbookFilters
import FlipbookGraphics
import FlipbookTestSupport
import FlipbookUI
import Foundation
import Testing

/// UIImage: where images come from, their sizes and scales, orientations and caps.
@Suite struct UIImageTests {
    /// A `width` × `height` image whose pixels `color(x, y)` gives, at scale 1.
    private func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            for y in 0..<height {
                for x in 0..<width {
                    color(x, y).setFill()
                    context.fill(CGRect(x: x, y: y, width: 1, height: 1))
                }
            }
        }
    }

    /// `image` drawn into `rect` of a `size` canvas at scale 1.
    private func drawn(_ image: UIImage, in rect: CGRect, canvas size: CGSize) throws -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return try #require(UIGraphicsImageRenderer(size: size, format: format).image { _ in image.draw(in: rect) }.cgImage)
    }

    @Test func filesDataAndNames() throws {
        let folder = try TemporaryDirectory()
        let png = try #require(image(6, 4) { _, _ in .red }.pngData())
        try png.write(to: folder.url.appendingPathComponent("icon@2x.png"))
        try png.write(to: folder.url.appendingPathComponent("icon.png"))
        try png.write(to: folder.url.appendingPathComponent("photo.jpeg"))
        let fromFile = try #require(UIImage(contentsOfFile: folder.url.appendingPathComponent("icon@2x.png").path))
        #expect(fromFile.scale == 2 && fromFile.size == CGSize(width: 3, height: 2))
        #expect(UIImage(data: png)?.size == CGSize(width: 6, height: 4))
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/x.png") == nil)

        let saved = UIImage.resourceFolders
        defer { UIImage.resourceFolders = saved }
        UIImage.resourceFolders = [folder.url]
        // The @2x variant first, as on a Retina screen; an exact name as written.
        #expect(UIImage(named: "icon")?.scale == 2)
        #expect(UIImage(named: "icon.png")?.scale == 2)
        #expect(UIImage(named: "photo")?.size == CGSize(width: 6, height: 4))
        #expect(UIImage(named: "missing") == nil && UIImage(named: "") == nil)
    }

    @Test func emptyAndCoreImageImages() throws {
        let empty = UIImage()
        #expect(empty.size == .zero && empty.cgImage == nil && empty.pngData() == nil)
        let recipe = CIImage(color: CIColor(red: 0, green: 0, blue: 1)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 2))
        let image = UIImage(ciImage: recipe, scale: 2, orientation: .up)
        #expect(image.cgImage == nil && image.size == CGSize(width: 2, height: 1))
        #expect(try drawn(image, in: CGRect(x: 0, y: 0, width: 2, height: 1), canvas: CGSize(width: 2, height: 1)).pixel(1, 0) == [0, 0, 255, 255])
    }

    /// Orientations: sideways ones swap the size; drawing turns the stored pixels upright.
    /// The stored picture is red on the left, blue on the right.
    @Test func orientations() throws {
        let stored = try #require(image(2, 1) { x, _ in x == 0 ? .red : .blue }.cgImage)
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let cases: [(UIImage.Orientation, CGSize, (first: [UInt8], second: [UInt8]))] = [
            (.up, CGSize(width: 2, height: 1), (red, blue)),
            (.down, CGSize(width: 2, height: 1), (blue, red)),
            (.upMirrored, CGSize(width: 2, height: 1), (blue, red)),
            (.downMirrored, CGSize(width: 2, height: 1), (red, blue)),
            // Turned a quarter clockwise, the left edge comes to the top.
            (.right, CGSize(width: 1, height: 2), (red, blue)),
            (.left, CGSize(width: 1, height: 2), (blue, red)),
            // Turned, then flipped across (which a one-pixel column does not show).
            (.leftMirrored, CGSize(width: 1, height: 2), (red, blue)),
            (.rightMirrored, CGSize(width: 1, height: 2), (blue, red)),
        ]
        for (orientation, size, expected) in cases {
            let oriented = UIImage(cgImage: stored, scale: 1, orientation: orientation)
            #expect(oriented.size == size, "\(orientation)")
            let canvas = try drawn(oriented, in: CGRect(origin: .zero, size: size), canvas: size)
            let second = size.width > 1 ? canvas.pixel(1, 0) : canvas.pixel(0, 1)
            #expect(canvas.pixel(0, 0) == expected.first && second == expected.second, "\(orientation)")
        }
    }

    /// The mirrored sideways orientations are EXIF's transpose and transverse: flips across
    /// a diagonal.
    @Test func mirroredSideways() throws {
        let colors: [UIColor] = [.red, .blue, .green, .white]  // top row red, blue; bottom row green, white
        let stored = try #require(image(2, 2) { x, y in colors[y * 2 + x] }.cgImage)
        let bytes: [UIColor: [UInt8]] = [.red: [255, 0, 0, 255], .blue: [0, 0, 255, 255], .green: [0, 255, 0, 255], .white: [255, 255, 255, 255]]
        for (orientation, expected) in [(UIImage.Orientation.leftMirrored, [UIColor.red, .green, .blue, .white]),
                                        (.rightMirrored, [.white, .blue, .green, .red])] {
            let canvas = try drawn(UIImage(cgImage: stored, scale: 1, orientation: orientation),
                                   in: CGRect(x: 0, y: 0, width: 2, height: 2), canvas: CGSize(width: 2, height: 2))
            let seen = [canvas.pixel(0, 0), canvas.pixel(1, 0), canvas.pixel(0, 1), canvas.pixel(1, 1)]
            #expect(seen == expected.map { bytes[$0]! }, "\(orientation)")
        }
    }

    /// Caps keep their size; the edges and middle stretch (or tile) between them.
    @Test func resizableCaps() throws {
        // A 3 × 3 picture: red corners, green edges, a blue middle.
        let picture = image(3, 3) { x, y in
            let edgeX = x != 1, edgeY = y != 1
            return edgeX && edgeY ? .red : edgeX || edgeY ? .green : .blue
        }
        let caps = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        for mode in [UIImage.ResizingMode.stretch, .tile] {
            let canvas = try drawn(picture.resizableImage(withCapInsets: caps, resizingMode: mode),
                                   in: CGRect(x: 0, y: 0, width: 9, height: 6), canvas: CGSize(width: 9, height: 6))
            #expect(canvas.pixel(0, 0) == [255, 0, 0, 255] && canvas.pixel(8, 5) == [255, 0, 0, 255], "\(mode)")
            #expect(canvas.pixel(4, 0) == [0, 255, 0, 255] && canvas.pixel(0, 3) == [0, 255, 0, 255], "\(mode)")
            #expect(canvas.pixel(4, 3) == [0, 0, 255, 255] && canvas.pixel(1, 1) == [0, 0, 255, 255], "\(mode)")
        }
        // Without caps the whole picture stretches: the corner grows.
        let plain = try drawn(picture, in: CGRect(x: 0, y: 0, width: 9, height: 6), canvas: CGSize(width: 9, height: 6))
        #expect(plain.pixel(1, 0) == [255, 0, 0, 255])
    }

    @Test func encodings() throws {
        let picture = image(5, 3) { x, _ in x < 2 ? .red : .white }
        #expect(UIImage(data: try #require(picture.pngData()))?.cgImage?.pixel(0, 0) == [255, 0, 0, 255])
        let jpeg = try #require(picture.jpegData(compressionQuality: 0.9))
        #expect(UIImage(data: jpeg)?.size == CGSize(width: 5, height: 3))
    }
}
