#if canImport(os)
import os
#endif

/// Instruments intervals for every render, off unless the app turns them on.
///
/// With ``isEnabled`` set, each render of a `ListRenderer` — and so of every owner built on one:
/// `ListController`, the diffable data sources, `ListUpdater` and `RowDiffList` — marks three
/// intervals under the subsystem ``subsystem`` and the Points of Interest category, which
/// Instruments shows in its Points of Interest and os_signpost instruments:
///
/// - **Render**: from the request (`render`, `apply`, a new SwiftUI value) to the completion the
///   view reports once its batches have animated. Requests that coalesce into one render share
///   the interval of the first.
/// - **Diff**: the background work — the diff, the staging and the lookup table — off the main
///   thread.
/// - **Apply**: the main thread's part: the batches handed to the view, each with its data.
///
/// ```swift
/// // In the app's start-up, e.g. behind a launch argument used while profiling:
/// RenderSignposts.isEnabled = true
/// ```
///
/// Off (the default), a render reads one Boolean and emits nothing. Where the `os` module does
/// not exist (Linux), the switch exists and nothing is emitted.
@MainActor
public enum RenderSignposts {
    /// Whether renders requested from now on mark their intervals. Default: false.
    public static var isEnabled = false

    /// The subsystem the intervals are emitted under ("RowDiff"), for filtering in Instruments.
    nonisolated public static let subsystem = "RowDiff"

    /// A render interval, begun now, when intervals are on.
    static func beginRender() -> SignpostInterval? {
        isEnabled ? SignpostInterval(.render) : nil
    }
}

/// One begun interval; `end()` closes it. Sendable: it is ended on the thread that finishes the
/// work it measures, and the signposter is made for use from any thread.
struct SignpostInterval: @unchecked Sendable {
    /// The interval's kind, which names it in Instruments.
    enum Kind {
        case render, diff, apply

        /// The interval's name in Instruments.
        var name: StaticString {
            switch self {
            case .render: "Render"
            case .diff: "Diff"
            case .apply: "Apply"
            }
        }
    }

    #if canImport(os)
    private static let signposter = OSSignposter(subsystem: RenderSignposts.subsystem, category: .pointsOfInterest)

    private let name: StaticString
    private let state: OSSignpostIntervalState

    init(_ kind: Kind) {
        let signposter = Self.signposter
        name = kind.name
        state = signposter.beginInterval(name, id: signposter.makeSignpostID())
    }

    func end() { Self.signposter.endInterval(name, state) }
    #else
    init(_ kind: Kind) {}

    func end() {}
    #endif
}
