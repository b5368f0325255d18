import ArgumentParser
import Flipbook

/// `flipbook filters`: the built-in filters with their inputs, defaults and ranges.
struct Filters: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the Core Image filters Flipbook has.")

    @Option(help: "Only this category: transition, blur, generator, … or a full name like CICategoryTransition.")
    var category: String?

    /// The category's full name (`CICategoryTransition` for `transition`), or nil for all.
    private var fullCategory: String? {
        category.map { $0.hasPrefix("CICategory") ? $0 : "CICategory" + $0.prefix(1).uppercased() + $0.dropFirst() }
    }

    func validate() throws {
        guard CIFilter.filterNames(inCategory: fullCategory).isEmpty else { return }
        let known = Set(CIFilter.filterNames(inCategory: nil).compactMap { CIFilter(name: $0)?.attributes[kCIAttributeFilterCategories] as? [String] }.joined())
            .filter { !CIFilter.filterNames(inCategory: $0).isEmpty }
            .map { $0.replacingOccurrences(of: "CICategory", with: "").lowercased() }.sorted()
        throw ValidationError("no filters in category '\(category ?? "")'; the categories are \(known.joined(separator: ", "))")
    }

    func run() throws {
        for name in CIFilter.filterNames(inCategory: fullCategory) {
            guard let filter = CIFilter(name: name) else { continue }
            print(filter.summary)
        }
    }
}
