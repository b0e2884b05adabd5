// How a stand-in view is written in a screen's text (`screenText()`): the same text in every run,
// so that a golden file can hold it. Nothing that varies between runs may enter it: no object
// addresses (a class's own `description` is never used unless it asks for it), no hash order
// (sets and dictionaries are sorted), no module-qualified or context-qualified type names.

/// A view that says how a screen's text (`StandInListView/screenText(describingViews:)`) writes
/// it, instead of its stored properties: conform a test's cell to choose what a golden file shows.
/// Main-actor isolated, as the views are, so a cell can read its own properties.
@MainActor
public protocol ScreenTextDescribable: AnyObject {
    /// The view as one line of text, the same in every run: no addresses (`ObjectIdentifier`,
    /// pointers, an `NSObject`'s default description), no `Set` or `Dictionary` in hash order.
    var screenTextDescription: String { get }
}

extension StandInView {
    /// The view as one line of stable text, for `screenText()`: its `screenTextDescription` when
    /// it conforms to ``ScreenTextDescribable``, else its `description` when it conforms to
    /// `CustomStringConvertible`, otherwise its type name and stored properties, the ones of its
    /// own classes (not `StandInView`'s), in declaration order: `NameCell(text: "Ada", badge: nil)`.
    /// Strings are quoted and escaped; the elements of sets and the entries of dictionaries are
    /// sorted; other objects a property holds are written as their type's name, unless they
    /// describe themselves.
    ///
    /// A description of the view's own must be stable too: no addresses (`ObjectIdentifier`,
    /// pointers, an `NSObject`'s default description), no `Set` or `Dictionary` in hash order.
    /// - Complexity: O(size of the text).
    public var textDescription: String {
        if let custom = self as? any ScreenTextDescribable { return custom.screenTextDescription }
        if let custom = self as? any CustomStringConvertible { return custom.description }
        var mirrors: [Mirror] = []
        var next: Mirror? = Mirror(reflecting: self)
        while let mirror = next, mirror.subjectType != StandInView.self {
            mirrors.append(mirror)
            next = mirror.superclassMirror
        }
        let properties = mirrors.reversed().flatMap { $0.children }.map { child in
            "\(StableText.label(child.label)): \(StableText.describe(child.value, depth: 1))"
        }
        return "\(String(describing: type(of: self)))(\(properties.joined(separator: ", ")))"
    }
}

/// Values written the same way in every run (see `StandInView.textDescription`).
@MainActor
enum StableText {
    /// How deep values are written; below, a value is its type's name.
    static let maximumDepth = 4

    /// A property's name as its declaration spells it (a lazy property's storage under its own name).
    static func label(_ label: String?) -> String {
        guard let label else { return "_" }
        let lazyPrefix = "$__lazy_storage_$_"
        return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
    }

    /// `value` as stable text: strings quoted, collections element by element (sets and
    /// dictionaries sorted), structs and tuples field by field, objects by their type's name.
    /// - Complexity: O(size of the text).
    static func describe(_ value: Any, depth: Int) -> String {
        switch value {
        case let string as String: return String(reflecting: string)
        case let string as Substring: return String(reflecting: String(string))
        case let character as Character: return String(reflecting: character)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        let typeName = String(describing: type(of: value))
        let deeper = depth + 1
        switch mirror.displayStyle {
        case .optional?:
            guard let wrapped = mirror.children.first else { return "nil" }
            return describe(wrapped.value, depth: depth)
        case .collection?:
            guard depth < maximumDepth else { return typeName }
            return "[" + mirror.children.map { describe($0.value, depth: deeper) }.joined(separator: ", ") + "]"
        case .set?:
            guard depth < maximumDepth else { return typeName }
            return "[" + mirror.children.map { describe($0.value, depth: deeper) }.sorted().joined(separator: ", ") + "]"
        case .dictionary?:
            guard depth < maximumDepth else { return typeName }
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return describe(entry.value, depth: deeper) }
                return "\(describe(pair[0].value, depth: deeper)): \(describe(pair[1].value, depth: deeper))"
            }
            return entries.isEmpty ? "[:]" : "[" + entries.sorted().joined(separator: ", ") + "]"
        case .tuple?:
            guard depth < maximumDepth else { return typeName }
            return "(" + fields(mirror, depth: deeper, labelled: false) + ")"
        case .class?:
            // An object's own description may hold its address; only a view's or a declared one counts.
            if let view = value as? StandInView { return depth < maximumDepth ? view.textDescription : typeName }
            if let custom = value as? any CustomStringConvertible { return custom.description }
            return typeName
        case .struct?:
            if let custom = value as? any CustomStringConvertible { return custom.description }
            guard depth < maximumDepth else { return typeName }
            return "\(typeName)(\(fields(mirror, depth: deeper, labelled: true)))"
        default:
            // Enumerations, numbers, booleans, functions ("(Function)") and metatypes.
            return String(describing: value)
        }
    }

    /// The children of `mirror`, comma-separated, with their labels when `labelled` (a tuple's
    /// are written only when named).
    private static func fields(_ mirror: Mirror, depth: Int, labelled: Bool) -> String {
        mirror.children.map { child in
            let text = describe(child.value, depth: depth)
            guard let name = child.label, labelled || !name.hasPrefix(".") else { return text }
            return "\(label(name)): \(text)"
        }.joined(separator: ", ")
    }
}
