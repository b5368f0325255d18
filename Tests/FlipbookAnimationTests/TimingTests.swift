import Testing
@testable import FlipbookAnimation

/// CAMediaTiming's model as a table: (parent time → seconds into the iteration, iteration),
/// nil where the object has no effect. Cases follow Apple's header formula
/// t = (tp − begin) · speed + offset and the Web Animations timing model's phases.
@Suite struct TimingTests {
    typealias Row = (parent: Double, expected: (time: Double, iteration: Double)?)

    func check(_ timing: Timing, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            let got = timing.position(atParentTime: row.parent)
            switch (got, row.expected) {
            case (nil, nil): break
            case let (got?, expected?):
                #expect(abs(got.time - expected.time) < 1e-12 && got.iteration == expected.iteration,
                        "at \(row.parent): got \(got), expected \(expected)", sourceLocation: sourceLocation)
            default:
                Issue.record("at \(row.parent): got \(String(describing: got)), expected \(String(describing: row.expected))",
                             sourceLocation: sourceLocation)
            }
        }
    }

    @Test func fillModesInEveryPhase() {
        let base = Timing(beginTime: 1, duration: 2)
        // removed: nothing before, nothing from the end on (the interval is half open).
        check(base, [(0.5, nil), (1, (0, 0)), (2, (1, 0)), (2.999, (1.999, 0)), (3, nil), (9, nil)])
        var backwards = base; backwards.fillsBackwards = true
        check(backwards, [(0.5, (0, 0)), (3, nil)])
        var forwards = base; forwards.fillsForwards = true
        check(forwards, [(0.5, nil), (3, (2, 0)), (100, (2, 0))])
        var both = base; both.fillsBackwards = true; both.fillsForwards = true
        check(both, [(-5, (0, 0)), (2, (1, 0)), (7, (2, 0))])
    }

    @Test func repeatsAndTheirBoundaries() {
        var t = Timing(duration: 1, repeatCount: 2.5)
        t.fillsForwards = true
        // Whole iterations restart at 0; a fractional count ends partway; the end state is
        // where the last iteration stops.
        check(t, [(0.999, (0.999, 0)), (1, (0, 1)), (2.2, (0.2, 2)), (2.5, (0.5, 2)), (4, (0.5, 2))])
        var whole = Timing(duration: 1, repeatCount: 3)
        whole.fillsForwards = true
        check(whole, [(2.5, (0.5, 2)), (3, (1, 2))])
        // repeatDuration counts seconds.
        var seconds = Timing(duration: 0.4, repeatDuration: 1)
        seconds.fillsForwards = true
        check(seconds, [(0.9, (0.1, 2)), (1, (0.2, 2))])
        // Endless: greatestFiniteMagnitude and infinity both repeat forever.
        check(Timing(duration: 1, repeatCount: .infinity), [(1e6 + 0.25, (0.25, 1e6))])
        #expect(Timing(duration: 1, repeatCount: .greatestFiniteMagnitude).activeDuration == .infinity)
    }

    @Test func autoreverses() {
        var t = Timing(duration: 1, autoreverses: true)
        t.fillsForwards = true
        // Forward for a duration, back for another; the end state is back at the start.
        check(t, [(0.5, (0.5, 0)), (1, (1, 0)), (1.5, (0.5, 0)), (1.9, (0.1, 0)), (2, (0, 0))])
        var repeated = Timing(duration: 1, repeatCount: 1.5, autoreverses: true)
        repeated.fillsForwards = true
        // 1.5 cycles of 2 s: the end is the peak of the second cycle.
        check(repeated, [(2.5, (0.5, 1)), (3, (1, 1))])
    }

    @Test func speedOffsetAndTheirWrapAround() {
        // Speed 2 halves every parent interval.
        check(Timing(beginTime: 1, duration: 1, speed: 2), [(1.25, (0.5, 0)), (1.5, nil)])
        // timeOffset starts partway into the cycle and wraps: C D E A B.
        check(Timing(duration: 3, timeOffset: 1), [(0, (1, 0)), (1.5, (2.5, 0)), (2.5, (0.5, 1)), (3, nil)])
        // A negative speed runs the active time backwards from beginTime: before the start.
        var reversed = Timing(duration: 1, speed: -1)
        reversed.fillsBackwards = true
        check(reversed, [(0.5, (0, 0))])
        // Speed 0 freezes at the offset.
        check(Timing(duration: 2, speed: 0, timeOffset: 0.75), [(0, (0.75, 0)), (50, (0.75, 0))])
    }

    @Test func layerTimeFollowsTheHeaderFormula() {
        let layer = Timing(beginTime: 2, speed: 0.5, timeOffset: 10)
        #expect(layer.localTime(6) == 12)
        #expect(layer.parentTime(12) == 6)
        // The pause recipe: speed 0 and timeOffset = the paused time hold that time.
        let paused = Timing(speed: 0, timeOffset: 3.25)
        #expect(paused.localTime(100) == 3.25)
    }
}
