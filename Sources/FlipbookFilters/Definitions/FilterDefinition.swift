import Foundation
import FlipbookGraphics

/// A built-in filter: its name, display name, categories, inputs, and the recipe it makes
/// from checked input values.
struct FilterDefinition: Sendable {
    let name: String
    let displayName: String
    let categories: [String]
    let parameters: [FilterParameter]
    let make: @Sendable (FilterInputs) -> CIImage?

    init(_ name: String, displayName: String, categories: [String], parameters: [FilterParameter],
         make: @escaping @Sendable (FilterInputs) -> CIImage?) {
        (self.name, self.displayName, self.categories, self.parameters, self.make) = (name, displayName, categories, parameters, make)
    }

    /// Every built-in filter by name.
    static let all: [String: FilterDefinition] = {
        let list: [FilterDefinition] = [
            .accordionFoldTransition, .barsSwipeTransition, .copyMachineTransition, .disintegrateWithMaskTransition,
            .dissolveTransition, .flashTransition, .modTransition, .pageCurlTransition, .pageCurlWithShadowTransition,
            .rippleTransition, .swipeTransition,
            .sourceOverCompositing, .constantColorGenerator, .crop, .affineTransform,
            .gaussianBlur, .boxBlur, .motionBlur, .zoomBlur,
            .colorControls, .colorMatrix, .exposureAdjust, .vignette, .pixellate, .maskToAlpha,
            .linearGradient, .radialGradient, .checkerboardGenerator, .stripesGenerator, .blendWithMask,
        ] + compositingFilters + blendModes
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()
}

/// A filter's input values, checked and converted: numbers clamped to their range (NaN
/// becomes the default), vectors and colours of the right class.
struct FilterInputs: Sendable {
    let filter: String
    private let images: [String: CIImage]
    private let numbers: [String: Double]
    private let vectors: [String: CIVector]
    private let colors: [String: CIColor]
    private let transforms: [String: CGAffineTransform]

    /// Checks `values` against `definition`; nil (with a diagnostic naming the key) when a
    /// value has the wrong type or a required image is missing.
    init?(_ values: [String: Any], for definition: FilterDefinition) {
        filter = definition.name
        var images: [String: CIImage] = [:], numbers: [String: Double] = [:], vectors: [String: CIVector] = [:]
        var colors: [String: CIColor] = [:], transforms: [String: CGAffineTransform] = [:]
        func wrong(_ key: String, _ expected: String) {
            let given = values[key].map { "\(type(of: $0))" } ?? "nil"
            FilterDiagnostics.report("\(definition.name): \(key) must be \(expected), not \(given)")
        }
        for parameter in definition.parameters {
            let key = parameter.key
            let value = values[key]
            switch parameter.value {
            case .image(let optional):
                guard let value else {
                    if optional { continue }
                    FilterDiagnostics.report("\(definition.name): \(key) is missing")
                    return nil
                }
                guard let image = value as? CIImage else {
                    wrong(key, "a CIImage")
                    return nil
                }
                images[key] = image
            case let .number(defaultValue, min, max, _, _, _):
                guard let number = Self.number(value ?? defaultValue) else {
                    wrong(key, "a number")
                    return nil
                }
                var clamped = number.isNaN ? defaultValue : number
                if let min, clamped < min { clamped = min }
                if let max, clamped > max { clamped = max }
                numbers[key] = clamped
            case .vector(let defaultValue, _):
                guard let vector = (value ?? CIVector(values: defaultValue)) as? CIVector else {
                    wrong(key, "a CIVector")
                    return nil
                }
                guard (0..<vector.count).allSatisfy({ vector.value(at: $0).isFinite }) else {
                    FilterDiagnostics.report("\(definition.name): \(key) must hold finite numbers, not \(vector)")
                    return nil
                }
                vectors[key] = vector
            case .color:
                guard let color = (value ?? parameter.defaultValue) as? CIColor else {
                    wrong(key, "a CIColor")
                    return nil
                }
                colors[key] = color
            case .transform:
                guard let transform = (value ?? CGAffineTransform.identity) as? CGAffineTransform else {
                    wrong(key, "a CGAffineTransform")
                    return nil
                }
                transforms[key] = transform
            }
        }
        (self.images, self.numbers, self.vectors, self.colors, self.transforms) = (images, numbers, vectors, colors, transforms)
    }

    static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Bool: v ? 1 : 0
        case let v as NSNumber: v.doubleValue
        default: nil
        }
    }

    func image(_ key: String) -> CIImage { images[key] ?? .empty() }
    /// An optional image input: nil when it was left unset.
    func optionalImage(_ key: String) -> CIImage? { images[key] }
    func number(_ key: String) -> Double { numbers[key] ?? 0 }
    func vector(_ key: String) -> CIVector { vectors[key] ?? CIVector(values: []) }
    func color(_ key: String) -> CIColor { colors[key] ?? .clear }
    func transform(_ key: String) -> CGAffineTransform { transforms[key] ?? .identity }
}
