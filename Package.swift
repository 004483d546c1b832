// swift-tools-version: 6.2
// Flipbook: a Core Animation–style animation runtime for Linux framebuffer devices.
//
// Dependencies point one way: FixedPoint ← Motion ← Flipbook, FixedPoint ← Raster ← Flipbook,
// Raster ← ImageCodecs ← FlipbookSim, Raster ← Fonts ← Flipbook, Raster ← FlipbookLinux, Flipbook ← FlipbookScenes ← flipbook.
import PackageDescription

/// Optimisation flags for executables and tests only: a library product with unsafeFlags cannot be a
/// versioned dependency.
let executableSettings: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "FixedPoint", targets: ["FixedPoint"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookLinux", targets: ["FlipbookLinux"]),
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        .library(name: "Fonts", targets: ["Fonts"]),
        .library(name: "FlipbookInput", targets: ["FlipbookInput"]),
        .library(name: "FlipbookSim", targets: ["FlipbookSim"]),
        .library(name: "FlipbookScenes", targets: ["FlipbookScenes"]),
        .executable(name: "flipbook", targets: ["flipbook"]),
        .executable(name: "flipbook-bench", targets: ["flipbook-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Core (Embedded Swift subset)
        .target(name: "FixedPoint"),
        .target(name: "Motion", dependencies: ["FixedPoint"]),
        .target(name: "Raster", dependencies: ["FixedPoint"]),
        .target(name: "Flipbook", dependencies: ["FixedPoint", "Motion", "Raster", "Fonts"], exclude: ["README.md"]),
        .target(name: "ImageCodecs", dependencies: ["Raster"], exclude: ["README.md"]),
        .target(name: "Fonts", dependencies: ["FixedPoint", "Raster", "CBuiltinFonts"], exclude: ["README.md", "Builtin"]),
        .target(name: "CBuiltinFonts"),
        .target(name: "FlipbookInput", dependencies: ["FixedPoint", "Raster"], exclude: ["README.md"]),

        // MARK: - Hardware and host
        .target(name: "CFlipbookShim"),
        .systemLibrary(name: "CLibDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .target(
            name: "FlipbookLinux", dependencies: ["FixedPoint", "Raster", "CFlipbookShim", "CLibDRM", "FlipbookInput"],
            exclude: ["README.md"]),
        .target(name: "FlipbookSim", dependencies: ["Raster", "ImageCodecs"], exclude: ["README.md"]),
        .target(
            name: "FlipbookScenes",
            dependencies: ["FixedPoint", "Motion", "Raster", "Fonts", "Flipbook", "ImageCodecs", "FlipbookSim"],
            exclude: ["README.md"]),
        .target(name: "FlipbookControl", dependencies: ["Flipbook", "FlipbookLinux", "FlipbookScenes"]),
        .target(
            name: "FlipbookInteraction", dependencies: ["FixedPoint", "Flipbook", "FlipbookInput", "FlipbookScenes"],
            exclude: ["README.md"]),

        // MARK: - Executables
        .executableTarget(
            name: "flipbook",
            dependencies: [
                "FixedPoint", "Raster", "ImageCodecs", "FlipbookScenes", "FlipbookSim", "FlipbookLinux", "FlipbookControl",
                "FlipbookInput", "FlipbookInteraction", "CFlipbookShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: executableSettings),
        .systemLibrary(name: "CPeers", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpng-dev", "libjpeg62-turbo-dev"])]),
        .executableTarget(
            name: "flipbook-bench",
            dependencies: ["FixedPoint", "Motion", "Raster", "Fonts", "Flipbook", "FlipbookScenes", "CFlipbookShim", "CPeers",
                           "CMallocCounter", "FlipbookLinux", "ImageCodecs", "FlipbookSim"],
            swiftSettings: executableSettings),

        // MARK: - Tests
        .target(name: "CMallocCounter", path: "Tests/CMallocCounter"),
        .testTarget(name: "FixedPointTests", dependencies: ["FixedPoint"]),
        .testTarget(name: "MotionTests", dependencies: ["FixedPoint", "Motion"]),
        .testTarget(name: "FlipbookInputTests", dependencies: ["FixedPoint", "Raster", "FlipbookInput", "CMallocCounter"]),
        .testTarget(
            name: "RasterTests", dependencies: ["FixedPoint", "Raster", "CMallocCounter"],
            exclude: ["Reference", "Pixels/Golden"]),
        .testTarget(
            name: "FlipbookTests",
            dependencies: ["FixedPoint", "Motion", "Raster", "Fonts", "Flipbook", "ImageCodecs", "FlipbookSim", "FlipbookInput",
                           "CMallocCounter"],
            exclude: ["Compositor/Golden", "Text/Reference"]),
        .testTarget(
            name: "ImageCodecsTests", dependencies: ["Raster", "ImageCodecs"], exclude: ["PNGCorpus", "JPEGCorpus"]),
        .testTarget(
            name: "FontsTests", dependencies: ["FixedPoint", "Raster", "Fonts", "CMallocCounter"], exclude: ["Reference"]),
        .testTarget(
            name: "FlipbookLinuxTests", dependencies: ["Raster", "FlipbookLinux", "Flipbook", "FlipbookInput", "CMallocCounter"]),
        .testTarget(
            name: "FlipbookScenesTests",
            dependencies: [
                "FixedPoint", "Raster", "Fonts", "Flipbook", "ImageCodecs", "FlipbookScenes", "FlipbookSim", "CMallocCounter",
            ],
            exclude: ["Broken", "Golden"]),
        .testTarget(
            name: "FlipbookControlTests",
            dependencies: ["Flipbook", "Raster", "FlipbookLinux", "FlipbookScenes", "FlipbookControl", "CMallocCounter"]),
        .testTarget(
            name: "FlipbookInteractionTests",
            dependencies: [
                "FixedPoint", "Raster", "Flipbook", "FlipbookInput", "FlipbookScenes", "FlipbookSim", "FlipbookInteraction",
                "FlipbookLinux", "CMallocCounter",
            ],
            exclude: ["Golden"]),
    ]
)
