import FlipbookGraphics

/// The wandering path of seed 003's loupe: from the centre, `moveCount` moves between
/// centre-biased points, then one move back to the centre so that the loop is seamless.
///
/// The points are the article's: each coordinate one of 0.2, 0.35, 0.45, 0.55, 0.65 and
/// 0.8 of the size, so the loupe lingers near the middle and never hugs an edge. A move
/// never goes to the point it starts from, and takes 1 or 2 whole seconds (the article's
/// `1 + arc4random() % 2`), at constant speed.
public struct LoupePath: Equatable, Sendable {
    /// One straight move.
    public struct Move: Equatable, Sendable {
        public let from: CGPoint
        public let to: CGPoint
        public let duration: Double
    }

    /// The fractions of the size the points are made of.
    public static let fractions: [CGFloat] = [0.2, 0.35, 0.45, 0.55, 0.65, 0.8]

    /// The moves, the last one back to the start.
    public let moves: [Move]

    /// Plans a path in a `size` area with `moveCount` random moves (at least 1) chosen by
    /// `random`.
    public init(size: CGSize, moveCount: Int = 10, using random: inout some RandomNumberGenerator) {
        let start = CGPoint(x: size.width / 2, y: size.height / 2)
        var moves: [Move] = []
        var position = start
        for _ in 0..<max(moveCount, 1) {
            var next: CGPoint
            repeat {
                next = CGPoint(x: size.width * Self.fractions.randomElement(using: &random)!,
                               y: size.height * Self.fractions.randomElement(using: &random)!)
            } while next == position
            moves.append(Move(from: position, to: next, duration: Double(Int.random(in: 1...2, using: &random))))
            position = next
        }
        moves.append(Move(from: position, to: start, duration: Double(Int.random(in: 1...2, using: &random))))
        self.moves = moves
    }

    /// Seconds one pass takes: the sum of the moves.
    public var duration: Double { moves.reduce(0) { $0 + $1.duration } }

    /// The points in order, the start first and last.
    public var points: [CGPoint] { [moves[0].from] + moves.map(\.to) }

    /// Where each point is reached, as a fraction of the pass (0 first, 1 last).
    public var keyTimes: [Double] {
        var elapsed = 0.0
        return [0] + moves.map { move in
            elapsed += move.duration
            return elapsed / duration
        }
    }
}
