/// The rows of each section of one side of a diff. A side of one section (every flat list) holds
/// that section's row array itself, not an array of one array: that array would be an allocation
/// and a release per side and diff (about 400 instructions each, a visible part of a 100-row diff).
@usableFromInline
struct SideRows<Row>: RandomAccessCollection {
    /// The rows of the only section, when there is exactly one; empty otherwise.
    @usableFromInline let only: [Row]
    /// The rows of every section, when there is not exactly one; empty otherwise.
    @usableFromInline let all: [[Row]]
    @usableFromInline let isSingle: Bool

    /// One section's rows.
    @inlinable
    init(single rows: [Row]) {
        only = rows
        all = []
        isSingle = true
    }

    /// The rows of any number of sections but one (use `init(single:)` for one).
    @inlinable
    init(sections: [[Row]]) {
        precondition(sections.count != 1, "RowDiff: one section's rows are held as init(single:)")
        only = []
        all = sections
        isSingle = false
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { isSingle ? 1 : all.count }

    /// The rows of section `index`.
    /// - Complexity: O(1).
    @inlinable
    subscript(index: Int) -> [Row] {
        if isSingle {
            precondition(index == 0, "RowDiff: section index out of range")
            return only
        }
        return all[index]
    }
}

/// Where each section's rows start in the section-major order of one side's rows. A side of one
/// section needs no table (its rows start at 0 and end at the total), so none is allocated for it.
@usableFromInline
struct RowStarts: Sendable {
    /// table[s] is the global index of section s's first row and table[count] the total, for a side
    /// of any number of sections but one; empty for one section.
    @usableFromInline let table: [Int]
    /// The number of rows of the side.
    @usableFromInline let total: Int

    /// A side of one section holding `rows` rows.
    @inlinable
    init(single rows: Int) {
        table = []
        total = rows
    }

    /// A side of any number of sections but one, from its table (`table[count]` is the total).
    @inlinable
    init(table: [Int]) {
        precondition(table.count != 2, "RowDiff: one section's starts are held as init(single:)")
        self.table = table
        total = table[table.count - 1]
    }

    /// The global index of section `section`'s first row; for `section` equal to the number of
    /// sections, the total.
    /// - Complexity: O(1).
    @inlinable
    subscript(section: Int) -> Int {
        if table.isEmpty {
            precondition(section == 0 || section == 1, "RowDiff: section index out of range")
            return section == 0 ? 0 : total
        }
        return table[section]
    }

    /// The (section, row) of global row `index`.
    /// - Complexity: O(1) for one section, O(log sections) otherwise.
    @inlinable
    func path(of index: Int) -> ItemPath {
        table.isEmpty ? ItemPath(section: 0, item: index) : rowPath(of: index, starts: table)
    }
}
