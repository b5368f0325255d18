/// A separable Gaussian blur of an 8-bit alpha mask.
enum GaussianBlur {
    /// Blurs `mask` (width × height) in place with standard deviation `sigma` pixels.
    static func blur(_ mask: inout [UInt8], width: Int, height: Int, sigma: CGFloat) {
        guard sigma > 0.1, width > 0, height > 0 else { return }
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * Double(sigma * sigma)))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var temp = [Float](repeating: 0, count: width * height)
        mask.withUnsafeBufferPointer { src in
            temp.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum: Float = 0
                        for k in max(-radius, -x)...min(radius, width - 1 - x) {
                            sum += kernel[k + radius] * Float(src[y * width + x + k])
                        }
                        dst[y * width + x] = sum
                    }
                }
            }
        }
        temp.withUnsafeBufferPointer { src in
            mask.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        var sum: Float = 0
                        for k in max(-radius, -y)...min(radius, height - 1 - y) {
                            sum += kernel[k + radius] * src[(y + k) * width + x]
                        }
                        dst[y * width + x] = UInt8(min(max(sum + 0.5, 0), 255))
                    }
                }
            }
        }
    }
}
