import Flipbook
import Foundation

/// How close two pictures of the same size are, measured on their premultiplied RGBA8
/// bytes as `../shared/reference/coreimage/README.md` asks: PSNR, SSIM as scikit-image's
/// `structural_similarity(a, b, channel_axis=-1)` computes it for 8-bit images (a 7 × 7
/// uniform window, sample covariances, K1 0.01, K2 0.03, a data range of 255, the mean over
/// the pixels whose window lies inside the image, then over the four channels), and the
/// share of pixels with a channel off by more than 16 levels.
struct ImageComparison {
    let psnr: Double
    let ssim: Double
    /// Pixels with some channel off by more than 16 levels, in percent.
    let percentOff: Double

    /// Compares `a` with `b`; nil when their sizes differ.
    init?(_ a: CGImage, _ b: CGImage) {
        guard a.width == b.width, a.height == b.height, a.width >= 7, a.height >= 7 else { return nil }
        let width = a.width, height = a.height
        let (pa, pb) = (Self.bytes(a), Self.bytes(b))
        var squares = 0.0, off = 0
        for p in 0..<width * height {
            var far = false
            for c in 0..<4 {
                let d = Int(pa[p * 4 + c]) - Int(pb[p * 4 + c])
                squares += Double(d * d)
                far = far || abs(d) > 16
            }
            if far { off += 1 }
        }
        let mse = squares / Double(width * height * 4)
        psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
        percentOff = 100 * Double(off) / Double(width * height)
        ssim = (0..<4).map { Self.ssim(pa, pb, channel: $0, width: width, height: height) }.reduce(0, +) / 4
    }

    private static func bytes(_ image: CGImage) -> [UInt8] {
        image.withUnsafePremultipliedBytes { Array($0) }
    }

    /// The mean SSIM of one channel over the windows that lie inside the image.
    private static func ssim(_ a: [UInt8], _ b: [UInt8], channel: Int, width: Int, height: Int) -> Double {
        // Summed-area tables of x, y, x², y² and xy, with a first row and column of zeros.
        let stride = width + 1, count = stride * (height + 1)
        var sx = [Double](repeating: 0, count: count), sy = sx, sxx = sx, syy = sx, sxy = sx
        for y in 0..<height {
            var rx = 0.0, ry = 0.0, rxx = 0.0, ryy = 0.0, rxy = 0.0
            for x in 0..<width {
                let u = Double(a[(y * width + x) * 4 + channel]), v = Double(b[(y * width + x) * 4 + channel])
                rx += u; ry += v; rxx += u * u; ryy += v * v; rxy += u * v
                let here = (y + 1) * stride + x + 1, above = here - stride
                sx[here] = sx[above] + rx; sy[here] = sy[above] + ry
                sxx[here] = sxx[above] + rxx; syy[here] = syy[above] + ryy; sxy[here] = sxy[above] + rxy
            }
        }
        let side = 7, n = Double(side * side), norm = n / (n - 1)
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        for y in 0...(height - side) {
            for x in 0...(width - side) {
                let (p00, p01) = (y * stride + x, y * stride + x + side)
                let (p10, p11) = ((y + side) * stride + x, (y + side) * stride + x + side)
                func mean(_ t: [Double]) -> Double { (t[p11] - t[p01] - t[p10] + t[p00]) / n }
                let mx = mean(sx), my = mean(sy)
                let vx = norm * (mean(sxx) - mx * mx), vy = norm * (mean(syy) - my * my), cxy = norm * (mean(sxy) - mx * my)
                total += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            }
        }
        return total / Double((width - side + 1) * (height - side + 1))
    }
}
