import Testing

@testable import H3Index

/// Poles, the antimeridian and latitudes past ±90 (reference notes §3 step 0 and §4).
@Suite struct PoleAndSeamTests {
    @Test func polesGiveTheDocumentedCells() throws {
        #expect(try H3Cell(latitude: 90, longitude: 0, resolution: 0).description == "8001fffffffffff")
        #expect(try H3Cell(latitude: 90, longitude: 0, resolution: 15).description == "8f0326233ab0399")
        #expect(try H3Cell(latitude: -90, longitude: 0, resolution: 0).description == "80f3fffffffffff")
        #expect(try H3Cell(latitude: -90, longitude: 0, resolution: 15).description == "8ff29380e0d0cc4")
    }

    @Test func poleCellsDoNotDependOnLongitude() throws {
        let north = try H3Cell(latitude: 90, longitude: 0, resolution: 15)
        let south = try H3Cell(latitude: -90, longitude: 0, resolution: 15)
        var longitude = -540.0
        while longitude <= 540 {
            #expect(try H3Cell(latitude: 90, longitude: longitude, resolution: 15) == north)
            #expect(try H3Cell(latitude: -90, longitude: longitude, resolution: 15) == south)
            longitude += 7.3
        }
        #expect(try H3Cell(latitude: 90, longitude: 1e10, resolution: 15) == north)
    }

    @Test func plusAndMinus180AreTheSameMeridian() throws {
        var latitude = -89.5
        while latitude < 90 {
            for resolution in [0, 3, 8, 10, 15] {
                let east = try H3Cell(latitude: latitude, longitude: 180, resolution: resolution)
                let west = try H3Cell(latitude: latitude, longitude: -180, resolution: resolution)
                #expect(east == west, "latitude \(latitude) resolution \(resolution)")
            }
            latitude += 1.37
        }
    }

    @Test func latitudePast90WrapsOverThePole() throws {
        for resolution in [0, 5, 10, 15] {
            let past = try H3Cell(latitude: 95, longitude: 0, resolution: resolution)
            let over = try H3Cell(latitude: 85, longitude: 180, resolution: resolution)
            #expect(past == over)
        }
        #expect(try H3Cell(latitude: 95, longitude: 0, resolution: 15).description == "8f05688ae674360")
    }

    @Test func upstreamCommandLineExample() throws {
        #expect(try H3Cell(latitude: 20, longitude: 123, resolution: 2).description == "824b9ffffffffff")
    }
}
