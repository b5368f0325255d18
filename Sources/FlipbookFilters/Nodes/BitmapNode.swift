import CFlipbookKernels
import Foundation
import FlipbookGraphics

/// A `CGImage`'s pixels, covering (0, 0)–(width, height) with its top row at the top.
/// Points between pixel centres are interpolated bilinearly; outside the image is clear.
struct BitmapNode: ImageNode {
    let image: CGImage

    var extent: CGRect { CGRect(x: 0, y: 0, width: image.width, height: image.height) }

    func prepared(for rect: CGRect, threads: Int) -> any ImageNode { self }

    func render(_ samples: Samples, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, scratch: Scratch) {
        let width = image.width, height = image.height
        image.withUnsafePremultipliedBytes { bytes in
            @inline(__always) func texel(_ column: Int, _ row: Int) -> SIMD4<Float> {
                guard column >= 0, column < width, row >= 0, row < height else { return .zero }
                let i = (row * width + column) * 4
                return LinearLight.pixel(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
            }
            if let (start, bottom, count) = samples.pixelRow {
                // Pixel centres on pixel centres: a straight copy of the part of one row
                // that lies on the image, clear around it.
                out.update(repeating: .zero)
                let row = height - 1 - bottom, span = PixelGrid.overlap(column: start, count: count, width: width)
                guard row >= 0, row < height, !span.isEmpty, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                LinearLight.decode(base + (row * width + start + span.lowerBound) * 4, count: span.count, into: out.baseAddress! + span.lowerBound)
                return
            }
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return out.update(repeating: .zero) }
            // The vector kernel takes every point whose texels are clear or opaque; a point
            // touching any other is interpolated here, then the kernel goes on.
            func sample(_ points: UnsafeBufferPointer<SIMD2<Double>>) {
                // Points along one row of pixel centres (a page turning along a row, bars
                // sliding): the row decoded once.
                if fb_bilinear_row_linear(out.baseAddress!.scalars, base, width, height, points.baseAddress!.scalars, points.count,
                                          LinearLight.decodeValues) == points.count { return }
                var i = 0
                while i < points.count {
                    i += fb_bilinear_linear((out.baseAddress! + i).scalars, base, width, height, (points.baseAddress! + i).scalars,
                                            points.count - i, LinearLight.decodeValues)
                    guard i < points.count else { break }
                    let p = points[i]
                    out[i] = PixelGrid.bilinear(p.x - 0.5, Double(height) - p.y - 0.5, width: width, height: height, texel)
                    i += 1
                }
            }
            guard samples.count > 0 else { return }
            samples.withPoints(scratch, sample)
        }
    }
}

extension BitmapNode {
    /// Pixel rows as the image's own bytes; other points sampled and encoded in one step
    /// where their texels are opaque, rendered and encoded from the first that is not.
    func encode(_ samples: Samples, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        if let (column, bottom, count) = samples.pixelRow {
            return copyRow(column: column, row: bottom, count: count, into: out, scratch: scratch)
        }
        samples.withPoints(scratch) { points in
            let done = encodeOpaque(points, dimmedBy: 1, into: out)
            guard done < points.count else { return }
            renderEncoded(.points(UnsafeBufferPointer(rebasing: points[done...])), into: out + 4 * done, scratch: scratch)
        }
    }

    /// Calls `body` with the image's pixels as the kernels take a picture.
    func withPicture<R>(_ body: (fb_picture) -> R) -> R {
        image.withUnsafePremultipliedBytes { bytes in
            body(fb_picture(pixels: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), width: image.width, height: image.height))
        }
    }

    /// The leading `points` whose texels are opaque, sampled, their colour times `dim` (as
    /// the back of a page seen through the paper is dimmed), and encoded at `out`, 4 bytes
    /// each (`fb_bilinear_encode`): the bytes of rendering, scaling and encoding them.
    /// Returns how many it wrote.
    func encodeOpaque(_ points: UnsafeBufferPointer<SIMD2<Double>>, dimmedBy dim: Float, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let first = points.baseAddress else { return 0 }
        return withPicture { picture in
            picture.pixels == nil ? 0
                : fb_bilinear_encode(out, picture, first.scalars, points.count, dim, LinearLight.decodeValues, LinearLight.encodeCodes)
        }
    }
}

extension BitmapNode: ByteRowSource {
    var byteRows: (any ByteRowSource)? { self }

    /// The image's own bytes in place when the row lies wholly on it; otherwise the part on
    /// it copied into `buffer`, clear around it.
    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        let width = image.width, line = image.height - 1 - row
        let span = PixelGrid.overlap(column: column, count: count, width: width)
        image.withUnsafePremultipliedBytes { bytes in
            guard line >= 0, line < image.height, !span.isEmpty, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                buffer.update(repeating: 0, count: 4 * count)
                return body(buffer)
            }
            let start = base + (line * width + column) * 4
            if span == 0..<count { return body(start) }
            buffer.update(repeating: 0, count: 4 * count)
            (buffer + 4 * span.lowerBound).update(from: start + 4 * span.lowerBound, count: 4 * span.count)
            body(buffer)
        }
    }
}
