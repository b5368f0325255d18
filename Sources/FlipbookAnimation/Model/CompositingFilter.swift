import FlipbookFilters
import FlipbookGraphics

/// The Core Image compositing filters a layer's `compositingFilter` can name, as the blend
/// modes that draw them: `inputImage` is the layer, `inputBackgroundImage` the content
/// behind it.
enum CompositingFilter {
    /// Core Image's filter names (iOS also takes each without "CI", lowercase first).
    static let blendModes: [String: CGBlendMode] = [
        "CISourceOverCompositing": .normal, "CISourceInCompositing": .sourceIn, "CISourceOutCompositing": .sourceOut,
        "CISourceAtopCompositing": .sourceAtop, "CIAdditionCompositing": .plusLighter,
        "CIMultiplyBlendMode": .multiply, "CIScreenBlendMode": .screen, "CIOverlayBlendMode": .overlay,
        "CIDarkenBlendMode": .darken, "CILightenBlendMode": .lighten, "CIColorDodgeBlendMode": .colorDodge,
        "CIColorBurnBlendMode": .colorBurn, "CISoftLightBlendMode": .softLight, "CIHardLightBlendMode": .hardLight,
        "CIDifferenceBlendMode": .difference, "CIExclusionBlendMode": .exclusion, "CIHueBlendMode": .hue,
        "CISaturationBlendMode": .saturation, "CIColorBlendMode": .color, "CILuminosityBlendMode": .luminosity,
    ]

    /// The blend mode drawing `filter` (a `CIFilter` or a name); nil for none, for
    /// source-over and for a filter Flipbook does not composite with.
    static func blendMode(of filter: Any?) -> CGBlendMode? {
        guard let name = name(of: filter), let mode = blendModes[name], mode != .normal else { return nil }
        return mode
    }

    /// Says so when `filter` is one Flipbook draws as source-over without being asked to.
    static func check(_ filter: Any?) {
        guard let filter else { return }
        guard let name = name(of: filter) else {
            return AnimationDiagnostics.report("compositingFilter \(filter) is neither a CIFilter nor a filter name; the layer composites source-over")
        }
        if blendModes[name] == nil {
            AnimationDiagnostics.report("compositingFilter \(name) is not one Flipbook composites with; the layer composites source-over")
        }
    }

    /// The Core Image name of `filter`: a filter's own, or a string given either way.
    static func name(of filter: Any?) -> String? {
        if let filter = filter as? CIFilter { return filter.name }
        guard let string = filter as? String, let first = string.first else { return nil }
        return string.hasPrefix("CI") ? string : "CI" + first.uppercased() + string.dropFirst()
    }
}
