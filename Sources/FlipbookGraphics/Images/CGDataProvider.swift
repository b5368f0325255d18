/// A source of bytes for an image, as in Core Graphics.
public final class CGDataProvider: Sendable {
    /// The provider's bytes.
    public let data: Data?

    /// A provider over `data`.
    public init?(data: Data) { self.data = data }
}
