#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// Value translations between RowDiff's platform-independent types and AppKit's. Collection views
// use `IndexPath(item:section:)`; tables use flat row indices (`FlatTableHost`).

extension ItemPath {
    /// The path of a collection view item.
    init(appKitIndexPath indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }
}

extension IndexPath {
    /// A collection view's index path.
    init(appKitItem path: ItemPath) { self.init(item: path.item, section: path.section) }
}

extension RowAnimation {
    /// NSTableView's closest animation. AppKit has no "middle" or "automatic": both fade.
    var tableViewAnimationOptions: NSTableView.AnimationOptions {
        switch self {
        case .fade, .middle, .automatic: .effectFade
        case .right: .slideRight
        case .left: .slideLeft
        case .top: .slideUp
        case .bottom: .slideDown
        case .none: []
        }
    }
}

extension ListElement {
    /// The collection view's supplementary element kind (nil for items).
    @MainActor var appKitElementKind: NSCollectionView.SupplementaryElementKind? {
        switch self {
        case .cell: nil
        case .header: NSCollectionView.elementKindSectionHeader
        case .footer: NSCollectionView.elementKindSectionFooter
        }
    }

    /// The element of a collection view's supplementary kind; nil for kinds of the app's own layout.
    @MainActor init?(appKitElementKind kind: NSCollectionView.SupplementaryElementKind) {
        switch kind {
        case NSCollectionView.elementKindSectionHeader: self = .header
        case NSCollectionView.elementKindSectionFooter: self = .footer
        default: return nil
        }
    }
}

extension ViewRegistration {
    /// The nib to register for a `.nib` source (its bundle, or the bundle holding the class); nil
    /// when the bundle has no such nib.
    @MainActor static func appKitNib(named name: String, bundle: Bundle?, viewClass: AnyClass) -> NSNib? {
        NSNib(nibNamed: name, bundle: bundle ?? Bundle(for: viewClass))
    }
}

extension ActionColor {
    /// The colour as AppKit's.
    var appKitColor: NSColor {
        NSColor(srgbRed: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

extension SwipeActions {
    /// NSTableView's row actions; each calls its handler on the main actor and hides the actions
    /// when the handler completes. (`performsFirstActionWithFullSwipe` has no AppKit counterpart.)
    @MainActor
    func tableViewRowActions(in tableView: NSTableView) -> [NSTableViewRowAction] {
        actions.map { action in
            let handler = action.handler
            let style: NSTableViewRowAction.Style = action.style == .destructive ? .destructive : .regular
            let rowAction = NSTableViewRowAction(style: style, title: action.title ?? "") { [weak tableView] _, _ in
                MainActor.assumeIsolated {
                    handler { _ in tableView?.rowActionsVisible = false }
                }
            }
            if let color = action.backgroundColor { rowAction.backgroundColor = color.appKitColor }
            if let name = action.systemImageName {
                rowAction.image = NSImage(systemSymbolName: name, accessibilityDescription: action.title)
            }
            return rowAction
        }
    }
}
#endif
