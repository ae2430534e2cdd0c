import Activity
import Foundation
import TestKit
import Testing

@testable import GrainStoriesWeb
@testable import GrainSupport

@Suite struct ConfigurationTests {
    private func load(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> AppConfiguration {
        guard case .run(let config) = try AppConfiguration.load(arguments: arguments, environment: environment) else {
            throw ConfigurationError("expected a configuration, got help")
        }
        return config
    }

    @Test func defaultsSuitAHomeServer() throws {
        let config = try load([])
        #expect(config.host == "0.0.0.0")
        #expect(config.port == 8080)
        #expect(config.dataDirectory == "./data")
        #expect(config.maxBodyBytes == 40 * 1024 * 1024)
        #expect(config.maxConnections == nil, "derived from the open-file limit by the server")
        // The per-account draft quotas, as the README states them.
        #expect(config.maxDraftsPerAccount == 20)
        #expect(config.maxDraftBytesPerAccount == 200_000_000)
        #expect(config.trustedPDSes.isEmpty, "no PDS is believed without a resolvable identity unless the operator says so")
    }

    /// Trusted PDSes are kept in the canonical form sessions are compared in.
    @Test func trustedPDSesAreCanonical() throws {
        let config = try load([], ["GRAIN_STORIES_TRUSTED_PDS": "https://PDS.home.lan/, http://192.168.1.5:2583"])
        #expect(config.trustedPDSes == ["https://pds.home.lan", "http://192.168.1.5:2583"])
    }

    @Test func environmentIsReadAndFlagsWin() throws {
        let config = try load(["--port", "9000", "--host=127.0.0.1"], ["GRAIN_STORIES_PORT": "7000", "GRAIN_STORIES_DATA_DIR": "/srv/grain", "PATH": "/bin"])
        #expect(config.port == 9000)
        #expect(config.host == "127.0.0.1")
        #expect(config.dataDirectory == "/srv/grain")
    }

    @Test(arguments: [
        (["--port", "70000"], "--port"),
        (["--port", "eighty"], "--port"),
        (["--port"], "needs a value"),
        (["--colour", "blue"], "unknown option --colour"),
        (["stray"], "unexpected argument"),
        (["--log-level", "loud"], "--log-level"),
        (["--data-dir", "  "], "must not be empty"),
        (["--trusted-pds", "pds.home.lan"], "--trusted-pds"),
        (["--trusted-pds", "ftp://pds.home.lan"], "--trusted-pds"),
        (["--trusted-pds", "https://pds.home.lan/xrpc"], "--trusted-pds"),
        (["--oauth", "yes"], "--oauth must be off, on or only"),
        (["--oauth", "on"], "--oauth on needs --public-url"),
        (["--oauth", "only", "--public-url", "http://stories.example.org"], "needs an https --public-url"),
        (["--oauth", "on", "--public-url", "http://127.0.0.1:8080", "--insecure-hosts", "localhost"], "needs an https --public-url"),
        (["--activity", "maybe"], "--activity must be on or off"),
        (["--jetstream-hosts", "https://jetstream.example"], "--jetstream-hosts takes wss://"),
        (["--jetstream-hosts", "ws://127.0.0.1:6008"], "--jetstream-hosts takes wss://"),
        (["--jetstream-hosts", " , "], "--jetstream-hosts takes one to 16"),
    ])
    func badValuesAreRefusedWithAClearMessage(arguments: [String], fragment: String) {
        do {
            _ = try load(arguments)
            Issue.record("expected an error for \(arguments)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test func oauthNeedsAPublicHTTPSAddressUnlessItsHostIsListedAsInsecure() throws {
        #expect(try load([]).oauth == .off)
        let publicServer = try load(["--oauth", "ON", "--public-url", "https://stories.example.org"])
        #expect(publicServer.oauth == .on)
        #expect(try load([], ["GRAIN_STORIES_OAUTH": "only", "GRAIN_STORIES_PUBLIC_URL": "https://stories.example.org"]).oauth == .only)
        let development = try load(["--oauth", "on", "--public-url", "http://127.0.0.1:8080", "--insecure-hosts", "127.0.0.1:8080"])
        #expect(development.oauth == .on)
    }

    @Test func activityIsOnByDefaultFollowsTheGivenHostsAndTurnsOff() throws {
        let defaults = try load([])
        #expect(defaults.activity)
        #expect(try defaults.followedJetstreamHosts().allSatisfy(\.secure))
        #expect(try load(["--activity", "off"]).activity == false)
        #expect(try load([], ["GRAIN_STORIES_ACTIVITY": "OFF"]).activity == false)
        let local = try load(["--jetstream-hosts", "ws://127.0.0.1:6008, wss://js.example", "--insecure-hosts", "127.0.0.1:6008"])
        #expect(try local.followedJetstreamHosts().map(\.description) == ["ws://127.0.0.1:6008", "wss://js.example"])
    }

    @Test func unknownEnvironmentVariablesAreRefused() {
        #expect(throws: ConfigurationError.self) { try load([], ["GRAIN_STORIES_PROT": "1"]) }
    }

    @Test func helpListsEveryOptionAndItsVariable() throws {
        guard case .help(let text) = try AppConfiguration.load(arguments: ["--help"], environment: [:]) else {
            Issue.record("expected help")
            return
        }
        for option in ConfigurationOption.all {
            #expect(text.contains("--\(option.flag) "))
            #expect(text.contains(option.environmentName))
        }
    }
}

/// The README documents every option; this keeps it true as options are added.
@Suite struct ReadmeTests {
    @Test func theReadmeListsEveryOptionAndItsVariable() throws {
        let readme = try String(contentsOfFile: ProjectPaths.root + "/README.md", encoding: .utf8)
        for option in ConfigurationOption.all {
            #expect(readme.contains("| `--\(option.flag)` | `\(option.environmentName)` |"), "README misses --\(option.flag)")
        }
    }
}
