#if canImport(Glibc)
import Glibc
#endif

/// `check --stats`: CPU seconds by part of the work, this process's and its waited-for
/// children's (the Swift sources reader runs as a process of its own). CPU time, not wall time:
/// on a busy machine wall time measures the other processes as much as this one.
struct TimeSplit {
    private var parts: [(name: String, seconds: Double)] = []
    private var last = TimeSplit.cpu()

    /// The work since the last part ended belongs to `name` (added up when a part recurs: one
    /// exploration per device, one load per flow).
    mutating func end(_ name: String) {
        let now = Self.cpu()
        if let i = parts.firstIndex(where: { $0.name == name }) {
            parts[i].seconds += now - last
        } else {
            parts.append((name, now - last))
        }
        last = now
    }

    /// `stats: CPU seconds …: import 0.021, Swift sources 0.612, …; whole process 0.702`: what
    /// follows the last part is the report's; the whole process includes start-up.
    mutating func summary() -> String {
        end("report")
        let list = parts.map { "\($0.name) \(Self.fixed($0.seconds))" }.joined(separator: ", ")
        return "stats: CPU seconds (this process and the Swift sources reader): \(list); whole process \(Self.fixed(Self.cpu()))"
    }

    static func fixed(_ x: Double) -> String {
        let ms = Int((x * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    static func cpu() -> Double {
        var total = 0.0
        for who in [RUSAGE_SELF, RUSAGE_CHILDREN] {
            var u = rusage()
            getrusage(who.rawValue, &u)
            total += Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
        }
        return total
    }
}
