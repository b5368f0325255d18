import Foundation

/// The changes of one batch update to a list of sections of items — what
/// `performBatchUpdates` gathers — and how paths before it map to paths after it, by
/// UIKit's rules: deletions and reloads name paths before the update, insertions paths
/// after it, moves one of each; items neither deleted nor moved keep their order.
struct ListUpdate {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var reloadedSections = IndexSet()
    var deletedItems: Set<IndexPath> = []
    var insertedItems: Set<IndexPath> = []
    var reloadedItems: Set<IndexPath> = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []

    /// Where things went.
    struct Mapping {
        /// New section of each old section that stays.
        fileprivate(set) var sections: [Int: Int] = [:] { didSet { oldSections = Dictionary(uniqueKeysWithValues: sections.map { ($1, $0) }) } }
        /// New path of each old item that stays (reloaded ones included).
        private(set) var items: [IndexPath: IndexPath] = [:]
        /// The inverses of `sections` and `items`.
        private var oldSections: [Int: Int] = [:]
        private var oldItems: [IndexPath: IndexPath] = [:]

        /// Records that the old item at `old` is at `new` after the update.
        mutating func map(_ old: IndexPath, to new: IndexPath) {
            if let replaced = items[old] { oldItems[replaced] = nil }
            items[old] = new
            oldItems[new] = old
        }
        /// New paths whose items are new views: inserted, or reloaded.
        var appearing: Set<IndexPath> = []
        /// New sections that are new: inserted, or reloaded.
        var appearingSections = IndexSet()

        /// The element an element before the update became; nil when it went away or is
        /// replaced by a new view.
        func newKey(for old: ReuseStage.Key) -> ReuseStage.Key? {
            if old.isCell {
                guard let path = items[old.indexPath], !appearing.contains(path) else { return nil }
                return .cell(path)
            }
            guard let section = sections[old.indexPath.section], !appearingSections.contains(section) else { return nil }
            return ReuseStage.Key(kind: old.kind, indexPath: IndexPath(item: old.indexPath.item, section: section))
        }

        /// The element an element after the update was; nil when it is new.
        func oldKey(for new: ReuseStage.Key) -> ReuseStage.Key? {
            if new.isCell {
                guard !appearing.contains(new.indexPath), let old = oldItems[new.indexPath] else { return nil }
                return .cell(old)
            }
            guard !appearingSections.contains(new.indexPath.section), let section = oldSections[new.indexPath.section] else { return nil }
            return ReuseStage.Key(kind: new.kind, indexPath: IndexPath(item: new.indexPath.item, section: section))
        }
    }

    /// The mapping from `before` item counts per section to `after`, or UIKit's message for
    /// an update that does not account for the change in counts.
    func mapping(before: [Int], after: [Int]) -> Result<Mapping, ListUpdateError> {
        let expectedSections = before.count - deletedSections.count + insertedSections.count
        guard after.count == expectedSections else {
            return .failure(ListUpdateError(message: "invalid number of sections. The number of sections after the update (\(after.count)) must be equal to the number before it (\(before.count)), plus or minus the number inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)"))
        }
        var mapping = Mapping()
        let keptOld = (0..<before.count).filter { !deletedSections.contains($0) }
        let keptNew = (0..<after.count).filter { !insertedSections.contains($0) }
        mapping.sections = Dictionary(uniqueKeysWithValues: zip(keptOld, keptNew))
        mapping.appearingSections = insertedSections.union(IndexSet(reloadedSections.compactMap { mapping.sections[$0] }))
        for section in mapping.appearingSections where section < after.count {
            for item in 0..<after[section] { mapping.appearing.insert(IndexPath(item: item, section: section)) }
        }
        let movedFrom = Set(movedItems.map(\.from))
        let movedTo = Set(movedItems.map(\.to))
        for (old, new) in mapping.sections.sorted(by: { $0.key < $1.key }) where !reloadedSections.contains(old) {
            let staying = (0..<before[old]).map { IndexPath(item: $0, section: old) }
                .filter { !deletedItems.contains($0) && !movedFrom.contains($0) }
            let slots = (0..<after[new]).map { IndexPath(item: $0, section: new) }
                .filter { !insertedItems.contains($0) && !movedTo.contains($0) }
            let movedIn = movedItems.filter { $0.to.section == new }.count
            let movedOut = movedItems.filter { $0.from.section == old }.count
            let inserted = insertedItems.filter { $0.section == new }.count
            let deleted = deletedItems.filter { $0.section == old }.count
            guard staying.count == slots.count else {
                return .failure(ListUpdateError(message: "invalid number of items in section \(new). The number of items in an existing section after the update (\(after[new])) must be equal to the number before it (\(before[old])), plus or minus the number inserted or deleted (\(inserted) inserted, \(deleted) deleted) and plus or minus the number moved in or out (\(movedIn) moved in, \(movedOut) moved out)"))
            }
            for (from, to) in zip(staying, slots) {
                mapping.map(from, to: to)
                if reloadedItems.contains(from) { mapping.appearing.insert(to) }
            }
        }
        for move in movedItems where mapping.sections[move.from.section] != nil {
            mapping.map(move.from, to: move.to)
        }
        mapping.appearing.formUnion(insertedItems)
        return .success(mapping)
    }
}

/// Why a batch update could not be applied: UIKit raises an exception with this reason.
struct ListUpdateError: Error {
    let message: String
}
