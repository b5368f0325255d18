import Foundation

/// The 8-bit rows of a node that shows, in runs of pixels, one of its inputs unchanged (the
/// flat ground of a ripple or a page curl), maybe under one fixed colour, and pixels of its
/// own elsewhere. An input's runs are copied from its byte rows (tinted through a table a
/// channel where opaque); the other pixels are encoded by the node itself (`encode`:
/// rendered in floating point and encoded, unless the node knows a shorter way). The bytes
/// are those of rendering the whole row in floating point: an input's pixel decoded and
/// encoded is its byte again, and the tint is the same arithmetic.
struct SplicedRows: ByteRowSource {
    /// Calls its last argument, in order, with each run of the `count` pixels of a row from
    /// `x` rightwards at height `y` (the pixel centres'), and the index of the input the node
    /// shows unchanged there, or −1 for a run where it shows something else.
    typealias Runs = @Sendable (_ x: Double, _ y: Double, _ count: Int, _ body: (Range<Int>, Int) -> Void) -> Void
    /// Renders the pixels that are not an input's.
    let node: any ImageNode
    let inputs: [any ByteRowSource]
    /// Laid over the inputs' pixels (source-over), premultiplied linear; nil: nothing is.
    let overlay: SIMD4<Float>?
    let runs: Runs
    /// With an overlay: an opaque code of each channel under it, encoded, 256 a channel.
    private let tints: [UInt8]

    init(node: any ImageNode, inputs: [any ByteRowSource], overlay: SIMD4<Float>?, runs: @escaping Runs) {
        (self.node, self.inputs, self.overlay, self.runs) = (node, inputs, overlay, runs)
        tints = overlay.map { overlay in LinearLight.channelTable { overlay.over($0) } } ?? []
    }

    func readRow(column: Int, row: Int, count: Int, buffer: UnsafeMutablePointer<UInt8>, scratch: Scratch,
                 _ body: (UnsafePointer<UInt8>) -> Void) {
        runs(Double(column), Double(row) + 0.5, count) { run, input in
            let x = column + run.lowerBound, n = run.count, out = buffer + 4 * run.lowerBound
            if input >= 0 {
                inputs[input].copyRow(column: x, row: row, count: n, into: out, scratch: scratch)
                if let overlay { tint(out, count: n, under: overlay) }
            } else {
                node.encode(.pixels(column: x, row: row, count: n), into: out, scratch: scratch)
            }
        }
        body(buffer)
    }

    /// Lays `overlay` over the `count` pixels at `pixels`: opaque ones through the table,
    /// others in linear light.
    private func tint(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, under overlay: SIMD4<Float>) {
        tints.withUnsafeBufferPointer { tints in
            for i in 0..<count {
                let p = pixels + 4 * i
                if p[3] == 255 {
                    (p[0], p[1], p[2], p[3]) = (tints[Int(p[0])], tints[256 + Int(p[1])], tints[512 + Int(p[2])], p[3])
                } else {
                    LinearLight.store(overlay.over(LinearLight.pixel(p[0], p[1], p[2], p[3])), into: p)
                }
            }
        }
    }
}
