/// A table view's row animation, without UIKit (`UITableView.RowAnimation`).
public enum RowAnimation: Sendable, Hashable, CaseIterable {
    /// The row fades in or out.
    case fade
    /// The row slides in from, or out to, the right.
    case right
    /// The row slides in from, or out to, the left.
    case left
    /// The row slides in from, or out to, the top.
    case top
    /// The row slides in from, or out to, the bottom.
    case bottom
    /// No animation: the row appears or goes at once.
    case none
    /// The row's old and new contents meet in the middle.
    case middle
    /// The table chooses an animation.
    case automatic
}

/// The animation of each kind of operation, for sections and rows separately, as
/// FunctionalTableData's `TableAnimations` and RxDataSources' `AnimationConfiguration`. Collection
/// views have no per-operation animations (their layout animates) and ignore it.
public struct TableAnimations: Sendable, Hashable {
    /// The animations of one level (sections or rows).
    public struct Operations: Sendable, Hashable {
        /// The animation of inserts.
        public var insert: RowAnimation
        /// The animation of deletes.
        public var delete: RowAnimation
        /// The animation of reloads.
        public var reload: RowAnimation

        /// Animations for inserts, deletes and reloads.
        public init(insert: RowAnimation = .automatic, delete: RowAnimation = .automatic, reload: RowAnimation = .automatic) {
            self.insert = insert
            self.delete = delete
            self.reload = reload
        }
    }

    /// Section inserts, deletes and reloads.
    public var sections: Operations
    /// Row inserts, deletes and reloads. (Reconfigures are not animated: the cell stays.)
    public var rows: Operations

    /// Separate animations for sections and rows.
    public init(sections: Operations = Operations(), rows: Operations = Operations()) {
        self.sections = sections
        self.rows = rows
    }

    /// The same animations for sections and rows (RxDataSources' `AnimationConfiguration`).
    public init(insert: RowAnimation = .automatic, delete: RowAnimation = .automatic, reload: RowAnimation = .automatic) {
        let operations = Operations(insert: insert, delete: delete, reload: reload)
        self.init(sections: operations, rows: operations)
    }

    /// `.automatic` everywhere, UIKit's choice.
    public static let automatic = TableAnimations()
}
