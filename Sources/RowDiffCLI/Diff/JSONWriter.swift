/// Appends JSON text to a byte buffer: the low-level half of the output encoders.
///
/// Values are written as the input wrote them (number literals, object key order), strings with
/// the minimal escapes (quote, backslash, control characters) and other characters as UTF-8, so
/// output is deterministic for given inputs.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func newline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { bytes.append(UInt8(ascii: " ")) }
    }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            raw(String(value))
        }
    }

    /// `[s, r]`.
    mutating func path(section: Int, item: Int) {
        bytes.append(UInt8(ascii: "["))
        int(section)
        raw(", ")
        int(item)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `"key": `.
    mutating func key(_ key: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(key)
        raw("\": ")
    }

    /// `[a, b, ...]` with each element written by `element`.
    mutating func list<C: Collection>(_ elements: C, _ element: (inout JSONWriter, C.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in elements {
            if !first { raw(", ") }
            first = false
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A JSON value on one line: `{"a": 1, "b": [2, 3]}`.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let number): raw(number.literal)
        case .string(let text): string(text)
        case .array(let elements): list(elements) { $0.value($1) }
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { raw(", ") }
                string(member.key)
                raw(": ")
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A quoted, escaped JSON string.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal, for messages.
    static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `value` as one-line JSON, for messages and the text format.
    static func compact(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
