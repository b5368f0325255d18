import ArgumentParser
import Flipbook

/// `flipbook filters`: the built-in filters with their inputs, defaults and ranges.
struct Filters: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the Core Image filters Flipbook has.")

    @Option(help: "Only this category: transition, blur, generator, … or a full name like CICategoryTransition.")
    var category: String?

    func run() throws {
        let full = category.map { $0.hasPrefix("CICategory") ? $0 : "CICategory" + $0.prefix(1).uppercased() + $0.dropFirst() }
        let names = CIFilter.filterNames(inCategory: full)
        guard !names.isEmpty else { throw ValidationError("no filters in category \(category ?? "")") }
        for name in names {
            guard let filter = CIFilter(name: name) else { continue }
            print(filter.summary)
        }
    }
}
