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

    private struct Symbol: Hashable {
        enum Kind: UInt8 { case external, slack, error, dummy }
        let id: Int
        let kind: Kind
        /// Slack and error symbols are restricted to values ≥ 0.
        var isRestricted: Bool { kind == .slack || kind == .error }

        // Ids are unique: hashing the id alone is enough, and cheaper.
        static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// The symbols a constraint added: `marker` takes it out again; `other` is the second
    /// error symbol of a soft equality.
    private struct Tag {
        var marker: Symbol
        var other: Symbol?
        let sequence: Int
    }

    /// `constant + Σ coefficient·symbol`, the value of the row's basic symbol.
    private final class Row {
        var cells: [Symbol: Double]
        var constant: Double

        init(constant: Double = 0, cells: [Symbol: Double] = [:]) {
            self.constant = constant
            self.cells = cells
        }

        func copy() -> Row { Row(constant: constant, cells: cells) }

        func coefficient(for symbol: Symbol) -> Double { cells[symbol] ?? 0 }

        func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let sum = cells[symbol, default: 0] + coefficient
            if LayoutSolver.isNearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
        }

        func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (symbol, c) in row.cells { insert(symbol, c * coefficient) }
        }

        func negate() {
            constant = -constant
            for key in cells.keys { cells[key]! = -cells[key]! }
        }

        /// Rewrites `0 = this row` as `symbol = …`.
        func solve(for symbol: Symbol) {
            let factor = -1 / (cells.removeValue(forKey: symbol) ?? 1)
            constant *= factor
            for key in cells.keys { cells[key]! *= factor }
        }

        /// Rewrites `lhs = this row` as `rhs = …`.
        func solve(for lhs: Symbol, swappingIn rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        /// Replaces `symbol` by `row`; false when the row has no such symbol.
        @discardableResult
        func substitute(_ symbol: Symbol, with row: Row) -> Bool {
            guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
            insert(row, coefficient)
            return true
        }
    }

    private var rows: [Symbol: Row] = [:]
    private var tags: [ObjectIdentifier: (constraint: Constraint, tag: Tag)] = [:]
    private var variables: [ObjectIdentifier: (variable: LayoutVariable, symbol: Symbol, uses: Int)] = [:]
    private var objective = Row()
    /// Restricted rows a constant change left negative, for the dual simplex.
    private var infeasible: [Symbol] = []
    private var artificial: Row?
    private var nextID = 0
    private var nextSequence = 0

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
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), let row = rows.removeValue(forKey: leaving) else {
                rebuild()
                return
            }
            row.solve(for: leaving, swappingIn: tag.marker)
            substitute(tag.marker, with: row)
        }
        release(constraint)
        if !optimize(objective) { rebuild() }
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
        if let row = rows[tag.marker] {
            row.constant -= delta
            if tag.marker.kind == .dummy && !Self.isNearZero(row.constant) { return refuseReplacement(new) }
            if tag.marker.isRestricted && row.constant < 0 { infeasible.append(tag.marker) }
        } else {
            for (basic, row) in rows {
                let c = row.coefficient(for: tag.marker)
                guard c != 0 else { continue }
                row.constant += c * delta
                if basic.kind == .dummy && !Self.isNearZero(row.constant) { return refuseReplacement(new) }
                if basic.isRestricted && row.constant < 0 { infeasible.append(basic) }
            }
        }
        return dualOptimize() || refuseReplacement(new)
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
            guard let row = rows[leaving], row.constant < 0, !Self.isNearZero(row.constant) else { continue }
            var entering: (symbol: Symbol, ratio: Double)?
            for (symbol, c) in row.cells where c > 0 && symbol.kind != .dummy {
                let ratio = objective.coefficient(for: symbol) / c
                if Self.isBetter((symbol, ratio), than: entering) { entering = (symbol, ratio) }
            }
            guard let symbol = entering?.symbol else {
                infeasible = []
                return false
            }
            rows[leaving] = nil
            row.solve(for: leaving, swappingIn: symbol)
            substitute(symbol, with: row)
            rows[symbol] = row
        }
        return true
    }

    /// The solved value of a variable (0 for one no constraint mentions).
    func value(of variable: LayoutVariable) -> Double {
        guard let entry = variables[ObjectIdentifier(variable)] else { return 0 }
        return rows[entry.symbol]?.constant ?? 0
    }

    /// Whether the constraints leave the variable free to move without making the solution
    /// any worse: it is parametric, or its row has a parametric symbol that can move at no
    /// cost (an unrestricted variable, or a slack or error the objective does not weigh)
    /// without driving a restricted symbol below zero.
    func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let entry = variables[ObjectIdentifier(variable)], let row = rows[entry.symbol] else { return true }
        return row.cells.keys.contains { symbol in
            guard Self.isNearZero(objective.coefficient(for: symbol)) else { return false }
            switch symbol.kind {
            case .external: return canMove(symbol, by: 1) || canMove(symbol, by: -1)
            case .slack, .error: return canMove(symbol, by: 1)
            case .dummy: return false
            }
        }
    }

    /// Whether a parametric symbol can move in `direction` without a restricted basic
    /// symbol at zero going negative.
    private func canMove(_ symbol: Symbol, by direction: Double) -> Bool {
        !rows.contains { basic, row in
            basic.isRestricted && row.coefficient(for: symbol) * direction < 0 && Self.isNearZero(row.constant)
        }
    }

    // MARK: Adding

    private enum Insertion { case added, refusedCleanly, refusedAfterChanges }

    private func insert(_ constraint: Constraint) -> Insertion {
        var tag = Tag(marker: Symbol(id: -1, kind: .dummy), other: nil, sequence: nextSequence)
        nextSequence += 1
        let row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard Self.isNearZero(row.constant) else {
                release(constraint)
                return .refusedCleanly
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        } else if !addWithArtificialVariable(row) {
            release(constraint)
            return .refusedAfterChanges
        }
        tags[ObjectIdentifier(constraint)] = (constraint, tag)
        return optimize(objective) ? .added : .refusedAfterChanges
    }

    /// The constraint's row with basic symbols substituted, plus its slack, error or dummy
    /// symbols; negated if needed so its constant is not negative.
    private func makeRow(for constraint: Constraint, tag: inout Tag) -> Row {
        let row = Row(constant: constraint.expression.constant)
        for (variable, coefficient) in constraint.expression.terms where !Self.isNearZero(coefficient) {
            let symbol = retain(variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
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
        if row.constant < 0 { row.negate() }
        return row
    }

    /// The symbol to make basic: any external one; else the marker or other symbol when it
    /// is a slack or error with a negative coefficient.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = Self.lowest(row.cells.keys.lazy.filter { $0.kind == .external }) { return external }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) where candidate.isRestricted {
            if row.coefficient(for: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// Adds a row no symbol of which can be its subject, through an artificial variable
    /// minimised to zero. False when it cannot reach zero: the constraint is unsatisfiable.
    private func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = row.copy()
        artificial = row.copy()
        guard optimize(artificial!) else { return false }
        let success = Self.isNearZero(artificial!.constant)
        artificial = nil
        if let artRow = rows.removeValue(forKey: art) {
            guard success else { return false }
            if !artRow.cells.isEmpty {
                guard let entering = Self.lowest(artRow.cells.keys.lazy.filter(\.isRestricted)) else { return false }
                artRow.solve(for: art, swappingIn: entering)
                substitute(entering, with: artRow)
                rows[entering] = artRow
            }
        }
        for row in rows.values { row.cells[art] = nil }
        objective.cells[art] = nil
        return success
    }

    // MARK: Removing

    private func removeErrorEffects(_ symbol: Symbol, _ strength: Double) {
        guard symbol.kind == .error else { return }
        if let row = rows[symbol] { objective.insert(row, -strength) } else { objective.insert(symbol, -strength) }
    }

    /// The row to pivot a constraint's marker into: the restricted row that limits it
    /// most, else any row that has it.
    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var first: (symbol: Symbol, ratio: Double)?, second: (symbol: Symbol, ratio: Double)?, third: Symbol?
        for (symbol, row) in rows {
            let c = row.coefficient(for: marker)
            guard c != 0 else { continue }
            if symbol.kind == .external {
                if third == nil || symbol.id < third!.id { third = symbol }
            } else if c < 0 {
                if Self.isBetter((symbol, -row.constant / c), than: first) { first = (symbol, -row.constant / c) }
            } else {
                if Self.isBetter((symbol, row.constant / c), than: second) { second = (symbol, row.constant / c) }
            }
        }
        return first?.symbol ?? second?.symbol ?? third
    }

    // MARK: Simplex

    /// Primal simplex: pivots until no parametric symbol lowers the objective. False if the
    /// objective is unbounded (which a well-formed set of constraints never is).
    private func optimize(_ target: Row) -> Bool {
        while let entering = Self.lowest(target.cells.lazy.filter { $0.key.kind != .dummy && $0.value < 0 }.map(\.key)) {
            var leaving: (symbol: Symbol, ratio: Double)?
            for (symbol, row) in rows where symbol.isRestricted {
                let c = row.coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -row.constant / c
                if Self.isBetter((symbol, ratio), than: leaving) { leaving = (symbol, ratio) }
            }
            guard let symbol = leaving?.symbol, let row = rows.removeValue(forKey: symbol) else { return false }
            row.solve(for: symbol, swappingIn: entering)
            substitute(entering, with: row)
            rows[entering] = row
        }
        return true
    }

    /// Substitutes `row` for `symbol` everywhere, noting restricted rows left negative.
    private func substitute(_ symbol: Symbol, with row: Row) {
        for (basic, other) in rows {
            guard other.substitute(symbol, with: row) else { continue }
            if basic.isRestricted && other.constant < 0 { infeasible.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    // MARK: Bookkeeping

    private func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextID += 1
        return Symbol(id: nextID, kind: kind)
    }

    private func retain(_ variable: LayoutVariable) -> Symbol {
        let key = ObjectIdentifier(variable)
        if let entry = variables[key] {
            variables[key]!.uses += 1
            return entry.symbol
        }
        let symbol = makeSymbol(.external)
        variables[key] = (variable, symbol, 1)
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
                rows[entry.symbol] = nil
            }
        }
    }

    /// Starts again from the constraints held, in the order they were added: the way back
    /// to a consistent tableau after a refused constraint left its traces.
    private func rebuild() {
        let held = tags.values.sorted { $0.tag.sequence < $1.tag.sequence }.map(\.constraint)
        rows = [:]
        tags = [:]
        variables = [:]
        objective = Row()
        artificial = nil
        infeasible = []
        for constraint in held { _ = insert(constraint) }
    }

    static func isNearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

    // Dictionaries iterate in an order that changes from run to run; every choice among
    // symbols breaks ties by their ids, so that solutions are the same on every run.

    private static func lowest(_ symbols: some Sequence<Symbol>) -> Symbol? {
        symbols.min { $0.id < $1.id }
    }

    private static func isBetter(_ candidate: (symbol: Symbol, ratio: Double), than best: (symbol: Symbol, ratio: Double)?) -> Bool {
        guard let best else { return true }
        return candidate.ratio < best.ratio || (candidate.ratio == best.ratio && candidate.symbol.id < best.symbol.id)
    }
}
