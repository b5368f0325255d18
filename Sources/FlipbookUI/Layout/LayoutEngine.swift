import FlipbookGraphics

/// Auto Layout for one view hierarchy, held by its root view: turns the active constraints
/// installed in the hierarchy into a `LayoutSolver`'s equations and the solution back into
/// frames.
///
/// Each item a constraint involves (and each view between an item and the constraint's
/// common ancestor) gets four variables: its frame's origin and size in its holder's
/// coordinates. Besides the user's constraints the engine keeps system ones, as UIKit: a
/// view with `translatesAutoresizingMaskIntoConstraints` is held at its current frame;
/// any other view's intrinsic content size pulls with its hugging and
/// compression-resistance priorities; the margins and safe-area guides follow their view.
///
/// Changes are collected and applied at the next `updateIfNeeded()` (the layout pass or
/// `layoutIfNeeded()`): a structural change (constraints activated or deactivated, views
/// moved) reconciles the solver with the hierarchy; a changed constant, priority, fixed
/// frame or intrinsic size replaces just its own equations.
@MainActor
final class LayoutEngine {
    private unowned let root: UIView
    private let solver = LayoutSolver()

    /// A user constraint and its equation in the solver (nil while refused).
    private struct Entry {
        let constraint: NSLayoutConstraint
        var equation: LayoutSolver.Constraint?
        let participants: [any LayoutItem]
    }

    /// What the engine keeps an item to besides the user's constraints.
    private enum Spec: Equatable {
        case fixed(CGRect)
        case intrinsic(width: CGFloat?, height: CGFloat?, hugging: [Float], compression: [Float])
        case inset(UIEdgeInsets)
        case free
    }

    private struct Participant {
        let item: any LayoutItem
        var spec: Spec
        var equations: [LayoutSolver.Constraint]
        /// When the item joined, to visit the items in a stable order.
        let sequence: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var participants: [ObjectIdentifier: Participant] = [:]
    /// The participants that are views, with their variables, in the order they joined.
    private var views: [(view: UIView, node: LayoutNode)] = []
    /// Whether changes wait for `updateIfNeeded()`; `pendingCount` counts the engines
    /// where they do, so that a layout pass with none to solve need not look for its engine.
    private var needsUpdate = false {
        didSet { if needsUpdate != oldValue { Self.pendingCount += needsUpdate ? 1 : -1 } }
    }
    private(set) static var pendingCount = 0
    private var needsReconcile = true
    private var needsConstraintUpdates = false
    private var nextSequence = 0
    private var changedConstraints: [NSLayoutConstraint] = []
    private var changedItems: [any LayoutItem] = []
    private var changed: Set<ObjectIdentifier> = []
    private var reportedAmbiguity: Set<ObjectIdentifier> = []

    init(root: UIView) {
        self.root = root
        setNeedsUpdate()
    }

    // Property observers do not run in deinit: an engine dropped with changes waiting
    // takes itself out of the count here.
    isolated deinit { if needsUpdate { Self.pendingCount -= 1 } }

    // MARK: Changes

    /// Constraints were activated or deactivated, or views moved.
    func constraintsChanged() {
        needsReconcile = true
        setNeedsUpdate()
    }

    /// A constraint's constant or priority changed.
    func constraintChanged(_ constraint: NSLayoutConstraint) {
        if changed.insert(ObjectIdentifier(constraint)).inserted { changedConstraints.append(constraint) }
        setNeedsUpdate()
    }

    /// A fixed view's frame, a view's intrinsic size or how a view is placed changed.
    func itemChanged(_ item: any LayoutItem) {
        if changed.insert(ObjectIdentifier(item)).inserted { changedItems.append(item) }
        setNeedsUpdate()
    }

    /// A view asked for `updateConstraints()`.
    func constraintUpdateRequested() {
        needsConstraintUpdates = true
        setNeedsUpdate()
    }

    private func setNeedsUpdate() {
        needsUpdate = true
        root.setNeedsLayout()
    }

    // MARK: Solving

