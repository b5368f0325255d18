import FlipbookFilters

/// The Core Image filters a layer's `filters` can hold, as the renderer draws them.
enum LayerFilters {
    /// Whether `filters` hold `CIMaskToAlpha`: the layer's rendering becomes white masked
    /// by its luminance.
    static func masksToAlpha(_ filters: [Any]?) -> Bool {
        filters?.contains { CompositingFilter.name(of: $0) == "CIMaskToAlpha" } ?? false
    }

    /// Says so for each filter Flipbook leaves out.
    static func check(_ filters: [Any]?) {
        for filter in filters ?? [] {
            guard let name = CompositingFilter.name(of: filter) else {
                AnimationDiagnostics.report("the layer filter \(filter) is neither a CIFilter nor a filter name; it is left out")
                continue
            }
            if name != "CIMaskToAlpha" {
                AnimationDiagnostics.report("the layer filter \(name) is not one Flipbook draws (only CIMaskToAlpha); it is left out")
            }
        }
    }
}
