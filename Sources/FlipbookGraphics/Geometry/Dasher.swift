/// Splits a path into dashes, keeping curves as curves (each dash of a curve is the exact
/// sub-curve between two arc lengths).
struct Dasher {
    let phase: CGFloat
    let lengths: [CGFloat]

    /// The most dashes one call produces; past it the rest of the path is left solid, so an
    /// absurdly fine pattern cannot hang or exhaust memory.
    static let maximumDashes = 100_000

    /// Whether the pattern dashes at all: Apple strokes solid when the lengths are empty,
    /// negative, not finite, or sum to zero.
    var isValid: Bool {
        !lengths.isEmpty && lengths.allSatisfy { $0 >= 0 && $0.isFinite } && lengths.reduce(0, +) > 0
            && phase.isFinite
    }

    func dash(_ path: CGPath) -> CGMutablePath {
        let result = CGMutablePath()
        guard isValid else { result.addPath(path); return result }
        // An odd count repeats the pattern twice so on and off alternate, as Apple does.
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let total = pattern.reduce(0, +)
        var dashes = 0
        var start = CGPoint.zero, current = CGPoint.zero
        var state = State(pattern: pattern, phase: phase.truncatingRemainder(dividingBy: total))
        var penDown = false

        func run(_ segment: Segment) {
            let length = segment.length
            guard length > 0 else { return }
            var s: CGFloat = 0
            while s < length {
                if dashes >= Self.maximumDashes {
                    if !penDown { result.move(to: segment.point(atLength: s)) }
                    segment.append(from: s, to: length, into: result)
                    penDown = true
                    return
                }
                let step = min(state.remaining, length - s)
                if state.on {
                    if !penDown { result.move(to: segment.point(atLength: s)); penDown = true }
                    segment.append(from: s, to: s + step, into: result)
                }
                s += step
                if state.remaining - step <= 1e-12 * total {
                    if state.on { penDown = false; dashes += 1 }
                    state.advance()
                    if state.on && state.remaining == 0 {
                        // A zero-length dash: a dot, drawn by the caps.
                        let p = segment.point(atLength: s)
                        result.move(to: p)
                        result.addLine(to: p)
                        dashes += 1
                        state.advance()
                    }
                } else {
                    state.remaining -= step
                }
            }
        }

        for element in path.elements {
            switch element {
            case .move(let p):
                start = p; current = p; penDown = false
                state = State(pattern: pattern, phase: phase.truncatingRemainder(dividingBy: total))
            case .line(let p): run(.line(current, p)); current = p
            case .quad(let c, let p):
                run(.cubic(current, CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y)),
                           CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)), p))
                current = p
            case .cubic(let c1, let c2, let p): run(.cubic(current, c1, c2, p)); current = p
            case .close:
                if current != start { run(.line(current, start)) }
                current = start
                penDown = false
            }
        }
        return result
    }

    private struct State {
        let pattern: [CGFloat]
        var index = 0
        var remaining: CGFloat
        var on: Bool { index % 2 == 0 }

        init(pattern: [CGFloat], phase: CGFloat) {
            self.pattern = pattern
            var phase = phase < 0 ? phase + pattern.reduce(0, +) : phase
            var i = 0
            while phase >= pattern[i] && phase > 0 {
                phase -= pattern[i]
                i = (i + 1) % pattern.count
            }
            index = i
            remaining = pattern[i] - phase
        }

        mutating func advance() {
            index = (index + 1) % pattern.count
            remaining = pattern[index]
        }
    }
}

/// A line or cubic with arc-length parametrisation.
private enum Segment {
    case line(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    var length: CGFloat {
        switch self {
        case .line(let a, let b): return hypot(b.x - a.x, b.y - a.y)
        case .cubic: return table.last ?? 0
        }
    }

    /// Cumulative lengths at t = i/64.
    private var table: [CGFloat] {
        guard case .cubic(let p0, let c1, let c2, let p1) = self else { return [] }
        var lengths: [CGFloat] = [0]
        var previous = p0
        for i in 1...64 {
            let p = cubicPoint(p0, c1, c2, p1, CGFloat(i) / 64)
            lengths.append(lengths[i - 1] + hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        return lengths
    }

    private func parameter(atLength s: CGFloat, _ table: [CGFloat]) -> CGFloat {
        guard let total = table.last, total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < s { lo = mid } else { hi = mid }
        }
        let f = (s - table[lo]) / max(table[hi] - table[lo], 1e-12)
        return (CGFloat(lo) + f) / 64
    }

    func point(atLength s: CGFloat) -> CGPoint {
        switch self {
        case .line(let a, let b):
            let l = length
            let t = l > 0 ? s / l : 0
            return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case .cubic(let p0, let c1, let c2, let p1):
            return cubicPoint(p0, c1, c2, p1, parameter(atLength: s, table))
        }
    }

    func append(from s0: CGFloat, to s1: CGFloat, into path: CGMutablePath) {
        switch self {
        case .line: path.addLine(to: point(atLength: s1))
        case .cubic(let p0, let c1, let c2, let p1):
            let t = table
            let (t0, t1) = (parameter(atLength: s0, t), parameter(atLength: s1, t))
            let (_, q1, q2, q3) = subcurve(p0, c1, c2, p1, t0, t1)
            path.addCurve(to: q3, control1: q1, control2: q2)
        }
    }
}

/// The part of a cubic between parameters t0 and t1, by two de Casteljau splits.
func subcurve(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t0: CGFloat, _ t1: CGFloat)
    -> (CGPoint, CGPoint, CGPoint, CGPoint) {
    func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }
    func split(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint, _ t: CGFloat)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint)) {
        let ab = lerp(a, b, t), bc = lerp(b, c, t), cd = lerp(c, d, t)
        let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t), m = lerp(abc, bcd, t)
        return ((a, ab, abc, m), (m, bcd, cd, d))
    }
    let (left, _) = split(p0, p1, p2, p3, t1)
    guard t1 > 0 else { return (p0, p0, p0, p0) }
    let (_, right) = split(left.0, left.1, left.2, left.3, t0 / t1)
    return right
}
