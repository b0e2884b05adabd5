/// Strict UTF-8 decoding on every platform the command builds for.
///
/// `String(validating:as:)` would do this, but it is macOS 15 and later; the command builds for
/// macOS 13. Decoding repairs ill-formed input with U+FFFD, and only well-formed input re-encodes
/// to the very same bytes, so the round trip is the validation.
enum UTF8Text {
    /// The text `bytes` encode, or nil when they are not well-formed UTF-8.
    /// - Complexity: O(n) in the number of bytes.
    static func decode(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
