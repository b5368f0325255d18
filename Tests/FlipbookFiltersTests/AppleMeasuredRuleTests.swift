@testable import FlipbookFilters
import FlipbookGraphics
import Foundation
import Testing

/// The rules each transition follows, checked against numbers measured on Apple's own
/// Core Image output (iOS 13.3; the examples `bench/fidelity` compares with). The pictures
/// themselves are not part of the project: these tables hold what was read off them.
@Suite struct AppleMeasuredRuleTests {
    /// The output of the filter named `name` with `settings` as its inputs.
    private func output(_ name: String, _ settings: [String: Any]) throws -> CIImage {
        let filter = try #require(CIFilter(name: name))
        for (key, value) in settings { filter.setValue(value, forKey: key) }
        return try #require(filter.outputImage)
    }

    /// A colour over `rect`, standing in for a picture.
    private func solid(_ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, over rect: CGRect) -> CIImage {
        CIImage(color: CIColor(red: red, green: green, blue: blue)).cropped(to: rect)
    }

    /// CIBarsSwipeTransition, 1500 × 1500, angle 3, width 60, barOffset 1, time 0.6072: how
    /// far the 22 bars from the one at x ≈ 45 px (top left) rightwards had slid, found by
    /// matching Apple's output against the source along each bar.
    @Test func barsSlideAsApplesDo() {
        let measured: [Double] = [125, 149, 174.5, 202, 231, 262.5, 295.5, 331, 368.5, 408, 449, 492.5, 538, 585.5, 635,
                                  686.5, 740, 795.5, 853.5, 912, 973.5, 1037]
        let slide = BarSlide(source: CGRect(x: 0, y: 0, width: 1500, height: 1500), angle: 3, width: 60, barOffset: 1,
                             time: 0.60718768835067749)
        // The bar at x ≈ 45 px, y ≈ 300 px (top-left origin) is bar 27 counted from the
        // corner farthest against the angle, (1500, 0): (u + 1485) / 60 with u = x cos 3 + y sin 3.
        for (k, apple) in measured.enumerated() {
            let ours = slide.slide(ofBar: Double(27 - k))
            #expect(abs(ours - apple) <= 0.01 * apple + 1.5, "bar \(27 - k): \(ours) px, Apple \(apple) px")
        }
    }