    /// Runs requested `updateConstraints()`, applies the collected changes to the solver and
    /// marks for layout the superviews of views whose solved frames moved.
    func updateIfNeeded() {
        guard needsUpdate else { return }
        if needsConstraintUpdates {
            needsConstraintUpdates = false
            Self.updateConstraints(in: root)
        }
        needsUpdate = false
        // Which views are ambiguous changes with the set of constraints, not with constants.
        let structural = needsReconcile
        if needsReconcile {
            needsReconcile = false
            reconcile()
        }
        for constraint in changedConstraints { replaceEquation(of: constraint) }
        for item in changedItems { refresh(item) }
        (changedConstraints, changedItems, changed) = ([], [], [])
        let scale = root.window?.screen.scale ?? UIScreen.main.scale
        for (view, node) in views {
            guard !view.translatesAutoresizingMaskIntoConstraints else {
                view.layoutState.solvedFrame = nil
                continue
            }
            let frame = Self.rounded(solvedFrame(of: node), scale: scale)
            guard frame != view.layoutState.solvedFrame else { continue }
            view.layoutState.solvedFrame = frame
            view.superview?.setNeedsLayout()
        }
        if structural { reportAmbiguity() }
    }

    /// The item's frame in its holder's coordinates as solved, or nil when the engine does
    /// not place it.
    func solvedFrame(of item: any LayoutItem) -> CGRect? {
        guard participants[ObjectIdentifier(item)] != nil else { return nil }
        return solvedFrame(of: item.layoutNode)
    }

    private func solvedFrame(of node: LayoutNode) -> CGRect {
        CGRect(x: solver.value(of: node.x), y: solver.value(of: node.y),
               width: solver.value(of: node.width), height: solver.value(of: node.height))
    }

    /// Whether the constraints leave any of the item's frame open.
    func isAmbiguous(_ item: any LayoutItem) -> Bool {
        guard let participant = participants[ObjectIdentifier(item)] else { return false }
        if case .fixed = participant.spec { return false }
        return item.layoutNode.variables.contains { solver.isAmbiguous($0) }
    }

    /// A frame with its edges rounded to the screen's pixels, as UIKit places views.
    private static func rounded(_ frame: CGRect, scale: CGFloat) -> CGRect {
        func round(_ value: CGFloat) -> CGFloat { (value * scale).rounded() / scale }
        let minX = round(frame.minX), minY = round(frame.minY)
        return CGRect(x: minX, y: minY, width: round(frame.maxX) - minX, height: round(frame.maxY) - minY)
    }

    // MARK: Reconciling

    /// Brings the solver in line with the active constraints installed in the hierarchy and
    /// the items they involve.
    private func reconcile() {
        var wanted: [NSLayoutConstraint] = []
        Self.collectConstraints(in: root, into: &wanted)
        let wantedIDs = Set(wanted.map(ObjectIdentifier.init))
        for (id, entry) in entries where !wantedIDs.contains(id) {
            if let equation = entry.equation { solver.remove(equation) }
            entries[id] = nil
        }
        var added: [(NSLayoutConstraint, LayoutSolver.Constraint)] = []
        for constraint in wanted where entries[ObjectIdentifier(constraint)] == nil {
            guard let (equation, involved) = equation(for: constraint) else { continue }
            entries[ObjectIdentifier(constraint)] = Entry(constraint: constraint, equation: nil, participants: involved)
            added.append((constraint, equation))
        }
        // The items now involved, in the hierarchy's order, with the owners of guides that
        // keep to their owner.
        var involved: [any LayoutItem] = [], involvedIDs: Set<ObjectIdentifier> = []
        func involve(_ item: any LayoutItem) {
            guard involvedIDs.insert(ObjectIdentifier(item)).inserted else { return }
            involved.append(item)
            if let guide = item as? UILayoutGuide, guide.systemInsets != nil, let owner = guide.owningView { involve(owner) }
        }
        for constraint in wanted {
            entries[ObjectIdentifier(constraint)]?.participants.forEach(involve)
        }
        for participant in orderedParticipants where !involvedIDs.contains(ObjectIdentifier(participant.item)) {
            participant.equations.forEach(solver.remove)
            participants[ObjectIdentifier(participant.item)] = nil
            if let view = participant.item as? UIView, view.layoutState.engine === self {
                view.layoutState.engine = nil
                view.layoutState.solvedFrame = nil
            }
        }
        // System equations first, so that a user constraint that contradicts them is the
        // one refused, as UIKit breaks the user's constraint.
        for item in involved where participants[ObjectIdentifier(item)] == nil {
            participants[ObjectIdentifier(item)] = Participant(item: item, spec: .free, equations: [], sequence: nextSequence)
            nextSequence += 1
            if let view = item as? UIView { view.layoutState.engine = self }
            refresh(item)
        }
        for (constraint, equation) in added {
            let kept = add(equation, for: constraint)
            entries[ObjectIdentifier(constraint)]?.equation = kept
        }
        views = orderedParticipants.compactMap { participant in
            (participant.item as? UIView).map { ($0, participant.item.layoutNode) }
        }
        reportedAmbiguity = []
    }

