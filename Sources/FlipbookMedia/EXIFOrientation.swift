import Foundation
/// The EXIF orientation tag of a JPEG (1–8) and how to turn stored pixels upright.
struct EXIFOrientation: Equatable {
    let value: Int

    /// The orientation in `data`'s first APP1 Exif segment, or 1 when there is none or it
    /// cannot be read.
    static func read(from data: Data) -> EXIFOrientation {
        let bytes = [UInt8](data.prefix(65_536 + 4))
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xDA || length < 2 { break }
            if marker == 0xE1, i + 4 + length - 2 <= bytes.count,
               Array(bytes[(i + 4)..<min(i + 10, bytes.count)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return parseTIFF(Array(bytes[(i + 10)..<(i + 2 + length)]))
            }
            i += 2 + length
        }
        return EXIFOrientation(value: 1)
    }

    private static func parseTIFF(_ t: [UInt8]) -> EXIFOrientation {
        guard t.count >= 8 else { return EXIFOrientation(value: 1) }
        let little = t[0] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return EXIFOrientation(value: 1) }
        for entry in 0..<min(count, 512) {
            let o = ifd + 2 + entry * 12
            if u16(o) == 0x0112, let value = u16(o + 8), (1...8).contains(value) {
                return EXIFOrientation(value: value)
            }
        }
        return EXIFOrientation(value: 1)
    }

    /// The pixels (4 bytes each) turned upright, with the upright size.
    func apply(_ pixels: UnsafePointer<UInt8>, width w: Int, height h: Int) -> (bytes: Data, width: Int, height: Int) {
        let swaps = value >= 5
        let ow = swaps ? h : w, oh = swaps ? w : h
        var out = Data(count: ow * oh * 4)
        out.withUnsafeMutableBytes { raw in
            let dst = raw.bindMemory(to: UInt32.self).baseAddress!
            let src = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
            for oy in 0..<oh {
                for ox in 0..<ow {
                    let (sx, sy): (Int, Int)
                    switch value {
                    case 2: (sx, sy) = (w - 1 - ox, oy)
                    case 3: (sx, sy) = (w - 1 - ox, h - 1 - oy)
                    case 4: (sx, sy) = (ox, h - 1 - oy)
                    case 5: (sx, sy) = (oy, ox)
                    case 6: (sx, sy) = (oy, h - 1 - ox)
                    case 7: (sx, sy) = (w - 1 - oy, h - 1 - ox)
                    case 8: (sx, sy) = (w - 1 - oy, ox)
                    default: (sx, sy) = (ox, oy)
                    }
                    dst[oy * ow + ox] = src[sy * w + sx]
                }
            }
        }
        return (out, ow, oh)
    }
}
