import Foundation

/// A value that can be diffed: it has an identity that says which element it is, and content
/// that says whether that element changed.
///
/// - Plain `Hashable` values (String, Int, UUID, your own structs) need no code: the value is its
///   own identity, so a matched element never counts as changed.
/// - `Identifiable & Equatable` values use `id` as identity and `==` as content equality.
/// - Anything else implements `diffIdentity` and `isContentEqual(to:)`.
///
/// Identity must agree with `==` of `DiffIdentity`; RowDiff verifies every matched pair with it,
/// so a fingerprint collision can never make a result wrong. (The one pair check it leaves out is
/// exact without it: an `Int` identity's fingerprint is its bit pattern xor a seed both sides
/// share, a one-to-one map, so equal fingerprints are equal `Int`s.)
///
/// Threads: in a diff of 16,384 rows or more (old plus new), `diffIdentity`, `==` of identities
/// and `isContentEqual(to:)` are called from two threads at once (old and new side, or two halves
/// of the matched pairs), each on distinct rows. Plain stored properties and value types need
/// nothing; a getter that mutates shared state (a lazily filled cache in a class) must be safe
/// to call concurrently.
public protocol Diffable {
    /// The identity type; `Fingerprintable` identities take RowDiff's fast paths.
    associatedtype DiffIdentity: Hashable
    /// Which element this is. Two values with equal identities are the same element.
    var diffIdentity: DiffIdentity { get }
    /// Whether `other` (an element with the same identity) shows the same content.
    /// - Complexity: Called once per matched pair, so it should be O(1) or close to it.
    func isContentEqual(to other: Self) -> Bool
    /// The kind of cell that shows this element. An updated row whose kind is unchanged is
    /// reconfigured in place; one whose kind changed is reloaded. Default: the Swift type.
    ///
    /// Kinds are compared only for rows whose content changed, so `isContentEqual(to:)` must return
    /// false when the kind differs (synthesized `==` does, when the kind derives from stored properties).
    var rowKind: RowKind { get }
}

extension Diffable {
    @inlinable
    public var rowKind: RowKind { RowKind(Self.self) }
}

extension Diffable where Self: Hashable {
    /// A hashable value is its own identity: two rows are the same row when they are equal.
    public var diffIdentity: Self { self }
    public func isContentEqual(to other: Self) -> Bool { self == other }
}

extension Diffable where Self: Identifiable & Equatable {
    /// An identifiable value's identity is its `id`.
    public var diffIdentity: ID { id }
    public func isContentEqual(to other: Self) -> Bool { self == other }
}

extension Diffable where Self: Identifiable & Hashable {
    /// An identifiable value's identity is its `id` (not the whole value, although it is hashable).
    public var diffIdentity: ID { id }
    public func isContentEqual(to other: Self) -> Bool { self == other }
}

/// The kind of cell an element is shown in (its reuse identifier's source).
///
/// A kind is a trivially copyable value: kinds made from a type hold the type's identity, named
/// kinds an interned number, so copying a row copies its kind without reference counting, and
/// comparing two kinds is O(1). The name is derived only when asked for.
public struct RowKind: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Identity: Hashable, Sendable {
        case type(ObjectIdentifier)
        case named(Int)
        /// `init(stamp:named:)`'s kinds.
        case stamped(UInt64)
    }

    /// A metatype is an immutable value, safe to share between threads.
    @usableFromInline
    struct TypeBox: @unchecked Sendable {
        @usableFromInline let type: Any.Type
        @inlinable init(_ type: Any.Type) { self.type = type }
    }

    @usableFromInline let identity: Identity
    @usableFromInline let typeBox: TypeBox?

    /// The kind named after a Swift type, e.g. `RowKind(ContactCell.self)`.
    @inlinable
    public init(_ type: Any.Type) {
        identity = .type(ObjectIdentifier(type))
        typeBox = TypeBox(type)
    }

    /// A kind with an explicit name. Equal names give equal kinds.
    public init(named name: String) {
        identity = .named(KindNames.shared.number(for: name))
        typeBox = nil
    }

    /// A stable name for the kind, usable as a reuse identifier: the type's full name, or the given name.
    public var name: String {
        switch identity {
        case .named(let number): return KindNames.shared.name(for: number)
        case .type, .stamped: return typeBox.map { String(reflecting: $0.type) } ?? ""
        }
    }

    @inlinable
    public static func == (lhs: RowKind, rhs: RowKind) -> Bool { lhs.identity == rhs.identity }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    public var description: String { name }
}

/// Interned kind names: each distinct name gets a number once, for the life of the process.
final class KindNames: @unchecked Sendable {
    static let shared = KindNames()
    private let lock = Lock()
    private var numbers: [String: Int] = [:]
    private var names: [String] = []

    func number(for name: String) -> Int {
        lock.withLock {
            if let number = numbers[name] { return number }
            names.append(name)
            numbers[name] = names.count - 1
            return names.count - 1
        }
    }

    func name(for number: Int) -> String { lock.withLock { names[number] } }
}

/// A section: an element with identity and content (header, footer) that holds rows.
public protocol DiffableSection: Diffable {
    /// The row type.
    associatedtype Row: Diffable
    /// The rows, in display order.
    var rows: [Row] { get }
    /// This section with its rows replaced; staging builds intermediate states with it.
    init(source: Self, rows: [Row])
}

// Values that are their own identity.
extension String: Diffable {}
extension Substring: Diffable {}
extension Character: Diffable {}
extension Int: Diffable {}
extension Int8: Diffable {}
extension Int16: Diffable {}
extension Int32: Diffable {}
extension Int64: Diffable {}
extension UInt: Diffable {}
extension UInt8: Diffable {}
extension UInt16: Diffable {}
extension UInt32: Diffable {}
extension UInt64: Diffable {}
extension Bool: Diffable {}
extension Double: Diffable {}
extension Float: Diffable {}
extension UUID: Diffable {}
extension Data: Diffable {}
