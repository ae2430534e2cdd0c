import FoundationEssentials
import GrainSupport
import MicroHTTPServer

/// `grain-stories serve`: configuration → build → serve → wait for SIGTERM/SIGINT →
/// drain in-flight requests → exit 0.
enum ServeCommand {
    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let configuration: AppConfiguration
        do {
            switch try AppConfiguration.load(arguments: arguments, environment: environment) {
            case .help(let text):
                StandardStreams.output(text)
                return 0
            case .run(let loaded):
                configuration = loaded
            }
            // Uploaded photos are prepared by grain-stories-photo in child processes: a server
            // that could not prepare any upload says so now, not at the first upload.
            if let problem = PhotoTool.problem(at: configuration.photoWorkerExecutable) {
                StandardStreams.error("grain-stories: \(problem)")
                return 78
            }
        } catch {
            StandardStreams.error("grain-stories: \(error)")
            return 64
        }

        let logger = Logger.standardError(level: configuration.logLevel)
        let app: GrainStoriesApp
        let server: HTTPServer
        do {
            let data = try DataDirectory.prepare(configuration.dataDirectory)
            app = try await GrainStoriesApp.build(
                configuration: configuration, data: data, logger: logger, edges: .live(configuration: configuration, logger: logger))
            await app.startBackgroundWork()
            server = app.makeServer()
            try server.start()
        } catch {
            StandardStreams.error("grain-stories: \(error)")
            return 78
        }

        logger.info(
            "listening",
            [
                "address": "http://\(configuration.host):\(server.port)/", "data": configuration.dataDirectory,
                "photoWorker": configuration.photoWorkerExecutable,
            ])
        let signal = await TerminationSignals.wait()
        logger.info("shutting down", ["signal": String(signal)])
        await server.shutdown(gracePeriod: .seconds(10))
        await app.shutdown()
        logger.info("stopped")
        return 0
    }
}
