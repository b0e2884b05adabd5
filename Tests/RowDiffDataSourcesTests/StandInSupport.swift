import RowDiffDataSources
import RowDiffTesting

/// Test cells and headers: stand-in views that record what they show, as an app's cells would.
final class NameCell: StandInView, ReusableView {
    var text: String?
    var resets = 0
}

struct NameState: Hashable, Sendable {
    var name: String
}

/// A CellKit-style cell that configures itself (`ConfigurableView`).
final class BadgeCell: StandInView, ConfigurableView {
    var badge: Int?
    var resets = 0
    func configure(with state: Int) { badge = state }
    func reset() {
        badge = nil
        resets += 1
    }
}

/// A cell loaded from a nib named after the type.
final class NibCell: StandInView, ConfigurableView {
    static var viewSource: ViewSource { .nib(named: nil) }
    var text: String?
    func configure(with state: String) { text = state }
}

/// A storyboard prototype cell; the storyboard registered it as "Prototype".
final class PrototypeCell: StandInView, ConfigurableView {
    static var viewSource: ViewSource { .prototype }
    static var reuseIdentifier: String { "Prototype" }
    var text: String?
    func configure(with state: String) { text = state }
}

final class TitleHeader: StandInView, ReusableView {
    var text: String?
}

func nameRow(_ key: String, _ name: String, actions: RowActions = RowActions()) -> KeyedRow {
    KeyedRow(
        key: key, cell: NameCell.self, state: NameState(name: name), actions: actions,
        reset: { cell in
            cell.text = nil
            cell.resets += 1
        },
        configure: { cell, state in cell.text = state.name })
}

func titleHeader(_ title: String) -> Supplementary {
    Supplementary(view: TitleHeader.self, state: title, title: title) { header, title in header.text = title }
}

/// An owner on a stand-in table (or collection) view, reporting duplicate keys to nobody.
@MainActor
func makeOwner(collection: Bool = false) -> (ListController<KeyedSection>, StandInListView) {
    let view: StandInListView = collection ? StandInCollectionView() : StandInTableView()
    let owner = ListController<KeyedSection>(host: view, options: RenderOptions(onDuplicateKeys: nil))
    return (owner, view)
}

/// The texts the stand-in's cells show, section by section (name cells only).
@MainActor
func texts(_ view: StandInListView) -> [[String?]] {
    view.cells.map { $0.map { ($0 as? NameCell)?.text } }
}
