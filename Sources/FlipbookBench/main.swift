import Flipbook

// flipbook-bench: release-build benchmarks.
//   flipbook-bench compare SCENES OUT [--iterations N] [--only SCENE,…] [--threads N]   (bench/compare.sh runs this and the peers)
//   flipbook-bench scenes DIR                                            (writes bench/scenes/ again)
//   flipbook-bench animation [--layers N] [--frames N]
//   flipbook-bench render [--frames N] [--only flip|cards|perspective|offscreen|gif|png|memory] [--threads N]
//   flipbook-bench filters [--frames N] [--only FILTER]
//   flipbook-bench ui [--frames N]
//   flipbook-bench fidelity [FOLDER] [--out DIR] [--only FILTER]                         (bench/fidelity runs this)
//   flipbook-bench lottie PATH OUT [--iterations N]                                      (bench/lottie runs this and the peers)

let arguments = Array(CommandLine.arguments.dropFirst())

/// The integer after `flag`, or `fallback`.
func option(_ flag: String, default fallback: Int) -> Int {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count,
          let n = Int(arguments[i + 1]), n > 0 else { return fallback }
    return n
}

/// The word after `flag`, if there is one.
func option(_ flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

switch arguments.first {
case "compare" where arguments.count >= 3:
    try MainActor.assumeIsolated {
        try CompareBenchmark.run(scenes: URL(fileURLWithPath: arguments[1]), output: URL(fileURLWithPath: arguments[2]),
                                 iterations: option("--iterations", default: 7),
                                 only: option("--only")?.split(separator: ",").map(String.init),
                                 threads: arguments.contains("--threads") ? option("--threads", default: 1) : nil)
    }
case "scenes" where arguments.count >= 2:
    try BenchSceneFactory.write(to: URL(fileURLWithPath: arguments[1]))
case "animation":
    AnimationBenchmark.run(layers: option("--layers", default: 10_000), frames: option("--frames", default: 1_000))
case "render":
    try MainActor.assumeIsolated {
        try RenderBenchmark.run(frames: option("--frames", default: 30), only: option("--only"),
                                threads: arguments.contains("--threads") ? option("--threads", default: 1) : nil)
    }
case "filters":
    try FilterBenchmark.run(frames: option("--frames", default: 16), only: option("--only"))
case "ui":
    try MainActor.assumeIsolated { try UIBenchmark.run(frames: option("--frames", default: 60)) }
case "fidelity":
    let folder = arguments.count > 1 && !arguments[1].hasPrefix("--") ? arguments[1] : "../shared/reference/coreimage"
    try FidelityBenchmark.run(root: URL(fileURLWithPath: folder), output: URL(fileURLWithPath: option("--out") ?? "bench/.out/fidelity"),
                                  only: option("--only"))
case "lottie" where arguments.count >= 3:
    try MainActor.assumeIsolated {
        try LottieBenchmark.run(path: URL(fileURLWithPath: arguments[1]), output: URL(fileURLWithPath: arguments[2]),
                                iterations: option("--iterations", default: 5))
    }
default:
    print("usage: flipbook-bench compare SCENES OUT [--iterations N] [--only SCENE,…] [--threads N]")
    print("       flipbook-bench scenes DIR")
    print("       flipbook-bench animation [--layers N] [--frames N]")
    print("       flipbook-bench render [--frames N] [--only flip|cards|perspective|offscreen|gif|png|memory] [--threads N]")
    print("       flipbook-bench filters [--frames N] [--only FILTER]")
    print("       flipbook-bench ui [--frames N]")
    print("       flipbook-bench fidelity [FOLDER] [--out DIR] [--only FILTER]")
    print("       flipbook-bench lottie PATH OUT [--iterations N]")
    exit(arguments.isEmpty ? 0 : 2)
}
