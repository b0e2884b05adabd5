import RowDiff

/// A type-erased identity, content or cell-kind value inside a ``ValidationSnapshot``.
///
/// The validator only ever asks "are these two equal?", so it keeps the caller's own values and
/// compares them with the caller's `==` — no hashing to fingerprints, so no collision can make it
/// wrong. `Int` and `String` (the usual identities) are stored unboxed, which keeps comparisons
/// cheap in the stress tests; anything else goes through `AnyHashable`.
///
/// Why `@unchecked Sendable` is sound here: every initializer requires `Hashable & Sendable` (or
/// `Equatable & Sendable`), so the boxed value is itself `Sendable`; `AnyHashable` is only not
/// `Sendable` because it *could* hold anything. Values of different types are never equal (`1` and `"1"` differ), as with
/// `AnyHashable`.
public struct ValidationValue: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Hashable {
        case int(Int)
        case string(String)
        case any(Box)
        case equatable(EquatableBox)
    }

    /// A value that is only `Equatable` (a cell state without `Hashable`): compared with its own
    /// `==`; its hash is its type's, which agrees with `==` (equal values have the same type).
    @usableFromInline
    final class EquatableBox: Hashable, Sendable {
        let value: any Equatable & Sendable
        let type: ObjectIdentifier
        private let equals: @Sendable (any Equatable & Sendable) -> Bool

        init<T: Equatable & Sendable>(_ value: T) {
            self.value = value
            self.type = ObjectIdentifier(T.self)
            self.equals = { other in (other as? T).map { $0 == value } ?? false }
        }

        @usableFromInline static func == (lhs: EquatableBox, rhs: EquatableBox) -> Bool {
            lhs === rhs || (lhs.type == rhs.type && lhs.equals(rhs.value))
        }
        @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(type) }
    }

    /// `AnyHashable` is address-only (it holds an existential), which would make every copy of
    /// a value — and the validator copies one per compared row — go through runtime value
    /// witnesses. Boxing it in a class keeps `ValidationValue` a plain loadable enum.
    @usableFromInline
    final class Box: Hashable {
        @usableFromInline let value: AnyHashable
        @usableFromInline init(_ value: AnyHashable) { self.value = value }
        @usableFromInline static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
        @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    @usableFromInline
    let storage: Storage

    /// Wraps `value`. Wrapping a `ValidationValue` returns it unchanged, so a value passed twice
    /// through the convenience initializers still equals the original. An existential
    /// `any Hashable & Sendable` is opened implicitly.
    @inlinable
    public init<T: Hashable & Sendable>(_ value: T) {
        if let int = value as? Int {
            storage = .int(int)
        } else if let string = value as? String {
            storage = .string(string)
        } else if let already = value as? ValidationValue {
            storage = already.storage
        } else {
            storage = .any(Box(AnyHashable(value)))
        }
    }

    /// Wraps a value that is only `Equatable` (not `Hashable`), such as a cell state: the validator
    /// compares it with its own `==`, so content of every type is checked.
    /// - Complexity: O(1); each comparison costs one dynamic cast and the value's `==`.
    public init<T: Equatable & Sendable>(equatable value: T) {
        storage = .equatable(EquatableBox(value))
    }

    /// Both values when both are known and differ — the validator's only question. `Int` and
    /// `String` compare without going through `AnyHashable`.
    @inlinable
    static func differing(_ a: ValidationValue?, _ b: ValidationValue?) -> (ValidationValue, ValidationValue)? {
        guard let a, let b else { return nil }
        switch (a.storage, b.storage) {
        case (.int(let x), .int(let y)): return x == y ? nil : (a, b)
        case (.string(let x), .string(let y)): return x == y ? nil : (a, b)
        case (.any(let x), .any(let y)): return x == y ? nil : (a, b)
        case (.equatable(let x), .equatable(let y)): return x == y ? nil : (a, b)
        default: return (a, b)
        }
    }

    /// The wrapped value as the caller passed it; an `Equatable`-only value is returned wrapped
    /// (its box is the `Hashable` form of it).
    public var base: any Hashable {
        switch storage {
        case .int(let value): value
        case .string(let value): value
        case .any(let box): box.value.base as! any Hashable
        case .equatable(let box): box
        }
    }

    /// The value as it appears in violation messages: strings quoted, so `"1"` and `1` read
    /// differently, as they compare.
    public var description: String {
        switch storage {
        case .int(let value): String(value)
        case .string(let value): String(reflecting: value)
        case .any(let box): String(reflecting: box.value.base)
        case .equatable(let box): String(reflecting: box.value)
        }
    }
}

extension ValidationValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// An integer value, as in `ValidationValue(3)`.
    public init(integerLiteral value: Int) { storage = .int(value) }
    /// A string value, as in `ValidationValue("A")`.
    public init(stringLiteral value: String) { storage = .string(value) }
}
