import Foundation
import FlipbookGraphics

extension CGImage {
    /// Decodes a PNG or JPEG (recognised by its signature). JPEGs are turned upright by
    /// their EXIF orientation. Throws `MediaError` for damaged, unsupported or oversized data,
    /// and for an image declaring more pixels than `budget` allows.
    public static func decode(_ data: Data, budget: DecodingBudget = .standard) throws(MediaError) -> CGImage {
        let bytes = [UInt8](data.prefix(8))
        if bytes == PNGDecoder.signature { return try PNGDecoder.decode(data, budget: budget) }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return try JPEGCodec.decode(data, budget: budget) }
        if bytes.count < 8, PNGDecoder.signature.starts(with: bytes) || bytes.starts(with: [0xFF, 0xD8]) {
            throw .truncated("\(data.count) bytes")
        }
        throw .notAnImage
    }

    /// Reads and decodes an image file (a regular file: not a folder, device or pipe).
    public static func read(contentsOf url: URL, budget: DecodingBudget = .standard) throws(MediaError) -> CGImage {
        try decode(try ImageFile.read(url), budget: budget)
    }

    /// The image encoded in `format`.
    public func encoded(as format: ImageFormat) throws(MediaError) -> Data {
        switch format {
        case .png(let level): return try PNGEncoder(compressionLevel: level).encode(self)
        case let .jpeg(quality, progressive): return try JPEGCodec.encode(self, quality: quality, progressive: progressive)
        }
    }

    /// PNG bytes (compression level 6).
    public func pngData() throws(MediaError) -> Data { try encoded(as: .png()) }

    /// The image as a PNG file keeps it, decoded again: straight alpha rounds the colour
    /// of partly transparent pixels. What a picture read back from a PNG is compared with.
    public var pngRoundTripped: CGImage { (try? CGImage.decode(pngData())) ?? self }

    /// JPEG bytes at `quality` 0–1.
    public func jpegData(compressionQuality quality: CGFloat) throws(MediaError) -> Data {
        try encoded(as: .jpeg(quality: quality))
    }

    /// Writes the image to `url`, in the format its extension names unless one is given.
    /// The file is written under a temporary name and renamed, so a failure never leaves
    /// a partial file under `url`.
    public func write(to url: URL, format: ImageFormat? = nil) throws(MediaError) {
        guard let format = format ?? ImageFormat(pathExtension: url.pathExtension) else {
            throw .unsupported(url.pathExtension.isEmpty
                ? "cannot tell the image format of \(url.path): its name has no extension; end it in .png, .jpg or .jpeg"
                : "no image format for extension '.\(url.pathExtension)'; use .png, .jpg or .jpeg")
        }
        try AtomicFile.write(encoded(as: format), to: url)
    }
}
