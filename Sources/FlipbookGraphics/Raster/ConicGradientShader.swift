import Foundation

/// A conic (sweep) gradient: colour t lies on the ray from `center` at angle
/// `angle + 2π·t`, angles measured in user space from +x towards +y (clockwise on
/// screen in Flipbook's y-down contexts). It covers every direction, so it never
/// clears coverage.
struct ConicGradientShader: Shader {
    let gradient: CGGradient
    let inverse: CGAffineTransform
    let center: CGPoint
    let angle: CGFloat

    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<PackedPixel>,
               coverage: UnsafeMutablePointer<UInt8>) {
        gradient.table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let p = CGPoint(x: CGFloat(x + i) + 0.5, y: CGFloat(y) + 0.5).applying(inverse)
                var turn = (atan2(p.y - center.y, p.x - center.x) - angle) / (2 * .pi)
                turn -= turn.rounded(.down)
                output[i] = table[CGGradient.tableIndex(Float(turn))]
            }
        }
    }
}
