/// One step of a sequential patch. Each step applies to the result of the previous one.
public enum PatchStep<Section: DiffableSection> {
    /// Remove the section at `at` with whatever rows it still holds.
    case deleteSection(at: Int)
    /// Insert `section` at `at`, with no rows (its rows follow as `insertItem` steps).
    case insertSection(at: Int, section: Section)
    /// Remove the section at `from` and re-insert it so that it ends at `to`.
    case moveSection(from: Int, to: Int)
    /// The section at `at` takes `section`'s content (its rows are left as they are).
    case updateSection(at: Int, section: Section)
    /// Remove the row at `at`.
    case deleteItem(at: ItemPath)
    /// Insert `row` at `at`.
    case insertItem(at: ItemPath, row: Section.Row)
    /// Remove the row at `from` and re-insert it so that it ends at `to` (coordinates after the removal).
    case moveItem(from: ItemPath, to: ItemPath)
    /// The row at `at` takes `row`'s content.
    case updateItem(at: ItemPath, row: Section.Row)
}

extension PatchStep: Sendable where Section: Sendable, Section.Row: Sendable {}

/// The change from old to new as sequential steps: what NSTableView, RecyclerView-style APIs and
/// array replays need. Order: row deletes, section deletes, section inserts and moves, row inserts
/// and moves, then updates at their final positions. It has exactly as many moves as the changeset.
public struct Patch<Section: DiffableSection> {
    /// The steps, in order.
    public let steps: [PatchStep<Section>]

    /// The core's structural steps, then the changeset's updates at their final positions: the
    /// changeset is the one source of updates (content is usually compared in Swift, and the core
    /// sees content only for `ContentVersioned` rows), so the core's own update steps are dropped.
    @inlinable
    init(steps core: [CoreStep], changeset: Changeset, new: [Section], newSide: FlattenedSide<Section>) {
        var steps: [PatchStep<Section>] = core.compactMap { step in
            switch step.operation {
            case .deleteSection: return .deleteSection(at: step.from.section)
            case .insertSection: return .insertSection(at: step.to.section, section: Section(source: new[step.source], rows: []))
            case .moveSection: return .moveSection(from: step.from.section, to: step.to.section)
            case .updateSection, .updateRow: return nil
            case .deleteRow: return .deleteItem(at: step.from)
            case .insertRow:
                let path = newSide.path(ofRow: step.source)
                return .insertItem(at: step.to, row: newSide.rows[path.section][path.item])
            case .moveRow: return .moveItem(from: step.from, to: step.to)
            }
        }
        steps.reserveCapacity(steps.count + changeset.sectionUpdates.count + changeset.itemUpdates.count)
        for update in changeset.sectionUpdates { steps.append(.updateSection(at: update.to, section: new[update.to])) }
        for update in changeset.itemUpdates {
            steps.append(.updateItem(at: update.to, row: newSide.rows[update.to.section][update.to.item]))
        }
        self.steps = steps
    }

    /// The number of move steps (sections and rows).
    public var moveCount: Int {
        steps.reduce(0) { count, step in
            switch step {
            case .moveSection, .moveItem: return count + 1
            default: return count
            }
        }
    }

    /// Replays the steps on `sections` (the diff's old sections) and returns the result, which
    /// equals the diff's new sections.
    /// - Complexity: O(steps × section length) — array inserts and removals shift elements.
    public func apply(to sections: [Section]) -> [Section] {
        var model = sections.map { (section: $0, rows: $0.rows) }
        for step in steps {
            switch step {
            case .deleteSection(let at): model.remove(at: at)
            case .insertSection(let at, let section): model.insert((section, []), at: at)
            case .moveSection(let from, let to): model.insert(model.remove(at: from), at: to)
            case .updateSection(let at, let section): model[at].section = section
            case .deleteItem(let at): model[at.section].rows.remove(at: at.item)
            case .insertItem(let at, let row): model[at.section].rows.insert(row, at: at.item)
            case .moveItem(let from, let to):
                let row = model[from.section].rows.remove(at: from.item)
                model[to.section].rows.insert(row, at: to.item)
            case .updateItem(let at, let row): model[at.section].rows[at.item] = row
            }
        }
        return model.map { Section(source: $0.section, rows: $0.rows) }
    }
}

extension Patch: Sendable where Section: Sendable, Section.Row: Sendable {}
