/// Vectors as their scalars one after another, as the C kernels read and write them. Only
/// for vectors whose stride is their scalars' (SIMD2 and SIMD4; a SIMD3 is padded).
extension UnsafePointer where Pointee: SIMD {
    var scalars: UnsafePointer<Pointee.Scalar> { UnsafeRawPointer(self).assumingMemoryBound(to: Pointee.Scalar.self) }
}

extension UnsafeMutablePointer where Pointee: SIMD {
    var scalars: UnsafeMutablePointer<Pointee.Scalar> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: Pointee.Scalar.self) }
}