    /// Replaces a user constraint's equation after its constant or priority changed.
    private func replaceEquation(of constraint: NSLayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard let entry = entries[id] else { return }
        guard let (equation, _) = self.equation(for: constraint) else { return }
        if let old = entry.equation {
            let held = solver.replace(old, with: equation)
            if !held {
                UIDiagnostics.report("Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint \(constraint)")
            }
            entries[id]?.equation = held ? equation : nil
        } else {
            entries[id]?.equation = add(equation, for: constraint)
        }
    }

    /// Replaces the item's system equations when what it keeps to changed.
    private func refresh(_ item: any LayoutItem) {
        let id = ObjectIdentifier(item)
        guard let participant = participants[id] else { return }
        let spec = Self.spec(for: item)
        guard spec != participant.spec || participant.equations.isEmpty && spec != .free else { return }
        participant.equations.forEach(solver.remove)
        let equations = systemEquations(for: item, spec)
        var kept: [LayoutSolver.Constraint] = []
        for equation in equations {
            if solver.add(equation) {
                kept.append(equation)
            } else {
                UIDiagnostics.report("Unable to simultaneously satisfy constraints: \(Self.name(of: item)) can't keep \(spec) with the active constraints; that part of it is left out")
            }
        }
        participants[id] = Participant(item: item, spec: spec, equations: kept, sequence: participant.sequence)
    }

    /// Adds a user constraint's equation; a refused one is reported and left out.
    private func add(_ equation: LayoutSolver.Constraint, for constraint: NSLayoutConstraint) -> LayoutSolver.Constraint? {
        if solver.add(equation) { return equation }
        UIDiagnostics.report("Unable to simultaneously satisfy constraints. Will attempt to recover by breaking constraint \(constraint)")
        return nil
    }

    private var orderedParticipants: [Participant] {
        participants.values.sorted { $0.sequence < $1.sequence }
    }

    private func reportAmbiguity() {
        for participant in orderedParticipants {
            let id = ObjectIdentifier(participant.item)
            guard !reportedAmbiguity.contains(id), isAmbiguous(participant.item) else { continue }
            reportedAmbiguity.insert(id)
            let open = zip(["x", "y", "width", "height"], participant.item.layoutNode.variables)
                .filter { solver.isAmbiguous($0.1) }.map(\.0)
            UIDiagnostics.report("Ambiguous layout: the constraints leave \(Self.name(of: participant.item))'s \(open.joined(separator: ", ")) open")
        }
    }

    // MARK: Equations

