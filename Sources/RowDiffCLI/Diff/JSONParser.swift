/// A JSON syntax error: where (a byte offset into the input) and what.
struct JSONSyntaxError: Error, Hashable, Sendable {
    /// Byte offset of the offending input (the input's length for an unexpected end).
    var offset: Int
    var message: String

    /// The 1-based line and column of `offset` in `bytes`. Lines end at "\n"; columns count
    /// Unicode scalars (a tab is one column), so they match what an editor shows for UTF-8 text.
    /// - Complexity: O(offset); only computed when reporting.
    func location(in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { location(in: $0) }
    }

    /// The 1-based line and column of `offset` in `bytes` (see above).
    func location(in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 { // not a UTF-8 continuation byte
                column += 1
            }
        }
        return (line, column)
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Written for the `rowdiff` command rather than using Foundation's `JSONSerialization`, which
/// reports no line and column, turns numbers into `Double` (losing large identities) and loses
/// key order. It accepts exactly RFC 8259 JSON (no comments, trailing commas, NaN or leading
/// zeros) plus an optional leading UTF-8 byte order mark, and rejects invalid UTF-8 and lone
/// surrogates, which a Swift `String` cannot hold.
///
/// - Complexity: O(n) in the input's bytes; one pass, no backtracking. Strings without escapes
///   are copied once.
struct JSONParser {
    /// Containers may nest this deep; deeper input is rejected instead of exhausting the stack.
    static let maximumDepth = 512

    /// Parses one JSON document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in try parse(buffer) }
    }

    /// Parses one JSON document held in `bytes`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }

    /// Exponents may have at most this many significant digits, so that a number's exact value
    /// (digits · 10^exponent, the exponent an `Int`) can always be computed and compared.
    static let maximumExponentDigits = 18

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// Scratch for strings with escapes, reused between strings.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        let result = try value()
        skipWhitespace()
        if position < bytes.count { throw error("unexpected \(describeByte(at: position)) after the JSON value") }
        return result
    }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: throw error("unexpected \(describeByte(at: position)), expected a value")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1 // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    throw error("trailing comma: expected a value before ']'")
                }
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            default:
                throw error("unexpected \(describeByte(at: position)), expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        position += 1 // {
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected a string key") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                if bytes[position] == UInt8(ascii: "}") { throw error("trailing comma: expected a key before '}'") }
                throw error("unexpected \(describeByte(at: position)), expected a string key")
            }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ':'") }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeByte(at: position)), expected ':' after an object key")
            }
            position += 1
            skipWhitespace()
            object[key] = try value()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(object)
            default:
                throw error("unexpected \(describeByte(at: position)), expected ',' or '}' after an object member")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        for k in 0..<word.utf8CodeUnitCount {
            guard position < bytes.count, bytes[position] == word.utf8Start[k] else {
                position = start
                throw error("invalid literal, expected '\(word)'")
            }
            position += 1
        }
    }

    // MARK: Numbers

    private mutating func number() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, bytes[position].isJSONDigit else { throw error("invalid number: expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, bytes[position].isJSONDigit {
                throw error("invalid number: leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, bytes[position].isJSONDigit else {
                throw error("invalid number: expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, bytes[position].isJSONDigit else {
                throw error("invalid number: expected a digit in the exponent")
            }
            while position < bytes.count, bytes[position] == UInt8(ascii: "0") { position += 1 }
            let significant = position
            skipDigits()
            if position - significant > Self.maximumExponentDigits {
                // Numbers compare by exact value; an exponent this long cannot be held exactly.
                throw error("number out of range: the exponent has more than \(Self.maximumExponentDigits) digits", at: start)
            }
        }
        return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    private mutating func skipDigits() {
        while position < bytes.count, bytes[position].isJSONDigit { position += 1 }
    }

    // MARK: Strings

    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = position
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes are the string once validated.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("unescaped control character \(scalarName(UInt32(byte))) in a string") }
            if byte < 0x80 { position += 1 } else { try skipUTF8Sequence() }
        }
        guard position < bytes.count else { throw error("unterminated string", at: quote) }
        // Slow path: decode escapes into the scratch buffer.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try escape()
            } else if byte < 0x20 {
                throw error("unescaped control character \(scalarName(UInt32(byte))) in a string")
            } else if byte < 0x80 {
                scratch.append(byte)
                position += 1
            } else {
                let sequenceStart = position
                try skipUTF8Sequence()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[sequenceStart..<position]))
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// Decodes the escape at `position` (a backslash) into `scratch`.
    private mutating func escape() throws(JSONSyntaxError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw error("unterminated string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escapeAt: backslash)
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(hex(scalar)) in a string", at: backslash)
                }
                let lowStart = position
                position += 2
                let low = try hex4(escapeAt: lowStart)
                guard low >= 0xDC00 && low < 0xE000 else {
                    throw error("unpaired surrogate \\u\(hex(scalar)) in a string", at: backslash)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                throw error("unpaired surrogate \\u\(hex(scalar)) in a string", at: backslash)
            }
            appendUTF8(scalar)
        default:
            throw error("invalid escape '\\\(describeScalar(at: position - 1, quoted: false))' in a string", at: backslash)
        }
    }

    private mutating func hex4(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected four hexadecimal digits", at: backslash)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Moves past one well-formed UTF-8 sequence of two to four bytes (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), or throws at its first byte.
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF // bounds of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: throw error("invalid UTF-8 byte 0x\(hex(UInt32(lead), width: 2))")
        }
        guard position + length <= bytes.count else { throw error("invalid UTF-8: truncated sequence") }
        let second = bytes[position + 1]
        guard second >= lower && second <= upper else { throw error("invalid UTF-8 sequence") }
        for k in 2..<length where bytes[position + k] & 0xC0 != 0x80 { throw error("invalid UTF-8 sequence") }
        position += length
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    /// "character 'x'" or "character U+00A0" for the character at `offset`, for messages.
    private func describeByte(at offset: Int) -> String {
        "character \(describeScalar(at: offset, quoted: true))"
    }

    private func describeScalar(at offset: Int, quoted: Bool) -> String {
        let end = min(bytes.count, offset + 4)
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
            return "byte 0x\(hex(UInt32(bytes[offset]), width: 2))"
        }
        if scalar.value >= 0x21 && scalar.value < 0x7F { return quoted ? "'\(Character(scalar))'" : String(Character(scalar)) }
        return scalarName(scalar.value)
    }
}

/// "U+000A" for messages.
private func scalarName(_ value: UInt32) -> String { "U+\(hex(value, width: 4))" }

/// Upper-case hexadecimal, zero-padded to `width`.
private func hex(_ value: UInt32, width: Int = 4) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
