import CZlib
import Foundation

/// Damages a file the ways that find bugs: flipped bits, interesting values written over
/// sizes and counts, slices cut, repeated or spliced in, truncation — and, for PNGs,
/// checksums made right again so the damage reaches past libpng's CRC check.
struct FuzzMutator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return bound > 0 ? Int(state % UInt64(bound)) : 0
    }

    /// `seed` with one to four mutations; `other` may be spliced in.
    mutating func mutate(_ seed: Data, other: Data) -> Data {
        var bytes = [UInt8](seed)
        for _ in 0...next(4) where !bytes.isEmpty {
            switch next(8) {
            case 0: bytes[next(bytes.count)] ^= UInt8(1 << next(8))
            case 1: bytes[next(bytes.count)] = [0, 0xFF, 0x7F, 0x80, 1][next(5)]
            case 2:
                let values: [[UInt8]] = [[0xFF, 0xFF], [0, 0], [0x40, 0x00], [0x7F, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF]]
                let value = values[next(values.count)]
                let at = next(bytes.count)
                for (i, byte) in value.enumerated() where at + i < bytes.count { bytes[at + i] = byte }
            case 3: bytes = Array(bytes.prefix(next(bytes.count + 1)))
            case 4:
                let start = next(bytes.count), length = min(next(64) + 1, bytes.count - start)
                bytes.insert(contentsOf: bytes[start..<start + length], at: next(bytes.count))
            case 5:
                let start = next(bytes.count), length = min(next(32) + 1, bytes.count - start)
                bytes.removeSubrange(start..<start + length)
            case 6:
                let donor = [UInt8](other)
                guard !donor.isEmpty else { break }
                let start = next(donor.count), length = min(next(128) + 1, donor.count - start)
                bytes.replaceSubrange(next(bytes.count)..<bytes.count, with: donor[start..<start + length])
            default:
                for _ in 0..<(next(16) + 1) { bytes[next(bytes.count)] = UInt8(next(256)) }
            }
        }
        if next(2) == 0 { Self.repairPNGChecksums(&bytes) }
        return Data(bytes)
    }

    /// Recomputes every whole chunk's CRC-32 in a PNG.
    static func repairPNGChecksums(_ bytes: inout [UInt8]) {
        guard bytes.count > 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= bytes.count else { return }
            let crc = bytes[(offset + 4)..<end].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            for i in 0..<4 { bytes[end + i] = UInt8(crc >> (24 - 8 * UInt32(i)) & 0xFF) }
            offset = end + 4
        }
    }
}
