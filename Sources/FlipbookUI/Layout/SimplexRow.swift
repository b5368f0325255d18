/// One row of `LayoutSolver`'s tableau: `constant + Σ coefficient·symbol`, the value of
/// the row's basic symbol in terms of parametric ones.
///
/// The terms are kept sorted by symbol, in one array: a lookup is a binary search, and
/// adding a multiple of another row (the heart of every pivot) is a merge of two sorted
/// lists, which is cheaper and more compact than hashing when rows hold hundreds of terms.
struct SimplexRow {
    /// A symbol and its coefficient, never near zero.
    struct Term {
        var symbol: Int
        var coefficient: Double
    }

    private(set) var terms: [Term] = []
    var constant: Double

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { terms.isEmpty }

    /// The first index whose symbol is not below `symbol`.
    private func position(of symbol: Int) -> Int {
        var low = 0, high = terms.count
        while low < high {
            let middle = (low + high) / 2
            if terms[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func coefficient(for symbol: Int) -> Double {
        let index = position(of: symbol)
        return index < terms.count && terms[index].symbol == symbol ? terms[index].coefficient : 0
    }

    /// Adds `coefficient·symbol`, dropping the term if the sum is near zero.
    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let index = position(of: symbol)
        if index < terms.count && terms[index].symbol == symbol {
            let sum = terms[index].coefficient + coefficient
            if LayoutSolver.isNearZero(sum) { terms.remove(at: index) } else { terms[index].coefficient = sum }
        } else if !LayoutSolver.isNearZero(coefficient) {
            terms.insert(Term(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Removes a symbol's term and returns its coefficient (nil when there is none).
    mutating func remove(_ symbol: Int) -> Double? {
        let index = position(of: symbol)
        guard index < terms.count && terms[index].symbol == symbol else { return nil }
        return terms.remove(at: index).coefficient
    }

    /// Adds `factor` times `row`, merging the two sorted term lists.
    mutating func add(_ row: SimplexRow, times factor: Double) {
        constant += row.constant * factor
        guard !row.terms.isEmpty else { return }
        if row.terms.count <= 2 {
            for term in row.terms { insert(term.symbol, term.coefficient * factor) }
            return
        }
        var merged: [Term] = []
        merged.reserveCapacity(terms.count + row.terms.count)
        var i = 0, j = 0
        while i < terms.count || j < row.terms.count {
            if j == row.terms.count || i < terms.count && terms[i].symbol < row.terms[j].symbol {
                merged.append(terms[i])
                i += 1
            } else if i == terms.count || row.terms[j].symbol < terms[i].symbol {
                merged.append(Term(symbol: row.terms[j].symbol, coefficient: row.terms[j].coefficient * factor))
                j += 1
            } else {
                let sum = terms[i].coefficient + row.terms[j].coefficient * factor
                if !LayoutSolver.isNearZero(sum) { merged.append(Term(symbol: terms[i].symbol, coefficient: sum)) }
                i += 1
                j += 1
            }
        }
        terms = merged
    }

    mutating func scale(by factor: Double) {
        constant *= factor
        for index in terms.indices { terms[index].coefficient *= factor }
    }

    /// Rewrites `0 = this row` as `symbol = …`.
    mutating func solve(for symbol: Int) {
        scale(by: -1 / (remove(symbol) ?? 1))
    }

    /// Rewrites `lhs = this row` as `rhs = …`.
    mutating func solve(for lhs: Int, swappingIn rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row`; false when this row has no such symbol.
    @discardableResult
    mutating func substitute(_ symbol: Int, with row: SimplexRow) -> Bool {
        guard let coefficient = remove(symbol) else { return false }
        add(row, times: coefficient)
        return true
    }
}
