import Flipbook

// flipbook-bench: release-build benchmarks, with a peer measured in the same run where
// there is one.
//   swift run -c release flipbook-bench graphics [--iterations N] [--no-peer] [--only SCENE]
//   swift run -c release flipbook-bench animation [--layers N] [--frames N]
//   swift run -c release flipbook-bench render [--frames N] [--only flip|cards|gif|memory]
//   swift run -c release flipbook-bench filters [--frames N]   (ffmpeg's xfade as the peer)
//   swift run -c release flipbook-bench ui [--frames N]
// Run bench/setup.sh once to install the graphics peer (Cairo through cairocffi).

let arguments = Array(CommandLine.arguments.dropFirst())

/// The integer after `flag`, or `fallback`.
func option(_ flag: String, default fallback: Int) -> Int {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count,
          let n = Int(arguments[i + 1]), n > 0 else { return fallback }
    return n
}

switch arguments.first {
case "graphics":
    try GraphicsBenchmark.run()
case "animation":
    AnimationBenchmark.run(layers: option("--layers", default: 10_000), frames: option("--frames", default: 1_000))
case "render":
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    try MainActor.assumeIsolated { try RenderBenchmark.run(frames: option("--frames", default: 30), only: only) }
case "filters":
    let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    try FilterBenchmark.run(frames: option("--frames", default: 16), only: only)
case "ui":
    try MainActor.assumeIsolated { try UIBenchmark.run(frames: option("--frames", default: 60)) }
default:
    print("usage: flipbook-bench graphics [--iterations N] [--no-peer] [--only SCENE]")
    print("       flipbook-bench animation [--layers N] [--frames N]")
    print("       flipbook-bench render [--frames N] [--only flip|cards|gif|memory]")
    print("       flipbook-bench filters [--frames N]")
    print("       flipbook-bench ui [--frames N]")
    exit(arguments.isEmpty ? 0 : 2)
}
