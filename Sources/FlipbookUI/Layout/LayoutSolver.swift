import Synchronization

/// An incremental solver for linear equalities and inequalities with priorities, of the
/// Cassowary kind that Auto Layout is built on (Badros, Borning and Stuckey, "The
/// Cassowary linear arithmetic constraint solving algorithm", 2001).
///
/// The constraints live in a simplex tableau: each row expresses one basic symbol in terms
/// of the parametric ones. Slack symbols turn inequalities into equalities; a constraint
/// that is not required gets error symbols whose weighted sum is the objective to minimise;
/// required equalities get a dummy symbol so that they can be found and removed again.
/// Adding a constraint substitutes its row into the tableau and re-optimises; removing one
/// pivots its marker symbol into the basis and drops that row, so a change costs a few
/// pivots, not a fresh solve.
///
/// A required constraint that cannot be met is refused: `add` returns false and the
/// tableau is as it was.
final class LayoutSolver {
    /// How a constraint's expression relates to zero.
    enum Relation { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// The strength of a constraint that must hold.
    static let required = Double.infinity

    /// `expression (relation) 0`, held with `strength`: `required`, or a positive weight
    /// for the error the objective minimises.
    final class Constraint {
        let expression: LinearExpression
        let relation: Relation
        let strength: Double

        init(_ expression: LinearExpression, _ relation: Relation, strength: Double = LayoutSolver.required) {
            self.expression = expression
            self.relation = relation
            self.strength = strength
        }

        var isRequired: Bool { strength == LayoutSolver.required }
    }

    // MARK: Tableau

    /// Symbols are numbers in the order they were made, with their kind in `kinds`.
    private typealias Symbol = Int
    private enum Kind: UInt8 { case external, slack, error, dummy }

    /// The symbols a constraint added: `marker` takes it out again; `other` is the second
    /// error symbol of a soft equality.
    private struct Tag {
        var marker: Symbol
        var other: Symbol?
        let sequence: Int
    }

    /// Tells this solver's variables from other solvers'.
    private let serial = LayoutSolver.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<Int>(0)
    private var kinds: [Kind] = []
    /// For each symbol, the index in `rows` of the row it is basic in, or -1.
    private var rowIndex: [Int] = []
    private var rows: [SimplexRow] = []
    /// The basic symbol of each row in `rows`.
    private var basics: [Symbol] = []
    private var tags: [ObjectIdentifier: (constraint: Constraint, tag: Tag)] = [:]
    private var variables: [ObjectIdentifier: (variable: LayoutVariable, symbol: Symbol, uses: Int)] = [:]
    private var objective = SimplexRow()
    /// Restricted rows a constant change left negative, for the dual simplex.
    private var infeasible: [Symbol] = []
    private var artificial: SimplexRow?
    private var nextSequence = 0
    /// Counts the changes to the tableau's rows other than their constants.
    private var shape = 0
    /// The rows (and coefficients) a marker had when `replace` last looked, valid while
    /// `shape` is unchanged: a constant changed every frame finds its rows at once.
    private var markerColumn: (marker: Symbol, shape: Int, cells: [(row: Int, coefficient: Double)])?

    /// How many constraints the solver holds.
    var constraintCount: Int { tags.count }

    /// Whether the solver holds `constraint`.
    func contains(_ constraint: Constraint) -> Bool { tags[ObjectIdentifier(constraint)] != nil }

