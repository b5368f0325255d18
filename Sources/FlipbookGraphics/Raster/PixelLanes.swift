/// Eight packed premultiplied pixels, the compositor's vector unit.
///
/// Red/blue and green/alpha are scaled in 16-bit lanes with `scalePixel`'s rounding
/// (`(t + 128 + (t + 128) >> 8) >> 8`), so every result matches the scalar path bit for bit.
typealias PixelLanes = SIMD8<UInt32>

extension PixelLanes {
    private typealias Channels = SIMD16<UInt16>

    /// Eight coverage bytes, one a lane.
    @inline(__always)
    static func coverage(_ bytes: UnsafePointer<UInt8>) -> PixelLanes {
        PixelLanes(truncatingIfNeeded: UnsafeRawPointer(bytes).loadUnaligned(as: SIMD8<UInt8>.self))
    }

    /// Each pixel scaled by its lane of `factor` (0…255), as `scalePixel`.
    @inline(__always)
    func scaled(by factor: PixelLanes) -> PixelLanes {
        let f = unsafeBitCast(factor | factor &<< 16, to: Channels.self)
        @inline(__always) func half(_ lanes: PixelLanes) -> PixelLanes {
            let t = unsafeBitCast(lanes, to: Channels.self) &* f &+ 128
            return unsafeBitCast((t &+ (t &>> 8)) &>> 8, to: PixelLanes.self)
        }
        let mask = PixelLanes(repeating: 0x00FF_00FF)
        return half(self & mask) | half((self &>> 8) & mask) &<< 8
    }

    /// These pixels composited over `destination`: `s + d·(1 − αs)`, as `sourceOver`.
    @inline(__always)
    func over(_ destination: PixelLanes) -> PixelLanes {
        self &+ destination.scaled(by: 255 &- self &>> 24)
    }
}
