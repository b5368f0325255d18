/// GIF's LZW decompression.
enum LZWDecoder {
    /// At most `count` indices: fewer when the data ends first (an end code, or a block cut
    /// short), so that the work and memory follow the data, not the size it claims.
    static func decode(_ bytes: [UInt8], minimumCodeSize: Int, count: Int) throws(MediaError) -> [UInt8] {
        guard (2...8).contains(minimumCodeSize) else { throw .corrupt("GIF LZW minimum code size \(minimumCodeSize)") }
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096), suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear { suffix[code] = UInt8(truncatingIfNeeded: code); first[code] = suffix[code] }
        var out = [UInt8](), stack = [UInt8]()
        // A code yields at most 4,096 indices: reserve no more than the data can make.
        out.reserveCapacity(min(count, bytes.count * 8 / (minimumCodeSize + 1) * 16 + 16))
        var codeSize = minimumCodeSize + 1, next = end + 1, previous = -1
        var accumulator = 0, bits = 0, position = 0
        while out.count < count {
            while bits < codeSize {
                guard position < bytes.count else { return Array(out.prefix(count)) }  // cut short: the rest stays
                accumulator |= Int(bytes[position]) << bits
                position += 1
                bits += 8
            }
            let code = accumulator & ((1 << codeSize) - 1)
            accumulator >>= codeSize
            bits -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1; next = end + 1; previous = -1
                continue
            }
            if code == end { break }
            guard previous >= 0 else {
                guard code < clear else { throw .corrupt("GIF LZW code \(code) before any string") }
                out.append(UInt8(code))
                previous = code
                continue
            }
            guard code <= next else { throw .corrupt("GIF LZW code \(code) beyond the table") }
            let known = code < next
            var walk = known ? code : previous
            stack.removeAll(keepingCapacity: true)
            if !known { stack.append(first[previous]) }
            while walk >= clear { stack.append(suffix[walk]); walk = prefix[walk] }
            stack.append(UInt8(walk))
            out.append(contentsOf: stack.reversed())
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = first[known ? code : previous]
                first[next] = first[previous]
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        return out.count > count ? Array(out.prefix(count)) : out
    }
}
