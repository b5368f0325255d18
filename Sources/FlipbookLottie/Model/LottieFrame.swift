import Foundation

/// Frame numbers as a Lottie file means them.
enum LottieFrame {
    /// A frame number as Bodymovin meant it: one within a thousandth of a whole frame is
    /// that frame. It writes frames it computed from seconds (145.000005905971 for 145,
    /// 30.0000012219251 for 30), and After Effects puts layers' ends and keyframes on
    /// whole frames.
    static func asMeant(_ value: Double) -> Double {
        let whole = value.rounded()
        return abs(value - whole) < 0.001 ? whole : value
    }
}
