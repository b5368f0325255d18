/// An unknown of the layout solver: one coordinate or length of a view or layout guide.
final class LayoutVariable {
    /// A name for diagnostics, such as "label.width".
    let name: String
    /// The solver that last took the variable in (its serial number; 0 for none) and the
    /// variable's symbol there: lets that solver read the value without a lookup.
    var solverSerial = 0
    var symbol = -1

    init(_ name: String) { self.name = name }
}

/// A sum of variables times coefficients plus a constant: the two sides of a layout
/// constraint, and their difference.
struct LinearExpression {
    var terms: [(variable: LayoutVariable, coefficient: Double)]
    var constant: Double

    init(terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    init(_ variable: LayoutVariable) { self.init(terms: [(variable, 1)]) }

    static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
    }

    static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms.map { ($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }

    static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs * -1 }
}
