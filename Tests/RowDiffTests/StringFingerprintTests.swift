import Testing
@testable import RowDiff

/// Strings are hashed as their UTF-8 bytes when they are ASCII and in NFC otherwise; the ASCII test
/// reads eight bytes at a time, then the tail. A non-ASCII scalar anywhere — in a word, across two
/// words, in the tail — must send the string to NFC, or canonically equivalent strings (which `==`
/// calls equal) would get different fingerprints.
@Suite("String fingerprints")
struct StringFingerprintTests {
    @Test func canonicallyEquivalentStrings_shareAFingerprint_wherever_theAccentIs() {
        for length in 0...40 {
            for position in 0...length {
                let prefix = String(repeating: "a", count: position)
                let suffix = String(repeating: "b", count: length - position)
                let precomposed = prefix + "\u{E9}" + suffix, decomposed = prefix + "e\u{301}" + suffix
                #expect(precomposed == decomposed)
                #expect(
                    precomposed.fingerprint(seed: 7) == decomposed.fingerprint(seed: 7),
                    "length \(length), accent at \(position)")
            }
        }
    }

    /// The Kelvin sign (three UTF-8 bytes) is canonically equivalent to the ASCII letter K: the
    /// non-ASCII spelling reaches the ASCII one's fingerprint through NFC, at every offset.
    @Test func kelvinSign_sharesTheFingerprintOfK() {
        for position in 0...24 {
            let prefix = String(repeating: "x", count: position)
            #expect((prefix + "\u{212A}").fingerprint(seed: 1) == (prefix + "K").fingerprint(seed: 1), "at \(position)")
        }
    }
}
