import Foundation

// `flipbook-fuzz`: feeds mutated image files to every public decoder (PNG, APNG, GIF, JPEG
// through `CGImage.decode` and `AnimatedImage(data:)`) and checks that each one returns or
// throws promptly, within the decoding budget. A crash leaves the input that caused it in
// the output folder (`current.bin`); an input slower than the limit is saved there as a
// hang and fails the run.
//
//   flipbook-fuzz [--seconds N | --inputs N] [--format png|apng|gif|jpeg|all] [--seed N]
//                 [--out DIR] [--seeds DIR]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

let out = URL(fileURLWithPath: option("--out") ?? FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz").path)
let formats = (option("--format") ?? "all") == "all" ? FuzzFormat.allCases : [FuzzFormat(rawValue: option("--format")!)].compactMap { $0 }
guard !formats.isEmpty else {
    FileHandle.standardError.write(Data("flipbook-fuzz: --format must be png, apng, gif, jpeg or all\n".utf8))
    exit(2)
}
let limit: FuzzRun.Limit = option("--inputs").flatMap(Int.init).map { .inputs($0) }
    ?? .seconds(option("--seconds").flatMap(Double.init) ?? 10)
var seeds = FuzzCorpus.generated()
if let folder = option("--seeds") { seeds += FuzzCorpus.files(in: URL(fileURLWithPath: folder)) }

var failed = false
for format in formats {
    let run = FuzzRun(format: format, seeds: seeds.filter { $0.format == format }.map(\.data),
                      randomSeed: option("--seed").flatMap(UInt64.init) ?? 1, output: out)
    let report = run.run(limit)
    print(report.line)
    failed = failed || report.hangs > 0
}
exit(failed ? 1 : 0)
