/// Reads bytes from the front of a buffer, throwing `truncated` past its end.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() throws(MediaError) -> UInt8 { try take(1)[0] }

    /// The next `count` bytes, indexed from 0.
    mutating func take(_ count: Int) throws(MediaError) -> [UInt8] {
        guard count >= 0, position + count <= bytes.count else { throw .truncated("the data ends at byte \(bytes.count)") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func u16le() throws(MediaError) -> Int {
        let pair = try take(2)
        return Int(pair[0]) | Int(pair[1]) << 8
    }

    mutating func u16be() throws(MediaError) -> Int {
        try take(2).reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func u32be() throws(MediaError) -> Int {
        try take(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// GIF sub-blocks up to their terminator, joined.
    mutating func subBlocks() throws(MediaError) -> [UInt8] {
        var out = [UInt8]()
        while true {
            let count = Int(try byte())
            if count == 0 { return out }
            out += try take(count)
        }
    }
}
