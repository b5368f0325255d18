import Foundation
import FlipbookGraphics

/// A filter made by name, as Core Image's `CIFilter`: inputs set with
/// `setValue(_:forKey:)` under Apple's keys (`kCIInputImageKey`, `kCIInputTimeKey`, …),
/// the result read from `outputImage`. As on iOS, a new filter starts with its inputs at
/// their defaults. `outputImage` is nil, with a diagnostic naming the key, when an input
/// has the wrong type or a required image is missing; numbers outside an input's range are
/// clamped into it and NaN counts as the default.
open class CIFilter: CustomStringConvertible {
    let definition: FilterDefinition
    private var values: [String: Any] = [:]

    /// The filter named `name`; nil for a name Core Image does not know.
    public init?(name: String) {
        guard let definition = FilterDefinition.all[name] else { return nil }
        self.definition = definition
        setDefaults()
    }

    public var name: String { definition.name }

    /// The input keys, in the order the filter declares them.
    public var inputKeys: [String] { definition.parameters.map(\.key) }

    public var outputKeys: [String] { [kCIOutputImageKey] }

    /// Sets every input that has a default to it (images have none).
    open func setDefaults() {
        for parameter in definition.parameters {
            if let value = parameter.defaultValue { values[parameter.key] = value }
        }
    }

    /// Sets an input; nil removes it.
    open func setValue(_ value: Any?, forKey key: String) {
        values[key] = value
    }

    /// An input's value, or `outputImage` for `kCIOutputImageKey`.
    open func value(forKey key: String) -> Any? {
        key == kCIOutputImageKey ? outputImage : values[key]
    }

    /// The result of the filter on its current inputs.
    open var outputImage: CIImage? {
        guard let inputs = FilterInputs(values, for: definition) else { return nil }
        return definition.make(inputs)
    }

    /// Apple's attribute dictionary: the filter's name, display name and categories, and
    /// for each input its class, type, default, ranges and display name.
    open var attributes: [String: Any] {
        var attributes: [String: Any] = [kCIAttributeFilterName: name, kCIAttributeFilterDisplayName: definition.displayName,
                                         kCIAttributeFilterCategories: definition.categories]
        for parameter in definition.parameters { attributes[parameter.key] = parameter.attributes }
        return attributes
    }

    public var description: String { "CIFilter(\(name))" }

    /// The names of the built-in filters in `category` (all of them for nil), sorted.
    public class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the built-in filters in every one of `categories` (all for nil), sorted.
    public class func filterNames(inCategories categories: [String]?) -> [String] {
        FilterDefinition.all.values.filter { definition in
            (categories ?? []).allSatisfy(definition.categories.contains)
        }.map(\.name).sorted()
    }
}
