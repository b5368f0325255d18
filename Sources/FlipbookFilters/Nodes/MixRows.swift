import Foundation

/// A `MixNode`'s rows made in 8-bit from its inputs' rows, byte for byte what mixing in
/// linear light and encoding gives:
/// - where the weight is 0 or 1 the input's or the target's bytes are copied (the 8-bit
///   round trip through linear light is exact);
/// - a uniform mix of two opaque pixels reads each channel from a table of all 65 536
///   pairs of codes, made once per render with the same arithmetic as the float path;
/// - anything else (translucent pixels, weights that vary) goes through linear light
///   pixel by pixel.
struct MixRows: ByteRowSource {
    let from: any ByteRowSource, to: any ByteRowSource
    let weight: MixWeight
    /// A uniform weight strictly between 0 and 1, with its `LinearLight.mixTable`.
    private let uniform: (weight: Float, table: [UInt8])?

    init(from: any ByteRowSource, to: any ByteRowSource, weight: MixWeight) {
        (self.from, self.to, self.weight) = (from, to, weight)
        uniform = weight.uniform.flatMap { $0 > 0 && $0 < 1 ? ($0, LinearLight.mixTable(weight: $0)) : nil }
    }

    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        guard case let .ramp(gradient, offset) = weight else {
            mix(column: column, row: row, count: count, into: buffer, scratch: scratch)
            return body(buffer)
        }
        // Along a row a ramp only rises or only falls: settled runs at the two ends are
        // copied, and only the part between is mixed.
        let samples = Samples.pixels(column: column, row: row, count: count)
        let w = { MixWeight.ramp(gradient, offset, at: samples.point($0)) }
        let rising = gradient.x >= 0
        let start = Self.firstIndex(in: 0..<count) { rising ? w($0) > 0 : w($0) < 1 }
        let end = Self.firstIndex(in: start..<count) { rising ? w($0) >= 1 : w($0) <= 0 }
        (rising ? from : to).copyRow(column: column, row: row, count: start, into: buffer, scratch: scratch)
        mix(column: column + start, row: row, count: end - start, into: buffer + 4 * start, scratch: scratch)
        (rising ? to : from).copyRow(column: column + end, row: row, count: count - end, into: buffer + 4 * end, scratch: scratch)
        body(buffer)
    }

    /// Mixes `count` pixels of both inputs from `column` into `out`.
    private func mix(column: Int, row: Int, count: Int, into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        guard count > 0 else { return }
        scratch.withPixelBytes(count) { first in
            scratch.withPixelBytes(count) { second in
                from.readRow(column: column, row: row, count: count, buffer: first, scratch: scratch) { a in
                    to.readRow(column: column, row: row, count: count, buffer: second, scratch: scratch) { b in
                        if let uniform {
                            return uniform.table.withUnsafeBufferPointer {
                                Self.mixUniform(a, b, count: count, weight: uniform.weight, table: $0.baseAddress!, into: out)
                            }
                        }
                        scratch.withScalars(count) { weights in
                            weight.weights(.pixels(column: column, row: row, count: count), into: weights)
                            for i in 0..<count { Self.mixPixel(a + 4 * i, b + 4 * i, weight: weights[i], into: out + 4 * i) }
                        }
                    }
                }
            }
        }
    }

    /// A uniform mix: opaque pairs through the table, the rest through linear light.
    @inline(__always)
    private static func mixUniform(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int, weight: Float,
                                   table: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            let p = a + 4 * i, q = b + 4 * i, o = out + 4 * i
            if p[3] & q[3] == 255 {
                o[0] = table[Int(p[0]) << 8 | Int(q[0])]
                o[1] = table[Int(p[1]) << 8 | Int(q[1])]
                o[2] = table[Int(p[2]) << 8 | Int(q[2])]
                o[3] = 255
            } else {
                mixPixel(p, q, weight: weight, into: o)
            }
        }
    }

    /// One pixel: a copy at weight 0 or 1, otherwise mixed in linear light.
    @inline(__always)
    private static func mixPixel(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, weight: Float,
                                 into out: UnsafeMutablePointer<UInt8>) {
        if weight <= 0 || weight >= 1 {
            out.update(from: weight <= 0 ? a : b, count: 4)
        } else {
            let mixed = MixNode.mix(LinearLight.pixel(a[0], a[1], a[2], a[3]), LinearLight.pixel(b[0], b[1], b[2], b[3]), weight)
            LinearLight.store(mixed, into: out)
        }
    }

    /// The first index in `range` where `predicate`, false then true along the range, holds;
    /// `range.upperBound` if nowhere.
    private static func firstIndex(in range: Range<Int>, where predicate: (Int) -> Bool) -> Int {
        var (low, high) = (range.lowerBound, range.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
