/// How a `ListRenderer` decides between animating and reloading, and what it does with
/// duplicate keys.
public struct RenderOptions: Sendable {
    /// Above this many changes (every kind counted, as `Changeset.changeCount`) the renderer
    /// reloads instead of animating: a big animation costs more than it shows.
    public var maximumAnimatedChanges: Int
    /// Whether the first render animates from the empty list. By default it reloads.
    public var animatesFirstRender: Bool
    /// What to do when the new state repeats a key.
    public var duplicatePolicy: DuplicatePolicy
    /// Whether reconfigure is used where the target supports it (otherwise updated rows reload).
    public var prefersReconfigure: Bool
    /// Whether key lookups are built off the main thread during every render. Otherwise they
    /// are built on the first lookup after a render (once per render), which keeps renders of
    /// apps that never look up keys cheaper.
    public var buildsLookupsEagerly: Bool
    /// Receives every duplicate-key diagnostic (on the main actor). Default: printed to standard
    /// error with a `RowDiff:` prefix.
    public var onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)?

    /// Options with the defaults: 1,000 changes, first render reloads, duplicates reload.
    public init(
        maximumAnimatedChanges: Int = 1_000, animatesFirstRender: Bool = false,
        duplicatePolicy: DuplicatePolicy = .reload, prefersReconfigure: Bool = true,
        buildsLookupsEagerly: Bool = false,
        onDuplicateKeys: (@MainActor @Sendable (DuplicateKeyDiagnostic) -> Void)? = RenderOptions.printDiagnostic
    ) {
        self.maximumAnimatedChanges = maximumAnimatedChanges
        self.animatesFirstRender = animatesFirstRender
        self.duplicatePolicy = duplicatePolicy
        self.prefersReconfigure = prefersReconfigure
        self.buildsLookupsEagerly = buildsLookupsEagerly
        self.onDuplicateKeys = onDuplicateKeys
    }

    /// The default diagnostic handler: one line on standard error.
    public static let printDiagnostic: @MainActor @Sendable (DuplicateKeyDiagnostic) -> Void = { diagnostic in
        var stderr = StandardError()
        print("RowDiff: \(diagnostic)", to: &stderr)
    }
}

/// What the renderer does when a new state repeats a section key or a row key. It never crashes.
public enum DuplicatePolicy: Sendable, Hashable {
    /// Report the keys and reload (the default): nothing can mis-animate.
    case reload
    /// Report the keys and animate anyway: the k-th occurrence pairs with the k-th, which is
    /// always a valid batch but may animate a different row than the user expects.
    case animate
}

/// What one applied render did.
public enum RenderOutcome: Sendable, Hashable {
    /// The changes were animated in this many batches (0: nothing changed).
    case animated(batches: Int)
    /// The target was told to reload.
    case reloaded(ReloadReason)
    /// The changes were applied as one sequential patch of this many steps.
    case patched(steps: Int)

    /// Why a render reloaded instead of animating.
    public enum ReloadReason: Sendable, Hashable {
        case firstRender
        case notAnimated
        case notVisible
        case tooManyChanges(Int)
        case duplicateKeys
        /// Renders kept superseding each other before a diff finished; the latest was reloaded.
        case coalescing
    }
}

import Foundation

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
