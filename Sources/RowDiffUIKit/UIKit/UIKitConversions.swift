#if canImport(UIKit) && !os(watchOS)
import UIKit

// Value translations between RowDiff's platform-independent types and UIKit's. Tables use
// `row`, collection views `item`; both are the same `IndexPath` index.

extension ItemPath {
    /// The path of a table row or collection item.
    init(_ indexPath: IndexPath) { self.init(section: indexPath.section, item: indexPath.item) }
}

extension IndexPath {
    /// A table view's index path (`row`).
    init(tableRow path: ItemPath) { self.init(row: path.item, section: path.section) }
    /// A collection view's index path (`item`).
    init(collectionItem path: ItemPath) { self.init(item: path.item, section: path.section) }
}

extension RowAnimation {
    /// UIKit's animation.
    var tableViewAnimation: UITableView.RowAnimation {
        switch self {
        case .fade: .fade
        case .right: .right
        case .left: .left
        case .top: .top
        case .bottom: .bottom
        case .none: .none
        case .middle: .middle
        case .automatic: .automatic
        }
    }
}

extension ListElement {
    /// The collection view's supplementary element kind (nil for cells).
    @MainActor var collectionViewElementKind: String? {
        switch self {
        case .cell: nil
        case .header: UICollectionView.elementKindSectionHeader
        case .footer: UICollectionView.elementKindSectionFooter
        }
    }

    /// The element of a collection view's supplementary kind; nil for kinds of the app's own layout.
    @MainActor init?(collectionViewElementKind kind: String) {
        switch kind {
        case UICollectionView.elementKindSectionHeader: self = .header
        case UICollectionView.elementKindSectionFooter: self = .footer
        default: return nil
        }
    }
}

extension ViewRegistration {
    /// The nib to register for a `.nib` source (its bundle, or the bundle holding the class).
    @MainActor static func nib(named name: String, bundle: Bundle?, viewClass: AnyClass) -> UINib {
        UINib(nibName: name, bundle: bundle ?? Bundle(for: viewClass))
    }
}

#if os(iOS)
extension ActionColor {
    /// The colour as UIKit's.
    var color: UIColor { UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha)) }
}

extension SwipeActions {
    /// UIKit's configuration; each action calls its handler on the main actor.
    @MainActor
    var configuration: UISwipeActionsConfiguration {
        let contextual = actions.map { action -> UIContextualAction in
            let handler = action.handler
            let style: UIContextualAction.Style = action.style == .destructive ? .destructive : .normal
            let item = UIContextualAction(style: style, title: action.title) { _, _, completion in
                MainActor.assumeIsolated { handler { performed in completion(performed) } }
            }
            if let name = action.systemImageName { item.image = UIImage(systemName: name) }
            if let color = action.backgroundColor { item.backgroundColor = color.color }
            return item
        }
        let configuration = UISwipeActionsConfiguration(actions: contextual)
        configuration.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
        return configuration
    }
}

extension ContextMenu {
    /// UIKit's configuration: a menu of `UIAction`s, built now (UIKit asks for it later, from a
    /// closure that need not run on the main actor).
    @MainActor
    var configuration: UIContextMenuConfiguration {
        let children: [UIMenuElement] = actions.map { action in
            var attributes: UIMenuElement.Attributes = []
            if action.isDestructive { attributes.insert(.destructive) }
            if action.isDisabled { attributes.insert(.disabled) }
            let handler = action.handler
            return UIAction(
                title: action.title, image: action.systemImageName.flatMap { UIImage(systemName: $0) },
                attributes: attributes
            ) { _ in MainActor.assumeIsolated { handler() } }
        }
        let menu = UIMenu(title: title, children: children)
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in menu }
    }
}
#endif
#endif
