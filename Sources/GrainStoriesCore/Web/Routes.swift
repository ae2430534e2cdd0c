import MicroHTTPServer

/// Every route the server answers, declared in one place.
extension Application {
    static func buildRouter(_ services: AppServices) -> Router {
        var router = Router()
        let home = HomePage(pages: services.pages)
        let health = HealthCheck(startedAt: services.startedAt)
        let files = StaticFileHandler(assets: services.pages.assets)

        router.get("/") { try home.respond($0) }
        router.get("/healthz") { health.respond($0) }
        router.get("/assets/*path") { try files.respond(name: $0.parameter("path"), request: $0.request) }
        router.get("/favicon.ico") { try files.respond(name: "favicon.ico", request: $0.request) }
        router.get("/robots.txt") { try files.respond(name: "robots.txt", request: $0.request) }
        return router
    }
}
