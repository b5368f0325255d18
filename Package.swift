// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookGraphics", targets: ["FlipbookGraphics"]),
        .library(name: "FlipbookMedia", targets: ["FlipbookMedia"]),
        .library(name: "FlipbookFilters", targets: ["FlipbookFilters"]),
        .library(name: "FlipbookAnimation", targets: ["FlipbookAnimation"]),
        .library(name: "FlipbookUI", targets: ["FlipbookUI"]),
        .library(name: "FlipbookComponents", targets: ["FlipbookComponents"]),
        .library(name: "FlipbookSnapshotTesting", targets: ["FlipbookSnapshotTesting"]),
        .library(name: "FlipbookLottie", targets: ["FlipbookLottie"]),
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .executable(name: "flipbook-bench", targets: ["FlipbookBench"]),
        .executable(name: "flipbook-fuzz", targets: ["FlipbookFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // The preview server's request-head timeout is a channel handler in its HTTP pipeline.
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        // `swift package generate-documentation` builds the DocC catalogues.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `FlipbookSnapshotTesting`'s strategies are swift-snapshot-testing's.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // A thin C shim that turns libjpeg's longjmp error handling into return codes.
        .target(name: "CFlipbookJPEG", dependencies: ["CJPEG"]),

        // The compositing loops, in C for the high-half multiply and AVX2 (chosen at run time),
        // neither of which Swift can express.
        .target(name: "CFlipbookKernels"),
        // Starting ffmpeg bound to Flipbook's life (fork, a clean signal state, PR_SET_PDEATHSIG, exec).
        .target(name: "CFlipbookProcess"),
        .target(name: "FlipbookGraphics", dependencies: ["CFreeType", "CFontconfig", "CFlipbookKernels"]),
        .target(
            name: "FlipbookMedia",
            dependencies: ["FlipbookGraphics", "CPNG", "CZlib", "CFlipbookJPEG", "CFlipbookKernels", "CFlipbookProcess"]),
        .target(name: "FlipbookFilters", dependencies: ["FlipbookGraphics", "FlipbookMedia", "CFlipbookKernels"]),
        .target(name: "FlipbookAnimation", dependencies: ["FlipbookGraphics", "FlipbookFilters"]),
        .target(name: "FlipbookUI", dependencies: ["FlipbookGraphics", "FlipbookMedia", "FlipbookFilters", "FlipbookAnimation"]),
        // Lottie (Bodymovin JSON) animations, read into a model and played as layer trees.
        .target(name: "FlipbookLottie", dependencies: ["FlipbookGraphics", "FlipbookMedia", "FlipbookFilters", "FlipbookAnimation", "FlipbookUI"]),
        .target(name: "FlipbookComponents", dependencies: ["FlipbookGraphics", "FlipbookMedia", "FlipbookFilters", "FlipbookAnimation", "FlipbookUI"]),
        .target(name: "Flipbook", dependencies: ["FlipbookGraphics", "FlipbookMedia", "FlipbookFilters", "FlipbookAnimation", "FlipbookUI",
                                                 "FlipbookComponents", "FlipbookLottie"]),
        // The demo gallery, the Core Animation tour, the graphics contact sheet and the film
        // strip: what the CLI, the preview, the benchmarks and the tests show; not linked by users.
        .target(name: "FlipbookGallery", dependencies: ["Flipbook"]),
        // Snapshot tests of layers, views and their animations with swift-snapshot-testing.
        .target(name: "FlipbookSnapshotTesting", dependencies: ["Flipbook", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // `flipbook preview`: the gallery served with a time scrubber per scene.
        .target(name: "FlipbookPreview", dependencies: ["FlipbookGallery", .product(name: "Hummingbird", package: "hummingbird"),
                                                        .product(name: "HummingbirdCore", package: "hummingbird"),
                                                        .product(name: "NIOCore", package: "swift-nio"),
                                                        .product(name: "NIOHTTPTypes", package: "swift-nio-extras")]),
        .executableTarget(
            name: "FlipbookCLI",
            dependencies: [
                "Flipbook",
                "FlipbookGallery",
                "FlipbookPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "FlipbookBench", dependencies: ["FlipbookGallery", "FlipbookTestSupport", "CAllocationCounter"]),
        // `flipbook-fuzz`: mutated image files through every decoder (see bench/fuzz).
        .executableTarget(name: "FlipbookFuzz", dependencies: ["FlipbookMedia", "CZlib"]),

        .target(name: "FlipbookTestSupport", dependencies: ["FlipbookGraphics", "FlipbookMedia", "FlipbookAnimation", "FlipbookUI"]),
        .testTarget(
            name: "FlipbookGraphicsTests",
            dependencies: ["FlipbookGraphics", "FlipbookGallery", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookFiltersTests",
            dependencies: ["FlipbookFilters", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookAnimationTests",
            dependencies: ["FlipbookAnimation", "FlipbookTestSupport"]),
        .testTarget(
            name: "FlipbookUITests",
            dependencies: ["FlipbookUI", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookComponentsTests",
            dependencies: ["FlipbookComponents", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookTests",
            dependencies: ["FlipbookGallery", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookSnapshotTestingTests",
            dependencies: ["FlipbookSnapshotTesting", "FlipbookTestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FlipbookLottieTests",
            dependencies: ["FlipbookLottie", "FlipbookTestSupport", "Flipbook"],
            exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(
            name: "FlipbookPreviewTests",
            dependencies: ["FlipbookPreview", "FlipbookGallery", "FlipbookTestSupport"]),
        .testTarget(
            name: "FlipbookMediaTests",
            dependencies: ["FlipbookMedia", "FlipbookTestSupport"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)

#if os(Linux)
// Apple's module names for Flipbook's frameworks, so iOS files compile with their imports as
// they are. Only on Linux: on Apple platforms those names are Apple's frameworks.
// The Swift toolchain for Linux declares swift-testing's cross-import overlays for three of
// them (`import Testing` with `import UIKit` asks for `_Testing_UIKit`) without shipping
// the overlays: each comes here, empty, with its module.
let appleNames: [(module: String, dependencies: [Target.Dependency])] = [
    ("CoreGraphics", ["FlipbookGraphics", "_Testing_CoreGraphics"]),
    ("CoreImage", ["CoreGraphics", "FlipbookFilters", "_Testing_CoreImage"]),
    ("QuartzCore", ["CoreGraphics", "FlipbookAnimation"]),
    ("UIKit", ["CoreGraphics", "CoreImage", "QuartzCore", "FlipbookUI", "_Testing_UIKit"]),
]
for (module, dependencies) in appleNames {
    package.products.append(.library(name: module, targets: [module]))
    package.targets.append(.target(name: module, dependencies: dependencies))
}
for overlay in ["_Testing_CoreGraphics", "_Testing_CoreImage", "_Testing_UIKit"] {
    package.targets.append(.target(name: overlay, path: "Sources/TestingOverlays/\(overlay)"))
}
// iOS files, as they are, compiled against those names.
package.targets.append(.testTarget(name: "PortedCodeTests", dependencies: ["UIKit", "FlipbookTestSupport"], exclude: ["__Snapshots__"]))
#endif
