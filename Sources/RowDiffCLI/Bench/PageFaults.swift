import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's minor page faults so far: each is a 4 KB page written (or read) for the first
/// time. A first diff at a new size pays one for every fresh page of its scratch and results, which
/// is most of what makes it slower than the steady state (see the README's *Cold first diffs*).
enum PageFaults {
    /// Nil where `getrusage` fails.
    static func count() -> Int? {
        var usage = rusage()
        #if canImport(Glibc)
        let who = Int32(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        return Int(usage.ru_minflt)
    }
}
