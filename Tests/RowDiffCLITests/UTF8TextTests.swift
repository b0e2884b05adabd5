import Testing

@testable import RowDiffCLI

/// The command's own strict UTF-8 check (it builds for macOS 13, before `String(validating:as:)`):
/// well-formed text decodes, and every kind of ill-formed sequence is refused.
@Suite struct UTF8TextTests {
    @Test func wellFormedText_decodes() {
        #expect(UTF8Text.decode(Array("id".utf8)) == "id")
        #expect(UTF8Text.decode(Array("café ⌘ 😀".utf8)) == "café ⌘ 😀")
        #expect(UTF8Text.decode([]) == "")
    }

    @Test(arguments: [
        [0xFF] as [UInt8], // never a UTF-8 byte
        [0x63, 0x61, 0x66, 0xE9], // Latin-1 "café"
        [0xC0, 0x80], // overlong NUL
        [0xED, 0xA0, 0x80], // a surrogate
        [0xF0, 0x9F, 0x98], // truncated four-byte sequence
        [0x80], // a lone continuation byte
        [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
    ])
    func illFormedBytes_areRefused(_ bytes: [UInt8]) {
        #expect(UTF8Text.decode(bytes) == nil)
    }

    /// The check agrees with the standard library's strict decoder, where it exists, on every
    /// two-byte input (65,536 cases).
    @Test func agreesWithTheStandardLibrary_onEveryTwoByteInput() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        for value in 0..<65_536 {
            let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
            #expect(UTF8Text.decode(bytes) == String(validating: bytes, as: UTF8.self), "bytes \(bytes)")
        }
    }
}
