/// GIF's variable-length LZW compression (codes of 3 to 12 bits, packed least significant
/// bit first, a clear code when the table fills), in GIF's 255-byte sub-blocks.
struct LZWEncoder {
    private static let tableSize = 8192
    /// Open addressing: a key is `prefix << 8 | byte` + 1 (0 marks an empty slot).
    private var keys = [Int32](repeating: 0, count: tableSize)
    private var codes = [UInt16](repeating: 0, count: tableSize)

    /// The image data of a GIF image block: the minimum code size byte, the compressed
    /// indices in sub-blocks, and the block terminator.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int) -> [UInt8] {
        var writer = BitWriter()
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1
        var maxCode = end
        resetTable()
        writer.write(clear, bits: codeSize)
        guard let first = indices.first else {
            writer.write(end, bits: codeSize)
            return Self.subBlocks(writer.finish(), minimumCodeSize: minimumCodeSize)
        }
        var prefix = Int(first)
        for byte in indices.dropFirst() {
            let key = Int32(prefix << 8 | Int(byte)) + 1
            var slot = Int(UInt32(bitPattern: key &* -1_640_531_535) >> 19)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.tableSize - 1) }
            if keys[slot] == key {
                prefix = Int(codes[slot])
                continue
            }
            writer.write(prefix, bits: codeSize)
            maxCode += 1
            keys[slot] = key
            codes[slot] = UInt16(maxCode)
            if maxCode >= 1 << codeSize { codeSize += 1 }
            if maxCode == 4095 {
                writer.write(clear, bits: codeSize)
                resetTable()
                codeSize = minimumCodeSize + 1
                maxCode = end
            }
            prefix = Int(byte)
        }
        writer.write(prefix, bits: codeSize)
        writer.write(end, bits: codeSize)
        return Self.subBlocks(writer.finish(), minimumCodeSize: minimumCodeSize)
    }

    private mutating func resetTable() {
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    private static func subBlocks(_ bytes: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var out = [UInt8(minimumCodeSize)]
        out.reserveCapacity(bytes.count + bytes.count / 255 + 3)
        var start = 0
        while start < bytes.count {
            let count = min(255, bytes.count - start)
            out.append(UInt8(count))
            out.append(contentsOf: bytes[start..<start + count])
            start += count
        }
        out.append(0)
        return out
    }
}

/// Packs codes least significant bit first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    mutating func write(_ code: Int, bits: Int) {
        accumulator |= code << count
        count += bits
        while count >= 8 {
            bytes.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }
}
