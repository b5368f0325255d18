@testable import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// Recipes of bitmaps and mixes render straight in 8-bit: the bytes must be the ones
/// rendering in floating point gives, pixel for pixel.
@Suite struct ByteRowTests {
    /// How many bytes of the image over `rect` differ between the two paths, after checking
    /// the 8-bit path is the one taken; and the 8-bit path's bytes.
    private func mismatches(_ image: CIImage, over rect: CGRect) throws -> (count: Int, bytes: [UInt8]) {
        #expect(image.node.prepared(for: rect, threads: 1).byteRows != nil)
        let context = CIContext()
        let direct = try context.render(image, from: rect).premultipliedBytes
        let float = try context.render(image.materialized(over: rect), from: rect).premultipliedBytes
        return (zip(direct, float).count(where: { $0 != $1 }) + abs(direct.count - float.count), direct)
    }

    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (Int, Int, Int, Int)) throws -> CIImage {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                bytes += [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
            }
        }
        return CIImage(cgImage: try CGImage(width: width, height: height, pixels: Data(bytes), layout: .rgba(premultiplied: true)))
    }

    private func dissolve(_ a: CIImage, _ b: CIImage, _ time: Double) -> CIImage {
        a.applyingFilter("CIDissolveTransition", parameters: [kCIInputTargetImageKey: b, kCIInputTimeKey: time])
    }

    /// Every pair of opaque codes meets in each channel of these two pictures, so a uniform
    /// mix's table is checked whole against linear light.
    @Test(arguments: [0.001, 0.25, 0.5, 0.73, 0.999])
    func everyOpaquePairMixesAsInLinearLight(time: Double) throws {
        let a = try image(256, 256) { x, y in (x, y, 255 - x, 255) }
        let b = try image(256, 256) { x, y in (y, x, (x * 7 + y) % 256, 255) }
        let (count, bytes) = try mismatches(dissolve(a, b, time), over: a.extent)
        #expect(count == 0)
        // Not a copy of either picture.
        #expect(bytes != a.cgImageBytes && bytes != b.cgImageBytes)
    }

    /// Translucent and clear pixels go through linear light one by one.
    @Test func translucentPixelsMix() throws {
        let a = try image(64, 64) { x, y in let alpha = x * 4; return (min(y * 4, alpha), alpha / 2, alpha, alpha) }
        let b = try image(64, 64) { x, y in (y, x, 0, (x + y) % 3 == 0 ? 255 : 255 - 3 * x) }
        for time in [0.0, 0.3, 0.6, 1.0] {
            #expect(try mismatches(dissolve(a, b, time), over: a.extent).count == 0, "time \(time)")
        }
    }

    /// A soft swipe at any angle: settled runs copied, the edge mixed.
    @Test(arguments: [0, 0.7, Double.pi / 2, 2.5, Double.pi, -1.2])
    func swipesMatch(angle: Double) throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        for time in [0.25, 0.5, 0.75] {
            let swipe = a.applyingFilter("CISwipeTransition", parameters: [
                kCIInputTargetImageKey: b, kCIInputTimeKey: time, kCIInputAngleKey: angle, kCIInputWidthKey: 30,
                kCIInputExtentKey: CIVector(cgRect: a.extent)])
            // Also beyond the pictures, where both are clear.
            #expect(try mismatches(swipe, over: CGRect(x: -10, y: -5, width: 140, height: 100)).count == 0, "angle \(angle), time \(time)")
        }
    }

    /// Mod's holes: weights from a function, copied where 0 or 1, mixed between.
    @Test func modMatches() throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let mod = a.applyingFilter("CIModTransition", parameters: [
            kCIInputTargetImageKey: b, kCIInputTimeKey: 0.4, kCIInputCenterKey: CIVector(x: 60, y: 45), kCIInputRadiusKey: 20])
        #expect(try mismatches(mod, over: a.extent).count == 0)
    }

    /// The flash: copies, its colour and two tables where the light is none or full, linear
    /// light at the rays' soft ends, before and during the fade — over opaque pictures and
    /// over translucent ones, and beyond them.
    @Test(arguments: [0.001, 0.2, 0.5, 0.84, 0.86, 0.95, 0.999])
    func flashMatches(time: Double) throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let see = try image(64, 48) { x, y in let alpha = (x * 4 + y) % 256; return (min(y * 5, alpha), alpha / 2, alpha, alpha) }
        for (source, target) in [(a, b), (see, b), (a, see)] {
            let flash = source.applyingFilter("CIFlashTransition", parameters: [
                kCIInputTargetImageKey: target, kCIInputTimeKey: time, kCIInputCenterKey: CIVector(x: 40, y: 30),
                kCIInputExtentKey: CIVector(x: 0, y: 0, z: 60, w: 45), kCIInputColorKey: CIColor(red: 1, green: 0.33, blue: 0.54)])
            #expect(try mismatches(flash, over: CGRect(x: -4, y: -3, width: 130, height: 100)).count == 0, "time \(time)")
        }
    }

    /// The ripple: flat ground copied (tinted by the shading image's centre through a table
    /// where opaque), the swell bent in floating point — with and without a shading image,
    /// over opaque and translucent pictures, from before the swell has left its centre to
    /// after it has crossed the extent, and beyond the pictures.
    @Test(arguments: [0.01, 0.2, 0.45, 0.7, 0.97])
    func ripplesMatch(time: Double) throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let see = try image(64, 48) { x, y in let alpha = (x * 4 + y) % 256; return (min(y * 5, alpha), alpha / 2, alpha, alpha) }
        let shading = try image(40, 40) { x, y in let alpha = 255 - 4 * abs(x - 20) - 3 * abs(y - 20); return (alpha, alpha * 3 / 4, alpha / 2, alpha) }
        for (source, target) in [(a, b), (see, b), (a, see)] {
            for (center, shade) in [(CIVector(x: 40, y: 30), shading), (CIVector(x: 40.3, y: 30.6), nil), (CIVector(x: -20, y: 70), shading)] {
                var parameters: [String: Any] = [kCIInputTargetImageKey: target, kCIInputTimeKey: time, kCIInputCenterKey: center,
                                                 kCIInputExtentKey: CIVector(x: 0, y: 0, z: 120, w: 90), kCIInputWidthKey: 20, kCIInputScaleKey: 12]
                parameters[kCIInputShadingImageKey] = shade
                let ripple = source.applyingFilter("CIRippleTransition", parameters: parameters)
                #expect(try mismatches(ripple, over: CGRect(x: -4, y: -3, width: 130, height: 100)).count == 0, "time \(time), centre \(center)")
            }
        }
    }

    /// The page curl: the flat page and the bare target copied, the curl, the turned page
    /// lying on top and the shadow worked out in floating point — at angles along the rows
    /// and across them, with and without a shadow, a backside and a shading image, over
    /// opaque and translucent pictures, and beyond them as the turned page grows the extent.
    @Test(arguments: [0, 3, Double.pi / 2, -1.2])
    func pageCurlsMatch(angle: Double) throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let see = try image(64, 48) { x, y in let alpha = (x * 4 + y) % 256; return (min(y * 5, alpha), alpha / 2, alpha, alpha) }
        let shading = try image(40, 40) { x, y in let alpha = 255 - 4 * abs(x - 20) - 3 * abs(y - 20); return (alpha, alpha * 3 / 4, alpha / 2, alpha) }
        for (source, target) in [(a, b), (see, b), (a, see)] {
            for time in [0.2, 0.55, 0.9] {
                let curl = source.applyingFilter("CIPageCurlTransition", parameters: [
                    kCIInputTargetImageKey: target, kCIInputTimeKey: time, kCIInputAngleKey: angle, kCIInputRadiusKey: 15,
                    kCIInputExtentKey: CIVector(x: 5, y: 5, z: 100, w: 70)])
                let shadowed = source.applyingFilter("CIPageCurlWithShadowTransition", parameters: [
                    kCIInputTargetImageKey: target, kCIInputTimeKey: time, kCIInputAngleKey: angle, kCIInputRadiusKey: 15,
                    "inputBacksideImage": see, kCIInputExtentKey: CIVector(x: 5, y: 5, z: 100, w: 70),
                    "inputShadowSize": 0.8, "inputShadowAmount": 0.9, "inputShadowExtent": CIVector(x: 10, y: 10, z: 60, w: 50)])
                let shaded = source.applyingFilter("CIPageCurlTransition", parameters: [
                    kCIInputTargetImageKey: target, kCIInputTimeKey: time, kCIInputAngleKey: angle, kCIInputRadiusKey: 15,
                    kCIInputShadingImageKey: shading, kCIInputExtentKey: CIVector(x: 5, y: 5, z: 100, w: 70)])
                for (name, image) in [("curl", curl), ("shadow", shadowed), ("shading", shaded)] {
                    #expect(try mismatches(image, over: CGRect(x: -90, y: -60, width: 300, height: 220)).count == 0, "\(name), time \(time)")
                }
            }
        }
    }

    /// A row of pixels of the page curl, which reads the page and the target lying flat as
    /// rows, gives the same floats as the same points asked for as points — at angles along
    /// the rows and across them, over the turned page's whole stay, with an opaque page and
    /// a translucent one.
    @Test(arguments: [0, 3, Double.pi / 2, -1.2])
    func pageCurlRowsAreTheirPoints(angle: Double) throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let see = try image(64, 48) { x, y in let alpha = (x * 4 + y) % 256; return (min(y * 5, alpha), alpha / 2, alpha, alpha) }
        for (time, page) in [0.2, 0.55, 0.9].flatMap({ time in [(time, a), (time, see)] }) {
            let curl = page.applyingFilter("CIPageCurlTransition", parameters: [
                kCIInputTargetImageKey: b, kCIInputTimeKey: time, kCIInputAngleKey: angle, kCIInputRadiusKey: 15,
                kCIInputExtentKey: CIVector(x: 5, y: 5, z: 100, w: 70)])
            let rect = CGRect(x: -90, y: -60, width: 300, height: 220)
            let node = curl.node.prepared(for: rect, threads: 1), scratch = Scratch(capacity: 300)
            var rows = [SIMD4<Float>](repeating: .zero, count: 300), points = rows
            var differing = 0
            for row in -60..<160 {
                let y = Double(row) + 0.5, centres = (0..<300).map { SIMD2(-90 + Double($0) + 0.5, y) }
                rows.withUnsafeMutableBufferPointer { node.render(.row(x: -90, y: y, count: 300), into: $0, scratch: scratch) }
                centres.withUnsafeBufferPointer { centres in
                    points.withUnsafeMutableBufferPointer { node.render(.points(centres), into: $0, scratch: scratch) }
                }
                differing += zip(rows, points).count { $0 != $1 }
            }
            #expect(differing == 0, "time \(time)")
        }
    }

    /// Pictures of different sizes, and a region that starts inside them.
    @Test func differentSizesMatch() throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target(width: 50, height: 40))
        #expect(try mismatches(dissolve(a, b, 0.35), over: CGRect(x: 20, y: 10, width: 90, height: 70)).count == 0)
    }

    /// Crops to whole pixels keep the 8-bit path: clear outside, the input inside.
    @Test func cropsToWholePixelsMatch() throws {
        let a = CIImage(cgImage: FilterTestImages.source()), b = CIImage(cgImage: FilterTestImages.target())
        let region = CGRect(x: -10, y: -5, width: 140, height: 100)
        for rect in [CGRect(x: 15, y: 20, width: 60, height: 40), CGRect(x: -20, y: 50, width: 60, height: 300), .infinite] {
            #expect(try mismatches(dissolve(a, b, 0.6).cropped(to: rect), over: region).count == 0, "\(rect)")
            #expect(try mismatches(dissolve(a.cropped(to: rect), b, 0.6), over: region).count == 0, "\(rect)")
        }
        let half = CGRect(x: 15.5, y: 20, width: 60, height: 40)
        #expect(a.cropped(to: half).node.prepared(for: a.extent, threads: 1).byteRows == nil)
    }

    /// A step that is not a plain bitmap or mix (here a move by half a pixel) sends the whole
    /// recipe through floating point.
    @Test func otherStepsRenderInFloatingPoint() {
        let a = CIImage(cgImage: FilterTestImages.source())
        let moved = a.transformed(by: CGAffineTransform(translationX: 0.5, y: 0))
        #expect(dissolve(moved, a, 0.5).node.prepared(for: a.extent, threads: 1).byteRows == nil)
        #expect(dissolve(a, a, 0.5).node.prepared(for: a.extent, threads: 1).byteRows != nil)
    }
}

extension CIImage {
    /// The bytes of a bitmap-backed image.
    fileprivate var cgImageBytes: [UInt8]? { (node as? BitmapNode)?.image.premultipliedBytes }
}
