// swift-tools-version: 6.2
import PackageDescription

/// GrainStories: a self-hostable server for Grain's 24-hour photo stories.
///
/// The layout is the architecture, and the build holds it (docs/architecture.md):
/// - A target imports only the targets listed here as its dependencies. SwiftPM alone
///   accepts an import of any target built before it; `scripts/test` (and with it CI)
///   builds with `--explicit-target-dependency-import-check error`, which fails the build
///   on an import of a target outside the importer's dependencies, direct or transitive
///   (an import of a dependency's dependency passes it, so declare those by hand).
/// - Every C library sits behind one system-library target (`C…`) and exactly one thin
///   Swift wrapper target, the only target that lists it (so, with the check, its only
///   importer); glibc's own extensions too (`CSpawn` → `ProcessSpawning`, `CMalloc` →
///   `MallocTrimming`). The photo decoders PNGDecoding, HEIFDecoding, WebPDecoding and
///   GIFDecoding feed PhotoPipeline's pipeline.
/// - The pure Swift building blocks import no application target, and the application
///   imports no C. It is layered GrainSupport → ATProto → OAuthClient, Geocoding → Accounts
///   → Viewing → Social → Activity → Posting → Presentation (the presenters), Housekeeping
///   (the sweep) and SQLiteRepositories, each feature owning the protocol of what it
///   stores; `SQLiteRepositories` implements those protocols over SQLiteStore (the one
///   place with SQL), Multipart sits beside them and the web layer (`GrainStoriesWeb`,
///   whose composition root chooses the storage adapter) on top; the `grain-stories`
///   executable only wires the command line to the web layer or to `H3CommandLine`.
/// - The photo pipeline and its codecs are linked only into `grain-stories-photo`
///   (`PhotoCommandLine`), which the server runs as a child process for each photo; the
///   server knows photos through `PhotoModel` alone.
/// - `swift build`, `swift build -c release` and `swift test` work in a fresh clone: the
///   test kits are regular targets, which a release build compiles too, so they reach
///   what they need through `package` API and never `@testable import`.
/// Tests mirror the targets.
let package = Package(
    name: "GrainStories",
    products: [
        .executable(name: "grain-stories", targets: ["GrainStoriesServer"]),
        // The photo tool and worker: the only executable that links the image codecs.
        .executable(name: "grain-stories-photo", targets: ["GrainStoriesPhoto"]),
        // For the separate fuzzing package in Fuzz/, which depends on this one by path.
        .library(name: "PhotoPipeline", targets: ["PhotoPipeline"]),
    ],
    targets: [
        // MARK: C system libraries (module.modulemap + shim.h each)
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // TurboJPEG for encoding, and libjpeg's own API (the same libjpeg-turbo; the module
        // map links both) for decoding from a file descriptor row by row.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev", "libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CDav1d", pkgConfig: "dav1d", providers: [.apt(["libdav1d-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's libresolv (libc6-dev): no pkg-config file; the module map links it.
        .systemLibrary(name: "CResolv"),
        // glibc's malloc_trim, to give an idle server's free heap back (GrainSupport's IdleMemoryTrimmer).
        .systemLibrary(name: "CMalloc"),
        // glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np (Posting's ChildProcess).
        .systemLibrary(name: "CSpawn"),
        // giflib (libgif-dev): no pkg-config file either; the module map links "gif".
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // OpenSSL 3's libcrypto (libssl-dev; libssl3 is already there at run time through libcurl4).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libwebsockets 4.1 (WebSocket client for Jetstream; its server side for test stand-ins).
        .systemLibrary(name: "CWebSockets", pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        // libqrencode, for the QR code TV mode can show of the story on screen.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),

        // MARK: Pure Swift building blocks
        .target(name: "WorkerThreads"),
        // Scratch files and the one durable, atomic file writer: below both the HTTP
        // server (request bodies) and the application (uploads, drafts, media cache).
        .target(name: "DurableFiles"),
        // A failed file operation in words, from Foundation's errors: kept out of DurableFiles
        // so the photo tool, which links DurableFiles, links no Foundation at all.
        .target(name: "FileErrors", dependencies: ["DurableFiles"]),
        // H3 cells, and the checked GPS position both photos and the geocoder turn into one.
        .target(name: "H3Index"),
        .target(name: "HTMLTemplates", dependencies: ["DurableFiles", "FileErrors"]),
        .target(name: "HTTPFields"),
        // JSON read and written without Foundation (`JSONNode`, `WorkerJSON`): what the server
        // and the photo tool hand each other, and what the geocoder reads Nominatim's answers into.
        .target(name: "PlainJSON"),
        // The photo pipeline's values without its codecs (options, errors, metadata, GPS,
        // the memory estimate, the prepared photo): what the server needs to hand a photo to
        // the photo worker and read its answer, so the server links no image library.
        .target(name: "PhotoModel", dependencies: ["H3Index"]),

        // MARK: Thin wrappers, each the only importer of its C module
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "HTTPFields", "DurableFiles", "WorkerThreads"]),
        .target(name: "CurlHTTPClient", dependencies: ["CCurl", "HTTPFields", "WorkerThreads"]),
        // PNG chunks and pixels (libpng's simplified API); RGB out, no JPEG or EXIF knowledge.
        .target(name: "PNGDecoding", dependencies: ["CPNG", "GzipCompression"]),
        // The photo pipeline: sniffs the format, decodes (libjpeg itself, streaming from the file; other formats
        // through their wrappers' RGB), reads EXIF (libexif), resamples, orients, encodes.
        // Optimised in debug builds too: its resampler works in SIMD vectors, which
        // unoptimised code runs lane by lane through generic calls (the 49 MP HEIC of the
        // photo worker's tests took 93 s in the debug build the tests run; optimised, 1.2 s).
        .target(
            name: "PhotoPipeline",
            dependencies: ["PhotoModel", "H3Index", "CTurboJPEG", "CExif", "PNGDecoding", "HEIFDecoding", "WebPDecoding", "GIFDecoding", "WorkerThreads"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "SQLiteStore", dependencies: ["CSQLite", "WorkerThreads", "DurableFiles"]),
        // HEIF/HEIC and AVIF in, upright 8-bit RGB plus Exif and ICC out (libheif).
        .target(name: "HEIFDecoding", dependencies: ["CHeif", "CDav1d"]),
        // WebP (still and animated, first frame) in, 8-bit RGB flattened onto white (at full
        // size, or scaled by libwebp as it decodes) plus EXIF and ICC out (libwebp's decoder
        // and demuxer).
        .target(name: "WebPDecoding", dependencies: ["CWebP"]),
        // GIF's first frame (giflib, record by record) to 8-bit RGB on its canvas.
        .target(name: "GIFDecoding", dependencies: ["CGif"]),
        .target(name: "GzipCompression", dependencies: ["CZlib"]),
        .target(name: "DNSResolver", dependencies: ["CResolv", "WorkerThreads"]),
        // ES256 for OAuth (DPoP proofs, client assertions): P-256 keys, JWS R‖S signatures,
        // JWK and its RFC 7638 thumbprint, PKCS#8 persistence. Base64url and SHA-256 come
        // from GrainSupport.
        .target(name: "P256", dependencies: ["COpenSSL", "GrainSupport"]),
        // WebSocket client connections (and a loopback server for stand-ins), each on a thread
        // of its own: the only importer of CWebSockets.
        .target(name: "WebSockets", dependencies: ["CWebSockets", "WorkerThreads"]),
        // Text in, a QR code's modules out (libqrencode).
        .target(name: "QRCodeEncoding", dependencies: ["CQRencode"]),
        // Starting a child process (posix_spawn, pipe2, closefrom: glibc's GNU extensions).
        .target(name: "ProcessSpawning", dependencies: ["CSpawn"]),
        // glibc's malloc_trim, which GrainSupport's IdleMemoryTrimmer calls once the server is quiet.
        .target(name: "MallocTrimming", dependencies: ["CMalloc"]),

        // MARK: The application (no C imports), lowest first; a target imports only those above it
        // Values and tools every layer uses: protocol-free support, logging, crypto, caches.
        .target(name: "GrainSupport", dependencies: ["WorkerThreads", "DurableFiles", "FileErrors", "MallocTrimming"]),
        // The AT Protocol: DID/handle/record key/NSID/AT URI/datetime values, XRPC, the AppView
        // and PDS clients, records and views, identity resolution, outbound HTTP rules.
        .target(name: "ATProto", dependencies: ["GrainSupport", "CurlHTTPClient", "DNSResolver"]),
        // AT Protocol OAuth as a confidential client: PKCE, DPoP proofs, private_key_jwt
        // client assertions, server discovery with its issuer checks, PAR, tokens, and the
        // verification of who signed in. Pure pieces plus one driver over OutboundHTTP.
        .target(name: "OAuthClient", dependencies: ["GrainSupport", "ATProto", "P256", "CurlHTTPClient", "HTTPFields"]),
        // Places: Nominatim, the geocoding cache, place names.
        .target(name: "Geocoding", dependencies: ["GrainSupport", "ATProto", "CurlHTTPClient", "PlainJSON", "H3Index"]),
        // Signed-in accounts: sessions and the browser's session cookie, the authorized PDS
        // (refreshing and re-verifying tokens), sign-in with its attempt limits, and the
        // identity port with its domain error.
        .target(name: "Accounts", dependencies: ["GrainSupport", "ATProto", "HTTPFields", "OAuthClient", "P256", "DurableFiles"]),
        // Watching stories: the story library and its caches, seen state, media, the TV programme.
        .target(
            name: "Viewing",
            dependencies: ["GrainSupport", "ATProto", "CurlHTTPClient", "WorkerThreads", "DurableFiles", "FileErrors"]
        ),
        // The social side: the follow/block graph, hidden people, the strip a person chose,
        // favourites, comment threads and the outbox that writes them.
        .target(name: "Social", dependencies: ["GrainSupport", "ATProto", "Accounts", "Viewing"]),
        // Activity: the Jetstream follower (hearts, comments, replies and mentions that concern
        // the accounts signed in here, believed only once checked), its storage protocols,
        // Web Push (VAPID, RFC 8291 encryption) and who saw a story.
        .target(
            name: "Activity",
            dependencies: ["GrainSupport", "ATProto", "Accounts", "Viewing", "Social", "P256", "WebSockets", "CurlHTTPClient", "DurableFiles"]
        ),
        // Posting: drafts (upload → draft), the photo worker it runs, the publish state machine.
        .target(
            name: "Posting",
            dependencies: [
                "GrainSupport", "ATProto", "Accounts", "Geocoding", "Viewing", "PhotoModel", "PlainJSON", "H3Index",
                "WorkerThreads", "DurableFiles", "ProcessSpawning",
            ]
        ),
        // Housekeeping: the hourly sweep of old drafts and their photos, unused sessions,
        // OAuth grants without a session, and favourites and comments already sent.
        .target(name: "Housekeeping", dependencies: ["GrainSupport", "ATProto", "Accounts", "OAuthClient", "Social", "Posting"]),
        // The SQLite adapter: the one database file, its schema and migrations, and every
        // feature's repository protocol implemented over it. The only target with SQL.
        .target(
            name: "SQLiteRepositories",
            dependencies: ["GrainSupport", "ATProto", "SQLiteStore", "Geocoding", "Accounts", "Viewing", "Social", "Posting", "OAuthClient", "Activity"]
        ),
        // Presenters: features' values turned into what templates show, in one place.
        .target(
            name: "Presentation",
            dependencies: ["GrainSupport", "ATProto", "Accounts", "Viewing", "Social", "Posting", "Geocoding", "HTMLTemplates", "Activity"]
        ),
        // multipart/form-data parsing into scratch files, independent of the application.
        .target(name: "Multipart", dependencies: ["GrainSupport", "DurableFiles"]),
        // The web layer: configuration, router, routes, pages and handlers, the error boundary,
        // static files, commands, and the one composition root used by `serve` and the tests.
        .target(
            name: "GrainStoriesWeb",
            dependencies: [
                "GrainSupport", "ATProto", "SQLiteRepositories", "Accounts", "Geocoding", "Viewing", "Social", "Posting", "Presentation",
                "Housekeeping", "Multipart", "MicroHTTPServer", "CurlHTTPClient", "PhotoModel", "GzipCompression", "HTMLTemplates", "FileErrors",
                "WorkerThreads", "DNSResolver", "DurableFiles", "OAuthClient", "Activity", "WebSockets", "P256",
                "QRCodeEncoding",
            ]
        ),
        // `grain-stories h3 …`: H3 cells and the TSV/benchmark tooling, outside the server library.
        .target(name: "H3CommandLine", dependencies: ["H3Index", "GrainSupport", "DurableFiles"]),
        .executableTarget(name: "GrainStoriesServer", dependencies: ["GrainStoriesWeb", "H3CommandLine"]),
        // `grain-stories-photo process|estimate|worker`: the photo pipeline as a command of its
        // own. The server runs it as a child for every upload (its header estimate and its
        // processing), so the server process neither links the codecs nor parses a photo.
        // It links no Foundation (see `WorkerJSON`): a small program, started for every upload.
        .target(name: "PhotoCommandLine", dependencies: ["PhotoPipeline", "PhotoModel", "PlainJSON", "H3Index", "DurableFiles"]),
        .executableTarget(name: "GrainStoriesPhoto", dependencies: ["PhotoCommandLine"]),

        // MARK: Tests
        // Test kits, layered like the code: a test depends only on the kits (and so the
        // targets) its layer needs, so a test of a low-level target builds nothing above it.
        // The base kit: waiting for conditions, deadlines, clocks, gates, paths, fixtures.
        .target(name: "TestKit", path: "Tests/TestKit", resources: [.copy("Fixtures")]),
        // Capturing what a GrainSupport logger writes.
        .target(name: "LoggingTestKit", dependencies: ["GrainSupport"], path: "Tests/LoggingTestKit"),
        // Sockets, raw HTTP, the scripted HTTP server, the closure responder, the DNS server.
        .target(
            name: "HTTPTestKit", dependencies: ["TestKit", "MicroHTTPServer", "GzipCompression"], path: "Tests/HTTPTestKit"
        ),
        // Image bytes built by hand: PNG, EXIF, flat JPEG; no photo pipeline.
        .target(name: "ImageTestKit", dependencies: ["TestKit", "GzipCompression"], path: "Tests/ImageTestKit"),
        // Photos made and compared with the photo pipeline (sample photos, PPM, SSIM).
        .target(name: "PhotoTestKit", dependencies: ["TestKit", "ImageTestKit", "PhotoPipeline"], path: "Tests/PhotoTestKit"),
        // The AT Protocol: the fake and reference PDS, the stand-in AppView, identity and
        // Nominatim servers, the identity directory, CID/DAG-CBOR/JSONValue/TID.
        .target(
            name: "ATProtoTestKit",
            dependencies: ["TestKit", "HTTPTestKit", "GrainSupport", "ATProto", "MicroHTTPServer", "CurlHTTPClient", "DNSResolver", "P256"],
            path: "Tests/ATProtoTestKit"
        ),
        // OAuth: the client-side harness around the stand-in authorization server (a client
        // host publishing metadata and JWKS, an identity directory that may lie).
        .target(
            name: "OAuthTestKit",
            dependencies: ["ATProtoTestKit", "HTTPTestKit", "MicroHTTPServer", "CurlHTTPClient", "OAuthClient", "ATProto", "P256"],
            path: "Tests/OAuthTestKit"
        ),
        // Fakes of the features' ports (identity, places, the story library, comment threads)
        // and the publishing harness (a publisher wired to a fake PDS and a temporary database).
        .target(
            name: "FeatureTestKit",
            dependencies: [
                "TestKit", "LoggingTestKit", "PhotoTestKit", "ATProtoTestKit", "GrainSupport", "ATProto", "SQLiteRepositories", "Accounts", "Geocoding",
                "Viewing", "Social", "Posting", "MicroHTTPServer", "CurlHTTPClient", "PhotoPipeline", "Activity",
            ],
            path: "Tests/FeatureTestKit"
        ),
        // The whole application: the harness, the live app, the server process, the cookie
        // jar, the HTTP browser and WebDriver.
        .target(
            name: "AppTestKit",
            dependencies: [
                "TestKit", "LoggingTestKit", "HTTPTestKit", "ATProtoTestKit", "FeatureTestKit", "GrainSupport", "ATProto", "SQLiteRepositories", "Accounts",
                "Geocoding", "Viewing", "Social", "Posting", "GrainStoriesWeb", "MicroHTTPServer", "CurlHTTPClient", "PhotoPipeline", "WorkerThreads",
                "Activity", "WebSockets", "P256", "SQLiteStore",
            ],
            path: "Tests/AppTestKit",
            // The browser WebKitWebDriver automates, run by path (WebKitDriver); axe-core
            // (MPL-2.0, vendored with its licence), read by path and run in the page (Axe);
            // the page clock tests and the TV benchmark move (PageClock), likewise.
            exclude: ["Browser/webkit-browser.py", "Browser/axe", "Browser/page-clock.js"]
        ),
        .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles"]),
        .testTarget(name: "FileErrorsTests", dependencies: ["FileErrors", "DurableFiles"]),
        .testTarget(name: "WorkerThreadsTests", dependencies: ["WorkerThreads", "TestKit"]),
        .testTarget(name: "H3IndexTests", dependencies: ["H3Index"], resources: [.copy("Resources")]),
        .testTarget(name: "HTMLTemplatesTests", dependencies: ["HTMLTemplates"]),
        .testTarget(name: "HTTPFieldsTests", dependencies: ["HTTPFields"]),
        .testTarget(name: "MicroHTTPServerTests", dependencies: ["MicroHTTPServer", "TestKit", "HTTPTestKit"]),
        .testTarget(name: "CurlHTTPClientTests", dependencies: ["CurlHTTPClient", "TestKit", "HTTPTestKit"]),
        .testTarget(
            name: "PhotoPipelineTests",
            dependencies: ["PhotoPipeline", "H3Index", "HEIFDecoding", "PNGDecoding", "TestKit", "ImageTestKit", "PhotoTestKit", "WorkerThreads"],
            exclude: ["make-ycbcr-fixtures.sh"], resources: [.copy("Resources")]
        ),
        .testTarget(name: "PNGDecodingTests", dependencies: ["PNGDecoding", "TestKit", "ImageTestKit", "GzipCompression"]),
        .testTarget(
            name: "HEIFDecodingTests", dependencies: ["HEIFDecoding", "TestKit", "ImageTestKit"], exclude: ["make-fixtures.py", "make-large-flat-fixtures.sh"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "WebPDecodingTests", dependencies: ["WebPDecoding", "TestKit"], exclude: ["make-fixtures.py"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "GIFDecodingTests", dependencies: ["GIFDecoding", "TestKit"], exclude: ["make-fixtures.py"],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "SQLiteStoreTests", dependencies: ["SQLiteStore"]),
        .testTarget(name: "GzipCompressionTests", dependencies: ["GzipCompression"]),
        .testTarget(name: "DNSResolverTests", dependencies: ["DNSResolver", "TestKit", "HTTPTestKit"]),
        .testTarget(name: "P256Tests", dependencies: ["P256", "GrainSupport"]),
        .testTarget(name: "WebSocketsTests", dependencies: ["WebSockets", "TestKit"]),
        .testTarget(name: "QRCodeEncodingTests", dependencies: ["QRCodeEncoding", "TestKit"]),
        .testTarget(name: "ProcessSpawningTests", dependencies: ["ProcessSpawning"]),
        .testTarget(name: "MallocTrimmingTests", dependencies: ["MallocTrimming"]),
        .testTarget(name: "PlainJSONTests", dependencies: ["PlainJSON"]),
        .testTarget(
            name: "AccountsTests",
            dependencies: [
                "Accounts", "OAuthClient", "P256", "ATProto", "GrainSupport", "TestKit", "HTTPTestKit", "ATProtoTestKit", "OAuthTestKit",
                "CurlHTTPClient", "DurableFiles",
            ]
        ),
        .testTarget(
            name: "OAuthClientTests",
            dependencies: [
                "OAuthClient", "P256", "ATProto", "GrainSupport", "TestKit", "ATProtoTestKit", "OAuthTestKit", "CurlHTTPClient",
            ]
        ),
        .testTarget(name: "GrainSupportTests", dependencies: ["GrainSupport", "DurableFiles", "TestKit", "LoggingTestKit"]),
        .testTarget(
            name: "ATProtoTests",
            dependencies: [
                "ATProto", "GrainSupport", "TestKit", "HTTPTestKit", "ATProtoTestKit", "LoggingTestKit", "CurlHTTPClient", "MicroHTTPServer", "DNSResolver",
            ],
            // Resources/interop-syntax: atproto-interop-tests' syntax vectors (CC0; see its README).
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "GeocodingTests",
            dependencies: [
                "Geocoding", "ATProto", "GrainSupport", "SQLiteRepositories", "TestKit", "HTTPTestKit", "ATProtoTestKit", "LoggingTestKit", "CurlHTTPClient",
                "MicroHTTPServer",
            ]
        ),
        .testTarget(
            name: "ViewingTests",
            dependencies: [
                "Viewing", "Presentation", "Social", "ATProto", "GrainSupport", "TestKit", "HTTPTestKit", "PhotoTestKit", "ATProtoTestKit",
                "FeatureTestKit", "CurlHTTPClient", "PhotoPipeline",
            ]
        ),
        .testTarget(
            name: "PostingTests",
            dependencies: [
                "Posting", "Accounts", "Social", "Viewing", "SQLiteRepositories", "ATProto", "Geocoding", "GrainSupport", "TestKit", "HTTPTestKit",
                "ATProtoTestKit", "OAuthClient",
                "LoggingTestKit", "PhotoTestKit", "FeatureTestKit", "CurlHTTPClient", "PhotoPipeline", "SQLiteStore", "WorkerThreads",
            ]
        ),
        .testTarget(
            name: "HousekeepingTests",
            dependencies: [
                "Housekeeping", "Posting", "Accounts", "Social", "SQLiteRepositories", "SQLiteStore", "ATProto", "GrainSupport", "TestKit",
                "LoggingTestKit", "ATProtoTestKit", "FeatureTestKit",
            ]
        ),
        .testTarget(
            name: "ActivityTests",
            dependencies: [
                "Activity", "ATProto", "GrainSupport", "P256", "WebSockets", "TestKit", "LoggingTestKit", "FeatureTestKit", "AppTestKit", "ATProtoTestKit",
                "GrainStoriesWeb", "Accounts", "CurlHTTPClient",
            ]
        ),
        .testTarget(
            name: "SocialTests",
            dependencies: ["Social", "Viewing", "ATProto"]
        ),
        // One contract suite per repository protocol, run against every adapter (SQLite and
        // the in-memory one in FeatureTestKit), as the PDS parity test runs both PDS fakes.
        .testTarget(
            name: "SQLiteRepositoriesTests",
            dependencies: [
                "SQLiteRepositories", "GrainStoriesWeb", "Accounts", "Posting", "Social", "Viewing", "Geocoding", "ATProto", "GrainSupport",
                "OAuthClient", "TestKit", "ATProtoTestKit", "FeatureTestKit", "AppTestKit", "Activity",
            ]
        ),
        .testTarget(name: "MultipartTests", dependencies: ["Multipart", "GrainSupport", "DurableFiles", "TestKit"]),
        .testTarget(name: "H3CommandLineTests", dependencies: ["H3CommandLine"]),
        .testTarget(name: "PhotoModelTests", dependencies: ["PhotoModel", "PlainJSON", "H3Index"]),
        .testTarget(name: "PhotoCommandLineTests", dependencies: ["PhotoCommandLine", "PhotoPipeline", "TestKit", "ImageTestKit", "PhotoTestKit"]),
        .testTarget(
            name: "GrainStoriesWebTests",
            dependencies: [
                "GrainStoriesWeb", "GrainSupport", "ATProto", "SQLiteRepositories", "Geocoding", "Viewing", "Accounts", "Social", "Posting", "Presentation",
                "Multipart", "Activity", "Housekeeping", "H3Index", "DurableFiles", "HTMLTemplates", "HTTPFields",
                "TestKit", "LoggingTestKit", "HTTPTestKit", "ImageTestKit", "PhotoTestKit", "ATProtoTestKit", "FeatureTestKit", "AppTestKit",
                "CurlHTTPClient", "MicroHTTPServer", "PhotoPipeline", "GzipCompression", "DNSResolver", "WorkerThreads", "PNGDecoding",
            ]
        ),
        .testTarget(
            name: "GrainStoriesServerTests",
            dependencies: [
                "GrainSupport", "ATProto", "SQLiteRepositories", "Geocoding", "Viewing", "Accounts", "Social", "Posting", "Presentation", "Multipart",
                "H3CommandLine",
                "GrainStoriesWeb", "TestKit", "HTTPTestKit", "ImageTestKit", "PhotoTestKit", "ATProtoTestKit", "AppTestKit", "MicroHTTPServer",
                "CurlHTTPClient", "PhotoPipeline", "GzipCompression", "PNGDecoding", "LoggingTestKit", "Activity", "HTTPFields",
            ]
        ),
        .testTarget(
            name: "ATProtoTestKitTests",
            dependencies: [
                "ATProtoTestKit", "TestKit", "HTTPTestKit", "PhotoTestKit", "CurlHTTPClient", "ATProto", "GrainSupport", "OAuthTestKit", "OAuthClient",
                "P256",
            ]),
    ]
)

// Strictness for every Swift target, in one place (swift-log style).
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .treatAllWarnings(as: .error),
        ]
}
