import FoundationEssentials
import Glibc
import H3Index

/// `grain-stories h3 bench`: times `latLngToCell` over seeded random points. Hidden
/// (not in `--help`); `scripts/bench-h3` runs it next to the C library.
///
/// Points are uniform on the sphere: latitude `asin(2u - 1)` in degrees, longitude
/// `360v - 180`, with u, v from SplitMix64. The C program in the script draws the same
/// points, so the XOR of all cells (the checksum) must agree.
struct H3Benchmark {
    var points = 1_000_000
    var resolution = 9
    var seed: UInt64 = 42
    var rounds = 3

    /// One result line, `key=value` pairs (parsed by the script).
    func run() -> String {
        var random = SplitMix64(seed: seed)
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        latitudes.reserveCapacity(points)
        longitudes.reserveCapacity(points)
        for _ in 0..<points {
            let u = random.nextUnit()
            let v = random.nextUnit()
            latitudes.append(asin(2 * u - 1) * (180 / Double.pi))
            longitudes.append(v * 360 - 180)
        }

        var best = Double.infinity
        var checksum: UInt64 = 0
        let clock = ContinuousClock()
        for _ in 0..<max(rounds, 1) {
            checksum = 0
            let start = clock.now
            for index in 0..<points {
                if let cell = try? H3Cell(latitude: latitudes[index], longitude: longitudes[index], resolution: resolution) {
                    checksum ^= cell.rawValue
                }
            }
            let elapsed = (clock.now - start).components
            best = min(best, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        let rate = Double(points) / best
        return "impl=swift res=\(resolution) points=\(points) seconds=\(best) calls_per_second=\(Int(rate)) checksum=\(String(checksum, radix: 16))"
    }
}
