@testable import FlipbookUI
import Testing

/// The Cassowary solver on its own: equalities, inequalities, priorities as weights,
/// removal, refused constraints and ambiguity.
@Suite struct LayoutSolverTests {
    typealias C = LayoutSolver.Constraint
    let x = LayoutVariable("x"), y = LayoutVariable("y"), z = LayoutVariable("z")

    func v(_ variable: LayoutVariable) -> LinearExpression { LinearExpression(variable) }

    @Test func equalitiesAreSolvedExactly() {
        let solver = LayoutSolver()
        #expect(solver.add(C(v(x) + v(y) + -100, .equal)))   // x + y = 100
        #expect(solver.add(C(v(x) - v(y) * 2, .equal)))      // x = 2y
        #expect(abs(solver.value(of: x) - 200.0 / 3) < 1e-9)
        #expect(abs(solver.value(of: y) - 100.0 / 3) < 1e-9)
        #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y))
    }

    @Test func aRequiredInequalityBeatsAWeakEquality() {
        let solver = LayoutSolver()
        solver.add(C(v(x) + -50, .greaterThanOrEqual))             // x ≥ 50
        solver.add(C(v(x) + -20, .equal, strength: 1))             // x = 20, weakly
        #expect(solver.value(of: x) == 50)
        solver.add(C(v(x) + -80, .lessThanOrEqual))                // x ≤ 80
        solver.add(C(v(x) + -120, .equal, strength: 1000))         // x = 120, strongly
        #expect(solver.value(of: x) == 80)
    }

    @Test func theHeavierSoftConstraintWins() {
        let solver = LayoutSolver()
        solver.add(C(v(x) + -100, .equal, strength: UILayoutPriority(750).strength))
        solver.add(C(v(x), .equal, strength: UILayoutPriority(250).strength))
        #expect(solver.value(of: x) == 100)
        #expect(UILayoutPriority(750).strength / UILayoutPriority(250).strength == 10_000)
        #expect(UILayoutPriority.required.strength == LayoutSolver.required)
    }

    @Test func removingAConstraintHandsOverToTheNextStrongest() {
        let solver = LayoutSolver()
        let strong = C(v(x) + -10, .equal)
        solver.add(strong)
        solver.add(C(v(x) + -30, .equal, strength: 5))
        solver.add(C(v(y) - v(x) + -5, .equal))                   // y = x + 5
        #expect(solver.value(of: y) == 15)
        solver.remove(strong)
        #expect(solver.value(of: x) == 30)
        #expect(solver.value(of: y) == 35)
        #expect(solver.constraintCount == 2)
    }

    @Test func aContradictoryRequiredEqualityIsRefusedAndTheSolverCarriesOn() {
        let solver = LayoutSolver()
        solver.add(C(v(x) + -10, .equal))
        solver.add(C(v(y) - v(x), .equal))                        // y = x
        #expect(!solver.add(C(v(y) + -20, .equal)))               // y = 20 contradicts
        #expect(solver.value(of: x) == 10 && solver.value(of: y) == 10)
        #expect(solver.constraintCount == 2)
        #expect(solver.add(C(v(z) - v(y) + -1, .equal)))          // z = y + 1
        #expect(solver.value(of: z) == 11)
    }

    @Test func contradictoryRequiredInequalitiesAreRefused() {
        let solver = LayoutSolver()
        solver.add(C(v(x) + -10, .greaterThanOrEqual))            // x ≥ 10
        solver.add(C(v(x) + -15, .equal, strength: 1))            // x = 15 weakly
        #expect(!solver.add(C(v(x) + -5, .lessThanOrEqual)))      // x ≤ 5 can't be
        #expect(solver.value(of: x) == 15)
        #expect(solver.add(C(v(x) + -12, .lessThanOrEqual)))      // x ≤ 12 can
        #expect(solver.value(of: x) == 12)
    }

