import Foundation
import CFlipbookKernels

/// A `FlashNode`'s rows made in 8-bit from its pictures' rows, byte for byte what lighting
/// and fading in linear light and encoding gives:
/// - before the fade, in a kernel (`fb_flash_lit_row`): where there is no light the
///   source's bytes are copied, where the light is full its colour's, and between those
///   an opaque source pixel is lit by the same arithmetic as in linear light;
/// - during the fade, no light mixes the two pictures' opaque codes through a table of all
///   65 536 pairs, and full light mixes the colour with the target's opaque codes through a
///   table a channel;
/// - anything else (the rays' soft ends, translucent pixels) goes through linear light
///   pixel by pixel.
struct FlashRows: ByteRowSource {
    let from: any ByteRowSource, to: any ByteRowSource
    let node: FlashNode
    /// Full light's colour in 8-bit, as one RGBA8 pixel.
    private let fullPixel: UInt32
    /// During the fade: the pictures mixed by it, and the colour mixed with each target code.
    private let mixed: [UInt8], faded: [UInt8]

    init(from: any ByteRowSource, to: any ByteRowSource, node: FlashNode) {
        (self.from, self.to, self.node) = (from, to, node)
        let (r, g, b, a) = LinearLight.bytes(node.full)
        fullPixel = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        // The fade is below 1 until time 1, when the rows are the target's own.
        let fade = node.burst.fade
        guard fade > 0 else {
            (mixed, faded) = ([], [])
            return
        }
        mixed = LinearLight.mixTable(weight: fade)
        let full = node.full
        faded = LinearLight.channelTable { MixNode.mix(full, $0, fade) }
    }

    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        let burst = node.burst
        guard burst.time > 0, burst.time < 1 else {
            return (burst.time <= 0 ? from : to).readRow(column: column, row: row, count: count, buffer: buffer, scratch: scratch, body)
        }
        scratch.withPixelBytes(count) { first in
            scratch.withPixelBytes(count) { second in
                from.readRow(column: column, row: row, count: count, buffer: first, scratch: scratch) { a in
                    to.readRow(column: column, row: row, count: count, buffer: second, scratch: scratch) { b in
                        lightRow(a, b, column: column, row: row, count: count, into: buffer, scratch: scratch)
                    }
                }
            }
        }
        body(buffer)
    }

    /// The row's pixels from the source's `a` and the target's `b`.
    private func lightRow(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, column: Int, row: Int, count: Int,
                       into out: UnsafeMutablePointer<UInt8>, scratch: Scratch) {
        scratch.withScalars(count) { lights in
            node.burst.light(.pixels(column: column, row: row, count: count), into: lights)
            pixels(a, b, lights: UnsafeBufferPointer(lights), into: out)
        }
    }

    /// The pixels from the source's `a`, the target's `b` and the light there.
    private func pixels(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, lights: UnsafeBufferPointer<Float>,
                        into out: UnsafeMutablePointer<UInt8>) {
        let burst = node.burst, fading = burst.fade > 0
        let (flash, dark, full) = (node.flash, node.dark, node.full)
        guard fading else {
            // Before the fade: the kernel, and linear light where the source is translucent.
            var lit = fb_flash_lit(decode: LinearLight.decodeValues, encode: LinearLight.encodeCodes,
                                   flash: (flash.x, flash.y, flash.z), full: fullPixel)
            var i = 0
            while i < lights.count {
                i += fb_flash_lit_row(out + 4 * i, a + 4 * i, lights.baseAddress! + i, lights.count - i, &lit)
                guard i < lights.count else { break }
                let p = a + 4 * i
                let pixel = burst.pixel(LinearLight.pixel(p[0], p[1], p[2], p[3]), .zero, light: lights[i], flash: flash, dark: dark, full: full)
                LinearLight.store(pixel, into: out + 4 * i)
                i += 1
            }
            return
        }
        mixed.withUnsafeBufferPointer { mixed in
            faded.withUnsafeBufferPointer { faded in
                var i = 0
                while i < lights.count {
                    let light = lights[i]
                    let p = a + 4 * i, q = b + 4 * i, o = out + 4 * i
                    if light <= 0, p[3] & q[3] == 255 {
                        (o[0], o[1], o[2], o[3]) = (mixed[Int(p[0]) << 8 | Int(q[0])], mixed[Int(p[1]) << 8 | Int(q[1])],
                                                    mixed[Int(p[2]) << 8 | Int(q[2])], 255)
                    } else if light >= 1, q[3] == 255 {
                        (o[0], o[1], o[2], o[3]) = (faded[Int(q[0])], faded[256 + Int(q[1])], faded[512 + Int(q[2])], 255)
                    } else {
                        let lit = burst.pixel(LinearLight.pixel(p[0], p[1], p[2], p[3]), LinearLight.pixel(q[0], q[1], q[2], q[3]),
                                              light: light, flash: flash, dark: dark, full: full)
                        LinearLight.store(lit, into: o)
                    }
                    i += 1
                }
            }
        }
    }
}