    /// Adds a constraint and re-solves. Returns false, leaving the solver unchanged, when
    /// the constraint is required and contradicts the required constraints already held.
    /// Adding a constraint twice does nothing.
    @discardableResult
    func add(_ constraint: Constraint) -> Bool {
        guard !contains(constraint) else { return true }
        guard constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite }), constraint.expression.constant.isFinite else {
            return false
        }
        defer { infeasible = [] }
        switch insert(constraint) {
        case .added: return true
        case .refusedCleanly: return false
        case .refusedAfterChanges:
            rebuild()
            return false
        }
    }

    /// Removes a constraint and re-solves. Removing one the solver does not hold does nothing.
    func remove(_ constraint: Constraint) {
        guard let (_, tag) = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
        removeErrorEffects(tag.marker, constraint.strength)
        if let other = tag.other { removeErrorEffects(other, constraint.strength) }
        if removeRow(of: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), var row = removeRow(of: leaving) else {
                rebuild()
                return
            }
            row.solve(for: leaving, swappingIn: tag.marker)
            substitute(tag.marker, with: row)
        }
        release(constraint)
        if !optimize(objective: true) { rebuild() }
        infeasible = []
    }

    /// Replaces a held constraint with `new`. When only the constant differs (the same
    /// terms, relation and strength) the tableau's constants are shifted and the dual
    /// simplex restores feasibility — no rows are rebuilt, as Cassowary's edit variables
    /// work; otherwise the old constraint is removed and the new one added. Returns false
    /// when `new` is required and contradicts the others; it is then left out.
    @discardableResult
    func replace(_ old: Constraint, with new: Constraint) -> Bool {
        guard let (_, tag) = tags[ObjectIdentifier(old)], Self.differOnlyInConstant(old, new),
              new.expression.constant.isFinite else {
            remove(old)
            return add(new)
        }
        tags[ObjectIdentifier(old)] = nil
        tags[ObjectIdentifier(new)] = (new, tag)
        // The marker's coefficient in the constraint's own row, before any pivot.
        let markerCoefficient: Double = switch (new.relation, new.isRequired) {
        case (.equal, true), (.lessThanOrEqual, _): 1
        case (.equal, false), (.greaterThanOrEqual, _): -1
        }
        let delta = (new.expression.constant - old.expression.constant) / markerCoefficient
        if rowIndex[tag.marker] >= 0 {
            guard shift(rowIndex[tag.marker], by: -delta) else { return refuseReplacement(new) }
        } else {
            for (index, c) in column(of: tag.marker) where !shift(index, by: c * delta) {
                return refuseReplacement(new)
            }
        }
        return dualOptimize() || refuseReplacement(new)
    }

    /// The rows a parametric symbol appears in, with its coefficients there.
    private func column(of symbol: Symbol) -> [(row: Int, coefficient: Double)] {
        if let markerColumn, markerColumn.marker == symbol, markerColumn.shape == shape { return markerColumn.cells }
        var cells: [(row: Int, coefficient: Double)] = []
        for index in rows.indices {
            let c = rows[index].coefficient(for: symbol)
            if c != 0 { cells.append((index, c)) }
        }
        markerColumn = (symbol, shape, cells)
        return cells
    }

    /// Adds `delta` to a row's constant, noting a restricted row left negative. False when
    /// a dummy row (a required equality) no longer holds.
    private func shift(_ index: Int, by delta: Double) -> Bool {
        rows[index].constant += delta
        if kinds[basics[index]] == .dummy && !Self.isNearZero(rows[index].constant) { return false }
        noteIfInfeasible(index)
        return true
    }

    /// Notes a restricted row whose constant went negative, for the dual simplex.
    private func noteIfInfeasible(_ index: Int) {
        if isRestricted(basics[index]) && rows[index].constant < 0 { infeasible.append(basics[index]) }
    }

    /// A replacement that cannot hold: starts again without it.
    private func refuseReplacement(_ constraint: Constraint) -> Bool {
        tags[ObjectIdentifier(constraint)] = nil
        rebuild()
        return false
    }

    private static func differOnlyInConstant(_ a: Constraint, _ b: Constraint) -> Bool {
        a.relation == b.relation && a.strength == b.strength && a.expression.terms.count == b.expression.terms.count
            && zip(a.expression.terms, b.expression.terms).allSatisfy { $0.variable === $1.variable && $0.coefficient == $1.coefficient }
    }

    /// Dual simplex: pivots the infeasible rows back to non-negative constants, keeping the
    /// objective optimal. False if a row cannot be repaired (a required constraint fails).
    private func dualOptimize() -> Bool {
        while let leaving = infeasible.popLast() {
            let index = rowIndex[leaving]
            guard index >= 0, rows[index].constant < 0, !Self.isNearZero(rows[index].constant) else { continue }
            var entering: (symbol: Symbol, ratio: Double)?
            for term in rows[index].terms where term.coefficient > 0 && kinds[term.symbol] != .dummy {
                let ratio = objective.coefficient(for: term.symbol) / term.coefficient
                if Self.isBetter((term.symbol, ratio), than: entering) { entering = (term.symbol, ratio) }
            }
            guard let symbol = entering?.symbol, var row = removeRow(of: leaving) else {
                infeasible = []
                return false
            }
            row.solve(for: leaving, swappingIn: symbol)
            substitute(symbol, with: row)
            addRow(row, basic: symbol)
        }
        return true
    }

    /// The solved value of a variable (0 for one no constraint mentions).
    func value(of variable: LayoutVariable) -> Double {
        let symbol: Symbol
        if variable.solverSerial == serial {
            symbol = variable.symbol
        } else {
            guard let entry = variables[ObjectIdentifier(variable)] else { return 0 }
            symbol = entry.symbol
        }
        let index = rowIndex[symbol]
        return index >= 0 ? rows[index].constant : 0
    }

    /// Whether the constraints leave the variable free to move without making the solution
    /// any worse: it is parametric, or its row has a parametric symbol that can move at no
    /// cost (an unrestricted variable, or a slack or error the objective does not weigh)
    /// without driving a restricted symbol below zero.
    func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let entry = variables[ObjectIdentifier(variable)], rowIndex[entry.symbol] >= 0 else { return true }
        return rows[rowIndex[entry.symbol]].terms.contains { term in
            guard Self.isNearZero(objective.coefficient(for: term.symbol)) else { return false }
            switch kinds[term.symbol] {
            case .external: return canMove(term.symbol, by: 1) || canMove(term.symbol, by: -1)
            case .slack, .error: return canMove(term.symbol, by: 1)
            case .dummy: return false
            }
        }
    }

    /// Whether a parametric symbol can move in `direction` without a restricted basic
    /// symbol at zero going negative.
    private func canMove(_ symbol: Symbol, by direction: Double) -> Bool {
        !rows.indices.contains { index in
            isRestricted(basics[index]) && rows[index].coefficient(for: symbol) * direction < 0
                && Self.isNearZero(rows[index].constant)
        }
    }

    // MARK: Adding

    private enum Insertion { case added, refusedCleanly, refusedAfterChanges }

    private func insert(_ constraint: Constraint) -> Insertion {
        var tag = Tag(marker: -1, other: nil, sequence: nextSequence)
        nextSequence += 1
        var row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.terms.allSatisfy({ kinds[$0.symbol] == .dummy }) {
            guard Self.isNearZero(row.constant) else {
                release(constraint)
                return .refusedCleanly
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            addRow(row, basic: subject)
        } else if !addWithArtificialVariable(row) {
            release(constraint)
            return .refusedAfterChanges
        }
        tags[ObjectIdentifier(constraint)] = (constraint, tag)
        return optimize(objective: true) ? .added : .refusedAfterChanges
    }

    /// The constraint's row with basic symbols substituted, plus its slack, error or dummy
    /// symbols; negated if needed so its constant is not negative.
    private func makeRow(for constraint: Constraint, tag: inout Tag) -> SimplexRow {
        var row = SimplexRow(constant: constraint.expression.constant)
        for (variable, coefficient) in constraint.expression.terms where !Self.isNearZero(coefficient) {
            let symbol = retain(variable)
            if rowIndex[symbol] >= 0 { row.add(rows[rowIndex[symbol]], times: coefficient) } else { row.insert(symbol, coefficient) }
        }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, sign)
            if !constraint.isRequired {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
                objective.insert(error, constraint.strength)
            }
        case .equal:
            if constraint.isRequired {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, constraint.strength)
                objective.insert(minus, constraint.strength)
            }
        }
        if row.constant < 0 { row.scale(by: -1) }
        return row
    }

    /// The symbol to make basic: the first external one; else the marker or other symbol
    /// when it is a slack or error with a negative coefficient.
    private func chooseSubject(_ row: SimplexRow, _ tag: Tag) -> Symbol? {
        if let external = row.terms.first(where: { kinds[$0.symbol] == .external }) { return external.symbol }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) where isRestricted(candidate) {
            if row.coefficient(for: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Adds a row no symbol of which can be its subject, through an artificial variable
    /// minimised to zero. False when it cannot reach zero: the constraint is unsatisfiable.
    private func addWithArtificialVariable(_ row: SimplexRow) -> Bool {
        let art = makeSymbol(.slack)
        addRow(row, basic: art)
        artificial = row
        guard optimize(objective: false) else { return false }
        let success = Self.isNearZero(artificial!.constant)
        artificial = nil
        if var artRow = removeRow(of: art) {
            guard success else { return false }
            if !artRow.isEmpty {
                guard let entering = artRow.terms.first(where: { isRestricted($0.symbol) })?.symbol else { return false }
                artRow.solve(for: art, swappingIn: entering)
                substitute(entering, with: artRow)
                addRow(artRow, basic: entering)
            }
        }
        shape += 1
        for index in rows.indices { _ = rows[index].remove(art) }
        _ = objective.remove(art)
        return success
    }

    // MARK: Removing

    private func removeErrorEffects(_ symbol: Symbol, _ strength: Double) {
        guard kinds[symbol] == .error else { return }
        if rowIndex[symbol] >= 0 {
            objective.add(rows[rowIndex[symbol]], times: -strength)
        } else {
            objective.insert(symbol, -strength)
        }
    }

    /// The row to pivot a constraint's marker into: the restricted row that limits it
    /// most, else any row that has it.
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (symbol: Symbol, ratio: Double)?, second: (symbol: Symbol, ratio: Double)?, third: Symbol?
        for index in rows.indices {
            let c = rows[index].coefficient(for: marker)
            guard c != 0 else { continue }
            let symbol = basics[index], constant = rows[index].constant
            if kinds[symbol] == .external {
                if third == nil || symbol < third! { third = symbol }
            } else if c < 0 {
                if Self.isBetter((symbol, -constant / c), than: first) { first = (symbol, -constant / c) }
            } else {
                if Self.isBetter((symbol, constant / c), than: second) { second = (symbol, constant / c) }
            }
        }
        return first?.symbol ?? second?.symbol ?? third
    }

    // MARK: Simplex

    /// Primal simplex on the objective (or, while a row is added through an artificial
    /// variable, on the artificial row): pivots until no parametric symbol lowers it. False
    /// if it is unbounded (which a well-formed set of constraints never is).
    private func optimize(objective useObjective: Bool) -> Bool {
        while true {
            let target = useObjective ? objective : artificial!
            // Terms are sorted, so the first candidate has the lowest id.
            guard let entering = target.terms.first(where: { $0.coefficient < 0 && kinds[$0.symbol] != .dummy })?.symbol else {
                return true
            }
            var leaving: (symbol: Symbol, ratio: Double)?
            for index in rows.indices where isRestricted(basics[index]) {
                let c = rows[index].coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -rows[index].constant / c
                if Self.isBetter((basics[index], ratio), than: leaving) { leaving = (basics[index], ratio) }
            }
            guard let symbol = leaving?.symbol, var row = removeRow(of: symbol) else { return false }
            row.solve(for: symbol, swappingIn: entering)
            substitute(entering, with: row)
            addRow(row, basic: entering)
        }
    }

    /// Substitutes `row` for `symbol` everywhere, noting restricted rows left negative.
    private func substitute(_ symbol: Symbol, with row: SimplexRow) {
        shape += 1
        for index in rows.indices {
            if rows[index].substitute(symbol, with: row) { noteIfInfeasible(index) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    // MARK: Bookkeeping

    private func isRestricted(_ symbol: Symbol) -> Bool {
        kinds[symbol] == .slack || kinds[symbol] == .error
    }

    private func makeSymbol(_ kind: Kind) -> Symbol {
        kinds.append(kind)
        rowIndex.append(-1)
        return kinds.count - 1
    }

    private func addRow(_ row: SimplexRow, basic: Symbol) {
        shape += 1
        rowIndex[basic] = rows.count
        rows.append(row)
        basics.append(basic)
    }

    /// Takes out the row `symbol` is basic in (nil when it is parametric); the last row
    /// moves into its place.
    private func removeRow(of symbol: Symbol) -> SimplexRow? {
        let index = rowIndex[symbol]
        guard index >= 0 else { return nil }
        shape += 1
        rowIndex[symbol] = -1
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basics.swapAt(index, last)
            rowIndex[basics[index]] = index
        }
        basics.removeLast()
        return rows.removeLast()
    }

    private func retain(_ variable: LayoutVariable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let entry = variables[key] {
            variables[key]!.uses += 1
            return entry.symbol
        }
        let symbol = makeSymbol(.external)
        variables[key] = (variable, symbol, 1)
        (variable.solverSerial, variable.symbol) = (serial, symbol)
        return symbol
    }

    /// Forgets the variables no constraint mentions any more.
    private func release(_ constraint: Constraint) {
        for (variable, coefficient) in constraint.expression.terms where !Self.isNearZero(coefficient) {
            let key = ObjectIdentifier(variable)
            guard let entry = variables[key] else { continue }
            if entry.uses > 1 {
                variables[key]!.uses -= 1
            } else {
                variables[key] = nil
                if variable.solverSerial == serial { variable.solverSerial = 0 }
                _ = removeRow(of: entry.symbol)
            }
        }
    }

    /// Starts again from the constraints held, in the order they were added: the way back
    /// to a consistent tableau after a refused constraint left its traces.
    private func rebuild() {
        let held = tags.values.sorted { $0.tag.sequence < $1.tag.sequence }.map(\.constraint)
        (kinds, rowIndex, rows, basics) = ([], [], [], [])
        tags = [:]
        for entry in variables.values where entry.variable.solverSerial == serial { entry.variable.solverSerial = 0 }
        variables = [:]
        objective = SimplexRow()
        artificial = nil
        infeasible = []
        for constraint in held { _ = insert(constraint) }
    }

    static func isNearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

    // Rows move when others are removed; every choice among symbols breaks ties by their
    // numbers, so that solutions do not depend on where a row happens to be.
    private static func isBetter(_ candidate: (symbol: Symbol, ratio: Double), than best: (symbol: Symbol, ratio: Double)?) -> Bool {
        guard let best else { return true }
        return candidate.ratio < best.ratio || (candidate.ratio == best.ratio && candidate.symbol < best.symbol)
    }
}
