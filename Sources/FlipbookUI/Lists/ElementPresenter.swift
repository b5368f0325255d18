import Foundation
import FlipbookGraphics

/// Shows a collection or table view's elements: a view for each element in the bounds,
/// dequeued once and kept while it stays in view, recycled when it leaves — and, for a
/// batch update, every view on screen before or after animated to its new place.
@MainActor
final class ElementPresenter {
    let stage = ReuseStage()
    /// Views animating away after an update, recycled when it ends.
    private var departing: [(key: ReuseStage.Key, view: UIView)] = []
    /// Every element's attributes before the update being animated.
    private(set) var attributesBefore: [ReuseStage.Key: UICollectionViewLayoutAttributes] = [:]
    /// Items (rows) per section as last read from the data source; nil until read, or after
    /// a reload.
    var counts: [Int]?

    /// The counts per section, read with `read` when not known.
    func counts(reading read: () -> [Int]) -> [Int] {
        if let counts { return counts }
        let made = read()
        counts = made
        return made
    }

    /// How many items (rows) section `section` has: 0 for a section that does not exist.
    func count(inSection section: Int, reading read: () -> [Int]) -> Int {
        let all = counts(reading: read)
        return all.indices.contains(section) ? all[section] : 0
    }

    /// Shows a view for every element in the source's bounds and recycles the views that
    /// left (first, so the ones coming in reuse them).
    func layOut(_ source: some ElementSource) {
        let wanted = source.elementAttributes(in: source.bounds).map { (Self.key(of: $0), $0) }
        let wantedKeys = Set(wanted.map(\.0))
        for (key, view) in stage.visible where !wantedKeys.contains(key) {
            stage.visible[key] = nil
            stage.recycle(view, kind: key.kind)
            source.endDisplaying(view, for: key)
        }
        for (key, attributes) in wanted {
            guard let view = stage.visible[key] ?? source.makeElementView(for: key) else { continue }
            source.apply(attributes, to: view)
            stage.visible[key] = view
        }
    }

    /// Every element's attributes as laid out now, copied (taken before an update).
    func allAttributes(_ source: some ElementSource) -> [ReuseStage.Key: UICollectionViewLayoutAttributes] {
        let size = source.contentSize
        let everything = CGRect(x: -1e6, y: -1e6, width: size.width + 2e6, height: size.height + 2e6)
        var result: [ReuseStage.Key: UICollectionViewLayoutAttributes] = [:]
        for attributes in source.elementAttributes(in: everything) { result[Self.key(of: attributes)] = attributes.copy() }
        return result
    }

    /// Animates an update the source has laid out: views of elements that stay move to
    /// their new places, elements that appear come in from `startOfAppearing` (or from where
    /// they were, when they were off screen), views of elements that went away go to
    /// `endOfDisappearing` and are recycled at the end. `alongside` runs in the same
    /// animation (the table view's own header and footer views move with the rows).
    func animate(_ mapping: ListUpdate.Mapping, from before: [ReuseStage.Key: UICollectionViewLayoutAttributes],
                 in source: some ElementSource, duration: TimeInterval,
                 alongside: @escaping () -> Void = {}, completion: ((Bool) -> Void)?) {
        attributesBefore = before
        var staying: [ReuseStage.Key: UIView] = [:]
        var leaving: [(key: ReuseStage.Key, view: UIView)] = []
        for (key, view) in stage.visible {
            if let new = mapping.newKey(for: key) { staying[new] = view } else { leaving.append((key, view)) }
        }
        let wanted = source.elementAttributes(in: source.bounds).map { (Self.key(of: $0), $0) }
        let wantedKeys = Set(wanted.map(\.0))
        stage.visible = [:]
        var arriving: [(view: UIView, attributes: UICollectionViewLayoutAttributes)] = []
        UIView.performWithoutAnimation {
            for (key, attributes) in wanted where staying[key] == nil {
                guard let view = source.makeElementView(for: key) else { continue }
                let start = mapping.oldKey(for: key).flatMap { before[$0] } ?? source.startOfAppearing(key)
                source.apply(start ?? attributes, to: view)
                arriving.append((view, attributes))
                stage.visible[key] = view
            }
        }
        var moving: [(view: UIView, target: UICollectionViewLayoutAttributes?)] = []
        for (key, view) in staying {
            if wantedKeys.contains(key) { stage.visible[key] = view } else { departing.append((key, view)) }
            moving.append((view, source.elementAttributes(for: key)))
        }
        departing += leaving
        let endings = leaving.map { (view: $0.view, end: source.endOfDisappearing($0.key)) }
        UIView.animate(withDuration: duration, animations: {
            for item in arriving { source.apply(item.attributes, to: item.view) }
            for item in moving { if let target = item.target { source.apply(target, to: item.view) } }
            for item in endings {
                if let end = item.end { source.apply(end, to: item.view) } else { item.view.alpha = 0 }
            }
            alongside()
        }, completion: { [weak self, weak source] finished in
            guard let self else { return }
            for item in departing where stage.visible[item.key] !== item.view {
                stage.recycle(item.view, kind: item.key.kind)
                source?.endDisplaying(item.view, for: item.key)
            }
            departing = []
            attributesBefore = [:]
            source?.setNeedsLayout()
            completion?(finished)
        })
    }

    static func key(of attributes: UICollectionViewLayoutAttributes) -> ReuseStage.Key {
        ReuseStage.Key(kind: attributes.representedElementKind ?? "", indexPath: attributes.indexPath)
    }
}