    /// `first − multiplier × second − constant (relation) 0` in the common ancestor's
    /// coordinates, with the items it involves; nil when the items share no ancestor.
    private func equation(for constraint: NSLayoutConstraint) -> (LayoutSolver.Constraint, [any LayoutItem])? {
        guard let first = constraint.firstLayoutItem, let ancestor = constraint.commonAncestor() else { return nil }
        var chain: [UIView] = []
        var expression = first.expression(for: constraint.firstAttribute, in: ancestor, chain: &chain)
        var involved: [any LayoutItem] = [first]
        if let second = constraint.secondLayoutItem, constraint.secondAttribute != .notAnAttribute {
            expression = expression - second.expression(for: constraint.secondAttribute, in: ancestor, chain: &chain)
                * Double(constraint.multiplier)
            involved.append(second)
        }
        expression = expression + Double(-constraint.constant)
        let relation: LayoutSolver.Relation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return (LayoutSolver.Constraint(expression, relation, strength: constraint.priority.strength), involved + chain)
    }

    private static func spec(for item: any LayoutItem) -> Spec {
        if let guide = item as? UILayoutGuide {
            guard let insets = guide.systemInsets, let owner = guide.owningView else { return .free }
            return .inset(insets(owner))
        }
        guard let view = item as? UIView else { return .free }
        if view.translatesAutoresizingMaskIntoConstraints { return .fixed(view.frameIgnoringTransform) }
        let size = view.intrinsicContentSize
        let axes: [NSLayoutConstraint.Axis] = [.horizontal, .vertical]
        return .intrinsic(width: size.width >= 0 ? size.width : nil, height: size.height >= 0 ? size.height : nil,
                          hugging: axes.map { view.contentHuggingPriority(for: $0).rawValue },
                          compression: axes.map { view.contentCompressionResistancePriority(for: $0).rawValue })
    }

    private func systemEquations(for item: any LayoutItem, _ spec: Spec) -> [LayoutSolver.Constraint] {
        let node = item.layoutNode
        func equal(_ variable: LayoutVariable, _ value: CGFloat) -> LayoutSolver.Constraint {
            LayoutSolver.Constraint(LinearExpression(variable) + Double(-value), .equal)
        }
        switch spec {
        case .free:
            return []
        case .fixed(let frame):
            return [equal(node.x, frame.minX), equal(node.y, frame.minY),
                    equal(node.width, frame.width), equal(node.height, frame.height)]
        case .inset(let insets):
            guard let owner = (item as? UILayoutGuide)?.owningView?.layoutNode else { return [] }
            return [equal(node.x, insets.left), equal(node.y, insets.top),
                    LayoutSolver.Constraint(LinearExpression(node.width) - LinearExpression(owner.width)
                                            + Double(insets.left + insets.right), .equal),
                    LayoutSolver.Constraint(LinearExpression(node.height) - LinearExpression(owner.height)
                                            + Double(insets.top + insets.bottom), .equal)]
        case let .intrinsic(width, height, hugging, compression):
            var equations: [LayoutSolver.Constraint] = []
            for (variable, size, axis) in [(node.width, width, 0), (node.height, height, 1)] {
                guard let size else { continue }
                let difference = LinearExpression(variable) + Double(-size)
                equations.append(LayoutSolver.Constraint(difference, .lessThanOrEqual,
                                                         strength: UILayoutPriority(hugging[axis]).strength))
                equations.append(LayoutSolver.Constraint(difference, .greaterThanOrEqual,
                                                         strength: UILayoutPriority(compression[axis]).strength))
            }
            return equations
        }
    }

    // MARK: The hierarchy

    private static func collectConstraints(in view: UIView, into constraints: inout [NSLayoutConstraint]) {
        constraints += view.layoutState.installed
        for sub in view.subviews { collectConstraints(in: sub, into: &constraints) }
    }

    /// Calls `updateConstraints()` on the views that asked, subviews before superviews.
    private static func updateConstraints(in view: UIView) {
        for sub in view.subviews { updateConstraints(in: sub) }
        if view.layoutState.needsUpdateConstraints {
            view.layoutState.needsUpdateConstraints = false
            view.updateConstraints()
        }
    }

    private static func name(of item: any LayoutItem) -> String {
        if let guide = item as? UILayoutGuide, !guide.identifier.isEmpty { return guide.identifier }
        return String(describing: type(of: item))
    }
}
