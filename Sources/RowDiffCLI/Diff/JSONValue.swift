/// A JSON value as the `rowdiff` contract compares it (docs/JSON.md, "Values").
///
/// Equality is JSON-value equality, not text equality: numbers by numeric value (`1 == 1.0`),
/// strings as Swift compares them (canonical equivalence), objects regardless of key order, arrays
/// element by element; values of different kinds never compare equal (`1 != "1"`, `true != 1`).
/// `hash(into:)` agrees with `==`, which is all RowDiff needs to match identities correctly.
///
/// The value keeps what the input wrote (number literals, object key order), so identities are
/// printed back the way the user wrote them.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: Hashable {
    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .number(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        // String hashing normalizes, so canonically equivalent strings hash alike.
        case .string(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(4 as UInt8)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(5 as UInt8)
            hasher.combine(value)
        }
    }
}

extension JSONValue {
    /// The members of an object, or nil for any other kind.
    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements of an array, or nil for any other kind.
    var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The kind's name, for error messages ("an array", "a string").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON number, kept as written and compared by exact decimal value.
///
/// The value is never converted to a `Double`, so large integers and long decimals keep their
/// identity (`9007199254740993` differs from `9007199254740992`), while every spelling of one value
/// is equal: `1`, `1.0`, `1e0`, `10e-1`, and `0` with `-0`.
///
/// Equality and hashing use the canonical form sign · digits · 10^exponent, where digits has no
/// leading or trailing zeros (and zero is empty digits, no sign), and the exponent is exact: the
/// parser rejects written exponents of more than 18 digits, so it always fits an `Int`
/// (`1e9007199254740993` differs from `1e9007199254740992` and equals `10e9007199254740992`).
struct JSONNumber: Sendable, CustomStringConvertible {
    /// The number as written in the input; valid JSON number syntax.
    let literal: String

    /// A number from its literal.
    /// - Precondition: `literal` is valid JSON number syntax (the parser checks it).
    init(literal: String) { self.literal = literal }

    var description: String { literal }

    /// Calls `body` with each significant digit (ASCII), then returns the sign and the exponent
    /// of the canonical form.
    /// - Complexity: O(literal length), no allocation.
    func canonical(_ body: (UInt8) -> Void) -> (negative: Bool, exponent: Int) {
        var literal = literal
        return literal.withUTF8 { bytes in
            var index = 0
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            // Pass 1: locate the digits of the mantissa and the written exponent.
            var integerEnd = index
            while integerEnd < bytes.count, bytes[integerEnd].isJSONDigit { integerEnd += 1 }
            var fractionStart = integerEnd, fractionEnd = integerEnd
            if integerEnd < bytes.count, bytes[integerEnd] == UInt8(ascii: ".") {
                fractionStart = integerEnd + 1
                fractionEnd = fractionStart
                while fractionEnd < bytes.count, bytes[fractionEnd].isJSONDigit { fractionEnd += 1 }
            }
            var written = 0
            if fractionEnd < bytes.count { // e or E
                var cursor = fractionEnd + 1
                var exponentNegative = false
                if bytes[cursor] == UInt8(ascii: "-") {
                    exponentNegative = true
                    cursor += 1
                } else if bytes[cursor] == UInt8(ascii: "+") {
                    cursor += 1
                }
                while cursor < bytes.count {
                    // At most 18 significant digits (the parser's limit): no overflow.
                    written = written * 10 + Int(bytes[cursor] &- 48)
                    cursor += 1
                }
                if exponentNegative { written = -written }
            }
            // The mantissa's digits as one sequence, skipping the '.'.
            let integerCount = integerEnd - index
            let total = integerCount + (fractionEnd - fractionStart)
            func digit(_ k: Int) -> UInt8 { k < integerCount ? bytes[index + k] : bytes[fractionStart + k - integerCount] }
            var first = 0
            while first < total, digit(first) == UInt8(ascii: "0") { first += 1 }
            if first == total { return (false, 0) } // zero, whatever its spelling
            var last = total
            while digit(last - 1) == UInt8(ascii: "0") { last -= 1 }
            for k in first..<last { body(digit(k)) }
            // value = digits[first..<last] · 10^(written − fraction digits + trailing zeros dropped)
            let fractionCount = fractionEnd - fractionStart
            return (negative, written - fractionCount + (total - last))
        }
    }
}

extension UInt8 {
    /// True for the ASCII digits 0–9.
    @inline(__always) var isJSONDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}

extension JSONNumber: Hashable {
    static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.literal == rhs.literal { return true }
        var left: [UInt8] = [], right: [UInt8] = []
        let a = lhs.canonical { left.append($0) }
        let b = rhs.canonical { right.append($0) }
        return a == b && left == right
    }

    func hash(into hasher: inout Hasher) {
        var digits = 0
        let form = canonical {
            hasher.combine($0)
            digits += 1
        }
        hasher.combine(digits)
        hasher.combine(form.negative)
        hasher.combine(form.exponent)
    }
}

/// A JSON object: members in the order the input wrote them, compared regardless of that order.
///
/// Keys are unique as Swift compares strings; when the input repeats a key, the last value wins
/// and keeps the first occurrence's position (what JavaScript's `JSON.parse` does).
struct JSONObject: Sendable {
    /// One member.
    struct Member: Sendable {
        var key: String
        var value: JSONValue
    }

    /// The members, in input order.
    private(set) var members: [Member] = []
    /// Key → position, only for objects large enough that a linear search would hurt.
    private var index: [String: Int]?

    /// Objects with more members than this get a dictionary index.
    private static let linearLimit = 12

    init() {}

    init(_ pairs: KeyValuePairs<String, JSONValue>) {
        for (key, value) in pairs { self[key] = value }
    }

    var count: Int { members.count }

    /// The value for `key`, or nil when the object has no such member.
    /// - Complexity: O(1) expected for large objects, O(members) for small ones.
    subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let position = position(of: key) {
                if let newValue { members[position].value = newValue } else { remove(at: position) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index![key] = members.count - 1
                } else if members.count > Self.linearLimit {
                    index = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
                }
            }
        }
    }

    /// This object without the member `key`.
    func removing(_ key: String) -> JSONObject {
        var copy = self
        copy[key] = nil
        return copy
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func remove(at position: Int) {
        members.remove(at: position)
        if index != nil {
            index = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension JSONObject: Hashable {
    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // Keys are unique on each side, so equal counts plus every lhs member found in rhs suffice.
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    func hash(into hasher: inout Hasher) {
        // Order-independent: combine the members' own hashes commutatively (as Dictionary does).
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