    @Test func ambiguityIsFreedomThatCostsNothing() {
        let solver = LayoutSolver()
        solver.add(C(v(x) + v(y) + -100, .equal))
        #expect(solver.isAmbiguous(x) || solver.isAmbiguous(y))
        solver.add(C(v(z) + -5, .greaterThanOrEqual))             // z ≥ 5: z may grow
        #expect(solver.isAmbiguous(z))
        #expect(solver.value(of: z) == 5)
        solver.add(C(v(z) + -5, .lessThanOrEqual, strength: 1))   // a weak pull pins it
        #expect(!solver.isAmbiguous(z))
        solver.add(C(v(x) + -40, .equal))
        #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y))
        #expect(solver.value(of: y) == 60)
        #expect(solver.isAmbiguous(LayoutVariable("unknown")))
    }

    /// A constant change shifts the tableau and repairs it with the dual simplex.
    @Test func changingAConstantReSolvesIncrementally() {
        let solver = LayoutSolver()
        var left = C(v(x) + -10, .equal)                          // x = 10
        solver.add(left)
        solver.add(C(v(y) - v(x) + -20, .greaterThanOrEqual))     // y ≥ x + 20
        solver.add(C(v(y) + -50, .lessThanOrEqual, strength: 1))  // y ≤ 50, weakly
        solver.add(C(v(y) + -100, .equal, strength: 0.5))         // y = 100, more weakly
        #expect(solver.value(of: y) == 50)
        for (constant, expected) in [(40.0, 60.0), (0, 50), (25, 50), (100, 120)] {
            let next = C(v(x) + -constant, .equal)
            #expect(solver.replace(left, with: next))
            left = next
            #expect(solver.value(of: x) == constant && solver.value(of: y) == expected, "x = \(constant)")
        }
        // A required equality moved into a contradiction is refused; the rest holds.
        solver.add(C(v(z) - v(x), .equal))                        // z = x
        solver.add(C(v(z) + -100, .equal))                        // z = 100
        #expect(!solver.replace(left, with: C(v(x) + -7, .equal)))
        #expect(solver.value(of: x) == 100 && solver.constraintCount == 5)
    }

    @Test func aConstraintWithNoFiniteCoefficientsIsRefused() {
        let solver = LayoutSolver()
        #expect(!solver.add(C(v(x) * .infinity, .equal)))
        #expect(!solver.add(C(v(x) + .nan, .equal)))
        #expect(solver.constraintCount == 0)
    }

    /// The rows a changing constant touches are remembered between changes; adding or
    /// removing a constraint in between must not leave a stale list behind.
    @Test func constantChangesBetweenOtherChangesStayExact() {
        let solver = LayoutSolver()
        var leading = C(v(x) + -10, .equal)                       // x = 10
        solver.add(leading)
        solver.add(C(v(y) - v(x) + -5, .equal))                   // y = x + 5
        func move(to constant: Double) {
            let next = C(v(x) + -constant, .equal)
            #expect(solver.replace(leading, with: next))
            leading = next
        }
        move(to: 20)
        #expect(solver.value(of: y) == 25)
        let link = C(v(z) - v(y) * 2, .equal)                     // z = 2y joins
        solver.add(link)
        move(to: 30)
        #expect(solver.value(of: y) == 35 && solver.value(of: z) == 70)
        solver.remove(link)
        move(to: 1)
        #expect(solver.value(of: y) == 6 && solver.value(of: z) == 0)
        solver.add(C(v(z) - v(x), .equal))                        // z = x
        move(to: 2)
        #expect(solver.value(of: z) == 2)
    }

    /// A variable may sit in two solvers at once (a view moving between hierarchies):
    /// each reads its own value.
    @Test func aVariableInTwoSolversHasAValueInEach() {
        let first = LayoutSolver(), second = LayoutSolver()
        first.add(C(v(x) + -1, .equal))
        second.add(C(v(x) + -2, .equal))
        #expect(first.value(of: x) == 1 && second.value(of: x) == 2)
        // A refused constraint rebuilds the first solver; both still read their own.
        #expect(!first.add(C(v(x) + -3, .equal)))
        #expect(first.value(of: x) == 1 && second.value(of: x) == 2)
        let only = C(v(y) + -4, .equal)
        first.add(only)
        first.remove(only)
        #expect(first.value(of: y) == 0)
    }
}