    /// CIDisintegrateWithMaskTransition, t 0.502, shadow radius 30, density 1, offset 0: the
    /// output over a mask of one grey, for a sky-blue source and a white target, as Apple's
    /// frame shows it at points of that mask value (sRGB values, ± the given tolerance).
    @Test(arguments: [
        (255, [162, 192, 234], 2),  // source still standing: lit, sRGB × 1.055
        (193, [162, 192, 234], 2),  // just above the switch: still the source
        (0, [240, 240, 240], 1),    // target far from the edge: the overall shadow
        (160, [240, 240, 240], 2),  // linear mask 0.35, below the fringe
        (175, [227, 227, 227], 4),  // the fringe deepens towards the switch
        (179, [213, 213, 213], 4),
        (184, [193, 193, 193], 5),
    ])
    func disintegrateShadesAsApplesDoes(mask: Int, apple: [Int], tolerance: Int) throws {
        let sky = CIColor(red: 154 / 255, green: 182 / 255, blue: 222 / 255)
        let grey = CGFloat(mask) / 255
        let output = try output("CIDisintegrateWithMaskTransition", [
            kCIInputImageKey: CIImage(color: sky),
            kCIInputTargetImageKey: CIImage(color: .white),
            kCIInputMaskImageKey: CIImage(color: CIColor(red: grey, green: grey, blue: grey)),
            kCIInputTimeKey: 0.5018574595451355,
            "inputShadowRadius": 30,
            "inputShadowDensity": 1,
            "inputShadowOffset": CIVector(x: 0, y: 0),
        ])
        let pixel = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 0, width: 1, height: 1))).pixel(0, 0)
        #expect(zip(pixel.prefix(3), apple).allSatisfy { abs(Int($0) - $1) <= tolerance }, "mask \(mask): \(pixel), Apple \(apple)")
    }

    /// CIAccordionFoldTransition, a 1000 × 562 source into a 1500 × 1500 target, bottom
    /// height 100, 6 folds, shadow 1, t 0.497 (solid colours stand in for the pictures).
    @Test func accordionFoldsAsApplesDoes() throws {
        let output = try output("CIAccordionFoldTransition", [
            kCIInputImageKey: solid(1, 0, 0, over: CGRect(x: 0, y: 0, width: 1000, height: 562)),
            kCIInputTargetImageKey: solid(0, 0, 1, over: CGRect(x: 0, y: 0, width: 1500, height: 1500)),
            kCIInputTimeKey: 0.49699938297271729,
            "inputBottomHeight": 100,
            "inputNumberOfFolds": 6,
            "inputFoldShadowAmount": 1,
        ])
        // The wider's width by the interpolated height, centred between the source's centre
        // and the target's (Apple: 1501 × 1029, a 1500-pixel width from x −125.75).
        #expect(abs(output.extent.height - (562 + 938 * 0.49699938297271729)) < 1e-6)
        #expect(abs(output.extent.minX - (500 + 250 * 0.49699938297271729 - 750)) < 1e-9)
        #expect(output.extent.width == 1500 && output.extent.minY == 0 && output.extent.integral.width == 1501)
        // Rows as in Apple's picture (its top row at y 1027…1028, its left column at x −126).
        let strip = try #require(CIContext().createCGImage(output, from: CGRect(x: -126, y: -1, width: 300, height: 1029)))
        func firstCovered(_ row: Int) -> Int { (0..<300).first { strip.pixel($0, row)[3] > 0 } ?? 300 }
        // The creases farthest back narrow the picture by 22 px, those in front not at all.
        for row in [500, 578, 656, 734, 812, 889] { #expect(abs(firstCovered(row) - 22) <= 1, "row \(row): \(firstCovered(row))") }
        for row in [460, 540, 616, 696, 772, 850, 928, 1000] { #expect(firstCovered(row) <= 1, "row \(row): \(firstCovered(row))") }
        // The source keeps its width, centred: red from x 250.
        #expect(strip.pixel(249, 100)[0] == 0 && strip.pixel(251, 100)[0] > 100)
        // A panel is darkest under its upper crease: Apple's light there is 0.753 of the
        // crease's in sRGB, rising to 0.96 four rows above the lower crease.
        func light(_ row: Int) -> Double { let p = strip.pixel(100, row); return Double(p[2]) / Double(p[3]) }
        #expect(abs(light(620) / light(616) - 0.753) < 0.04, "\(light(620) / light(616))")
        #expect(abs(light(652) / light(616) - 0.963) < 0.04, "\(light(652) / light(616))")
    }

    /// The fold starts from the source where it lies and ends on the target where it lies:
    /// the output, as wide as the wider picture, is centred on the source just after the
    /// start (so the source's pixels stay put) and on the target just before the end.
    @Test func accordionStartsAndEndsWhereThePicturesLie() throws {
        let source = solid(1, 0, 0, over: CGRect(x: 40, y: 10, width: 100, height: 50))
        let target = solid(0, 0, 1, over: CGRect(x: 0, y: 0, width: 300, height: 200))
        func fold(_ time: Double) throws -> CIImage {
            try output("CIAccordionFoldTransition", [kCIInputImageKey: source, kCIInputTargetImageKey: target, kCIInputTimeKey: time])
        }
        let start = try fold(1e-9).extent, end = try fold(1 - 1e-9).extent
        #expect(abs(start.midX - 90) < 1e-6 && abs(start.minY - 10) < 1e-6 && abs(start.height - 50) < 1e-6 && start.width == 300)
        #expect(abs(end.midX - 150) < 1e-6 && abs(end.minY) < 1e-6 && abs(end.height - 200) < 1e-6 && end.width == 300)
        // Halfway, halfway between.
        let middle = try fold(0.5).extent
        #expect(middle.midX == 120 && middle.minY == 5 && middle.height == 125)
    }

    /// Images of one size have no pleat: the fold is a dissolve.
    @Test func accordionOfEqualSizesDissolves() throws {
        let frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        func render(_ name: String, _ extra: [String: Any]) throws -> [UInt8] {
            let settings: [String: Any] = [kCIInputImageKey: solid(1, 0, 0, over: frame), kCIInputTargetImageKey: solid(0, 0, 1, over: frame),
                                           kCIInputTimeKey: 0.3]
            return try #require(CIContext().createCGImage(output(name, settings.merging(extra) { $1 }), from: frame)).premultipliedBytes
        }
        #expect(try render("CIAccordionFoldTransition", ["inputFoldShadowAmount": 1, "inputBottomHeight": 10]) == render("CIDissolveTransition", [:]))
    }

    /// CICopyMachineTransition, t 0.253, angle 3, width 100, opacity 1, extent 500 × 500,
    /// colour #ffa36b, over 1500 × 1500 pictures: where Apple's source ends on three rows,
    /// and the light Apple adds over black 70 to 100 px behind the edge.
    @Test func copyMachineSweepsAsApplesDoes() throws {
        let square = CGRect(x: 0, y: 0, width: 1500, height: 1500)
        let output = try output("CICopyMachineTransition", [
            kCIInputImageKey: solid(1, 0, 0, over: square),
            kCIInputTargetImageKey: solid(0, 0, 0, over: square),
            kCIInputTimeKey: 0.25277286767959595,
            kCIInputAngleKey: 3,
            kCIInputWidthKey: 100,
            "inputOpacity": 1,
            kCIInputExtentKey: CIVector(x: 0, y: 0, z: 500, w: 500),
            kCIInputColorKey: CIColor(red: 1, green: 0xa3 / 255.0, blue: 0x6b / 255.0),
        ])
        func row(_ y: Int) throws -> CGImage {
            try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 1499 - y, width: 600, height: 1)))
        }
        // Apple's last source pixel and first lit target pixel on rows 100, 750 and 1400.
        for (y, lastSource, firstTarget) in [(100, 437, 448), (750, 345, 353), (1400, 252, 257)] {
            let line = try row(y)
            #expect(line.pixel(lastSource - 2, 0) == [255, 0, 0, 255], "row \(y)")
            #expect(line.pixel(firstTarget + 2, 0)[1] > 100, "row \(y): \(line.pixel(firstTarget + 2, 0))")
        }
        // Over black on row 880: Apple's light 70, 82 and 94 px behind the edge, then none.
        let line = try row(880)
        for (x, apple, tolerance) in [(397, [204, 169, 144], 14), (409, [162, 140, 123], 14), (421, [101, 90, 84], 20), (441, [0, 0, 0], 0)] {
            let pixel = line.pixel(x, 0)
            #expect(zip(pixel.prefix(3), apple).allSatisfy { abs(Int($0) - $1) <= tolerance }, "x \(x): \(pixel), Apple \(apple)")
        }
    }

    /// CIFlashTransition at t 0.961 with a fade threshold of 0.8 (colour #ff5589, radius
    /// 400): Apple's picture is white fading to the target — over black 123 (linear 0.196,
    /// the fade 0.803 done), over white 255 — away from its faint streaks.
    @Test(arguments: [(CIColor.black, 123), (CIColor.white, 255)])
    func flashFadesFromWhiteAsApplesDoes(target: CIColor, apple: Int) throws {
        let square = CGRect(x: 0, y: 0, width: 500, height: 500)
        let output = try output("CIFlashTransition", [
            kCIInputImageKey: solid(0.1, 0.4, 0.7, over: square),
            kCIInputTargetImageKey: CIImage(color: target).cropped(to: square),
            kCIInputTimeKey: 0.96066075563430786,
            kCIInputCenterKey: CIVector(x: 250, y: 250),
            kCIInputExtentKey: CIVector(cgRect: square),
            kCIInputColorKey: CIColor(red: 1, green: 0x55 / 255.0, blue: 0x89 / 255.0),
            "inputMaxStriationRadius": 400,
            "inputStriationStrength": 1,
            "inputStriationContrast": 1,
            "inputFadeThreshold": 0.8,
        ])
        let image = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 0, width: 500, height: 1)))
        for x in [10, 250, 490] {
            #expect(image.pixel(x, 0).prefix(3).allSatisfy { abs(Int($0) - apple) <= 1 }, "x \(x): \(image.pixel(x, 0))")
        }
    }

    /// CIRippleTransition, t 0.698, centre (0, 0), extent 500 × 500, width 500, scale 10:
    /// where Apple read its 800 × 800 shading image (offsets from its centre along the
    /// radius, px) at radius r, each found by matching Apple's pixels in a ring ½ px wide
    /// against the shading image, to ⅛ px. The rule's cubics lie within ½ px of every one;
    /// the old Gaussian swell (crest 722, deviation 192, cut at three) was off by up to 25 px
    /// at both ends.
    @Test func rippleSlopesAsApplesDoes() {
        let measured: [(r: Double, offset: Double)] = [
            (150, 0), (160, 0.25), (200, 16.5), (250, 65), (300, 134.5), (340, 197.75), (660, 175.5), (690, 84.5),
            (730, -43.25), (800, -249.5), (850, -355.25), (900, -399.75), (950, -383.5), (1000, -334.75), (1050, -265.25),
            (1100, -186.25), (1150, -109.5), (1200, -45.75), (1250, -6.75), (1270, -0.75), (1280, 0), (1400, 0),
        ]
        let wave = RippleWave(center: .zero, extent: CGRect(x: 0, y: 0, width: 500, height: 500), width: 500, scale: 10,
                              time: 0.69810342788696289)
        for (r, apple) in measured {
            let ours = 400 * wave.slope(at: r)
            #expect(abs(ours - apple) <= 0.5, "r \(r): \(ours), Apple \(apple)")
        }
        // The swell is odd about its crest and still at both ends of the time (to single
        // precision, which the kernel works in).
        // Its crest: −9w/4 + t·(D + 9w/4) + 9w/8 with D = √2 · 500, the extent's far corner.
        let crest = -1125 + 0.69810342788696289 * (500 * 2.0.squareRoot() + 1125) + 562.5
        #expect(wave.slope(at: crest - 0.01) > 0 && wave.slope(at: crest + 0.01) < 0)
        for d in [10.0, 100, 187.5, 300, 562] {
            #expect(abs(wave.slope(at: crest - d) + wave.slope(at: crest + d)) < 1e-6)
        }
        // Its peak: exactly 1, a quarter width and a half from the crest, and flat there.
        #expect(abs(wave.slope(at: crest + 187.5) + 1) < 1e-6)
        #expect(abs(wave.slope(at: crest + 186.5) - wave.slope(at: crest + 188.5)) < 1e-4)
        for t in [0.0, 1.0] {
            let still = RippleWave(center: .zero, extent: CGRect(x: 0, y: 0, width: 500, height: 500), width: 500, scale: 10, time: t)
            #expect(stride(from: 0.0, through: 707, by: 1).allSatisfy { still.slope(at: $0) == 0 })
        }
    }

    /// Apple lays the shading image over the whole picture: flat ground takes its centre
    /// pixel; the ends are the images themselves.
    @Test func rippleLaysTheShadingOver() throws {
        let square = CGRect(x: 0, y: 0, width: 200, height: 200)
        func frame(_ time: Double) throws -> CGImage {
            let output = try output("CIRippleTransition", [
                kCIInputImageKey: solid(1, 0, 0, over: square),
                kCIInputTargetImageKey: solid(0, 1, 0, over: square),
                kCIInputShadingImageKey: solid(0, 0, 1, over: CGRect(x: 0, y: 0, width: 50, height: 50)),
                kCIInputCenterKey: CIVector(x: 0, y: 0),
                kCIInputExtentKey: CIVector(cgRect: square),
                kCIInputTimeKey: time,
            ])
            return try #require(CIContext().createCGImage(output, from: square))
        }
        let middle = try frame(0.5)
        #expect([middle.pixel(199, 0), middle.pixel(100, 100), middle.pixel(5, 195)].allSatisfy { $0 == [0, 0, 255, 255] })
        #expect(try frame(0).pixel(100, 100) == [255, 0, 0, 255] && frame(1).pixel(100, 100) == [0, 255, 0, 255])
    }

    /// CIModTransition, 1500 × 1500, centre (0, 0), angle 3, radius 50, compression 1,
    /// t 0.5013: pixel centres (Core Image coordinates) where Apple's frame shows exactly
    /// the target (1) or exactly the source (0) — a column at x 1000.5 crossing the
    /// full-width bands, and points near the centre, where the holes still have two axes.
    @Test func modOpensHolesWhereApplesDoes() throws {
        let apple: [(x: Double, y: Double, target: Float)] = [
            (1000.5, 1496.5, 0), (1000.5, 1455.5, 0), (1000.5, 1414.5, 1), (1000.5, 1373.5, 1), (1000.5, 1332.5, 0),
            (1000.5, 1291.5, 0), (1000.5, 1250.5, 1), (1000.5, 1209.5, 1), (1000.5, 1168.5, 0), (1000.5, 1127.5, 0),
            (1000.5, 1086.5, 0), (1000.5, 1045.5, 1), (1000.5, 1004.5, 0), (1000.5, 963.5, 1), (1000.5, 922.5, 0),
            (1000.5, 840.5, 0), (1000.5, 799.5, 1), (1000.5, 717.5, 0), (1000.5, 676.5, 0), (1000.5, 635.5, 1),
            (1000.5, 594.5, 1), (1000.5, 553.5, 0), (1000.5, 512.5, 0), (1000.5, 471.5, 1), (1000.5, 430.5, 1),
            (1000.5, 389.5, 0), (1000.5, 348.5, 0), (1000.5, 307.5, 1), (1000.5, 266.5, 1), (1000.5, 225.5, 0),
            (1000.5, 184.5, 0), (1000.5, 102.5, 1), (1000.5, 61.5, 0), (1000.5, 20.5, 0), (9.5, 3.5, 1), (30.5, 5.5, 1),
            (4.5, 40.5, 0), (100.5, 30.5, 0), (25.5, 120.5, 1), (150.5, 150.5, 1), (3.5, 300.5, 1), (23.5, 149.5, 1),
            (13.5, 9.5, 1), (26.5, 17.5, 1), (35.5, 108.5, 1), (14.5, 11.5, 1), (19.5, 143.5, 1), (37.5, 146.5, 1),
            (34.5, 109.5, 1), (20.5, 119.5, 1), (23.5, 76.5, 0), (36.5, 76.5, 0), (21.5, 186.5, 0),
        ]
        let pattern = ModPattern(center: .zero, angle: 3, radius: 50, compression: 1, time: 0.50134062767028809)
        for (x, y, target) in apple {
            #expect(pattern.coverage(at: SIMD2(x, y)) == target, "(\(x), \(y)): Apple shows \(target == 1 ? "the target" : "the source")")
        }
        // Far from the centre a compression of 1 leaves only y: the bands run the whole width.
        for y in stride(from: 0.5, to: 1500, by: 7) {
            #expect(abs(pattern.coverage(at: SIMD2(400.5, y)) - pattern.coverage(at: SIMD2(1499.5, y))) < 0.01)
        }
    }

    /// The mod's holes grow over the time from none to everywhere, with no hole left
    /// closed at the end: the share of the frame they cover rises, 0 at time 0, 1 at 1.
    @Test func modHolesGrowToCoverEverything() {
        func covered(_ time: Double) -> Double {
            let pattern = ModPattern(center: CGPoint(x: 150, y: 150), angle: 2, radius: 150, compression: 300, time: time)
            var sum = 0.0
            for y in stride(from: 0.5, to: 600, by: 5) {
                for x in stride(from: 0.5, to: 600, by: 5) { sum += Double(pattern.coverage(at: SIMD2(x, y))) }
            }
            return sum / 14400
        }
        let shares = stride(from: 0.0, through: 1, by: 0.1).map(covered)
        #expect(shares.first == 0 && shares.last == 1)
        #expect(zip(shares, shares.dropFirst()).allSatisfy { $0 < $1 }, "\(shares)")
        // Just before the end, still nothing of the source: the holes have met everywhere.
        #expect(covered(0.99) == 1)
    }

    /// CISwipeTransition, t 0.495, angle 3, width 500, opacity 0.9, extent 500 × 500: the
    /// tint Apple's picture carries across the edge (solved pixel by pixel in linear light;
    /// u is the position along the angle), a tent peaking at the edge's middle.
    @Test(arguments: [(-68.8, 0.364), (-148.0, 0.655), (-207.4, 0.86), (-306.4, 0.576), (-405.4, 0.223), (30.2, 0.004)])
    func swipeTintsAsApplesDoes(u: Double, apple: Double) throws {
        let black = solid(0, 0, 0, over: CGRect(x: -2000, y: -2000, width: 4000, height: 4000))
        let output = try output("CISwipeTransition", [
            kCIInputImageKey: black,
            kCIInputTargetImageKey: black,
            kCIInputTimeKey: 0.49513345956802368,
            kCIInputAngleKey: 3,
            kCIInputWidthKey: 500,
            "inputOpacity": 0.9,
            kCIInputExtentKey: CIVector(x: 0, y: 0, z: 500, w: 500),
            kCIInputColorKey: CIColor(red: 0x4a / 255.0, green: 1, blue: 0x7e / 255.0),
        ])
        // The pixel whose centre lies at u on the row at y 200.5.
        let y = 200.5, x = (u - y * sin(3.0)) / cos(3.0)
        let pixel = try #require(CIContext().createCGImage(output, from: CGRect(x: (x - 0.5).rounded(), y: 200, width: 1, height: 1)))
            .pixel(0, 0)
        let tint = SRGBTransfer.linear(Double(pixel[1]) / 255)
        #expect(abs(tint - apple) < 0.03, "u \(u): \(tint), Apple \(apple)")
    }

    /// CIPageCurlTransition, angle 3, radius 400, 1500 × 1500 pictures (solid colours stand
    /// in): where Apple's target begins on rows of its two frames (the cylinder's far side,
    /// u = x cos 3 + y sin 3 = −63.8 at t 0.826 with a 500 × 800 extent, 66.6 at t 0.994
    /// with 500 × 500, each found to a pixel), the output extent of the second, and where
    /// its backside lands.
    @Test(arguments: [(0.82591038942337036, 800.0, -63.8), (0.99418264627456665, 500.0, 66.6)])
    func pageCurlTurnsAsApplesDoes(time: Double, extentHeight: Double, appleEdge: Double) throws {
        let square = CGRect(x: 0, y: 0, width: 1500, height: 1500)
        let output = try output("CIPageCurlTransition", [
            kCIInputImageKey: solid(1, 0, 0, over: square),
            kCIInputTargetImageKey: solid(0, 0, 1, over: square),
            "inputBacksideImage": solid(0, 1, 0, over: CGRect(x: 900, y: 0, width: 100, height: 100)),
            kCIInputTimeKey: time,
            kCIInputAngleKey: 3,
            kCIInputRadiusKey: 400,
            kCIInputExtentKey: CIVector(x: 0, y: 0, z: 500, w: extentHeight),
        ])
        for y in [1400.5, 1000.5] {
            let line = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: y - 0.5, width: 600, height: 1)))
            let first = try #require((0..<600).first { line.pixel($0, 0) == [0, 0, 255, 255] })
            let u = (Double(first) + 0.5) * cos(3.0) + y * sin(3.0)
            #expect(abs(u - appleEdge) <= 3, "y \(y): target from x \(first), u \(u); Apple \(appleEdge)")
        }
        guard extentHeight == 500 else { return }
        let extent = output.extent
        #expect(abs(extent.minX + 1117) <= 1.5 && abs(extent.maxY - 1814) <= 1.5 && extent.minY == 0 && extent.maxX == 1500, "\(extent)")
        // The backside's square at page (950, 50) lies turned over at (−578, 268).
        let back = try #require(CIContext().createCGImage(output, from: CGRect(x: -579, y: 267, width: 2, height: 2))).pixel(0, 0)
        #expect(back == [0, 255, 0, 255], "\(back)")
    }

    /// CIPageCurlWithShadowTransition, t 0.826, angle 3, radius 400, extent 500 × 800,
    /// shadow extent 500 × 500, size 1, amount 1, over a white target: the share of light
    /// Apple's shadow takes on row y 300 at 12, 92 and 191 px beyond the cylinder, and its
    /// opacity 20 px below the pictures; Apple's output is (−1108, −244, 2608, 2265) in whole
    /// pixels — 244 below the page although the lifted page never dips below it (the old
    /// rule, growing the lifted page's box, reached 253 below).
    @Test func pageCurlShadowFallsAsApplesDoes() throws {
        let square = CGRect(x: 0, y: 0, width: 1500, height: 1500)
        let output = try output("CIPageCurlWithShadowTransition", [
            kCIInputImageKey: solid(1, 0, 0, over: square),
            kCIInputTargetImageKey: solid(1, 1, 1, over: square),
            kCIInputTimeKey: 0.82591038942337036,
            kCIInputAngleKey: 3,
            kCIInputRadiusKey: 400,
            kCIInputExtentKey: CIVector(x: 0, y: 0, z: 500, w: 800),
            "inputShadowExtent": CIVector(x: 0, y: 0, z: 500, w: 500),
            "inputShadowSize": 1,
            "inputShadowAmount": 1,
        ])
        #expect(output.extent.minY == -244 && abs(output.extent.minX + 1108) < 1 && abs(output.extent.maxY - 2021) < 1
                && output.extent.maxX == 1500, "\(output.extent)")
        let row = try #require(CIContext().createCGImage(output, from: CGRect(x: 0, y: 300, width: 500, height: 1)))
        for (x, appleDark) in [(120, 0.45), (200, 0.25), (300, 0.09)] {
            let dark = 1 - SRGBTransfer.linear(Double(row.pixel(x, 0)[0]) / 255)
            #expect(abs(dark - appleDark) <= 0.08, "x \(x): \(dark), Apple \(appleDark)")
        }
        let below = try #require(CIContext().createCGImage(output, from: CGRect(x: 100, y: -21, width: 1, height: 1))).pixel(0, 0)
        #expect(abs(Double(below[3]) / 255 - 0.16) <= 0.05 && below[0] == 0, "\(below)")
    }
}
