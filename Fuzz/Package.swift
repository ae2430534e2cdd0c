// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// libFuzzer harnesses, kept out of the main build: JPEGFuzz for PhotoPipeline's
/// header/EXIF path, PhotoFuzz for the whole pipeline over every photo format.
///
/// Build with `swift build -c release --sanitize=fuzzer --sanitize=address` (see
/// FUZZING.md and scripts/fuzz-jpeg). The parent package is referenced by path; SwiftPM
/// names a path dependency after its directory, which differs between checkouts, so the
/// identity is computed from this manifest's location.
let parentIdentity = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "JPEGFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "JPEGFuzz",
            dependencies: [.product(name: "PhotoPipeline", package: parentIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "PhotoFuzz",
            dependencies: [.product(name: "PhotoPipeline", package: parentIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
