/// The diff of two sectioned lists: the typed result every other form (staged batches, the
/// sequential patch, applying to arrays) is derived from.
///
/// Guarantees:
/// - Moves are minimal: matched elements outside a longest increasing subsequence (sections; and
///   rows per section, plus rows that change section).
/// - Duplicate identities never crash: the k-th occurrence in old pairs with the k-th in new; they
///   are listed in `duplicates`.
/// - Fingerprint collisions never make a result wrong: every matched pair is checked with `==` of
///   its identities, and if any check fails (or identities repeat, where a collision could hide)
///   the diff is redone on exact identities.
///
/// - Complexity: O((n + m) log(n + m)) for n old and m new elements (sections plus rows); expected
///   O(n + m) when few elements move. Memory O(n + m).
public struct SectionedDiff<Section: DiffableSection> {
    /// The old sections.
    public let old: [Section]
    /// The new sections.
    public let new: [Section]
    /// The changes, as index sets.
    public let changeset: Changeset
    /// Identities that occur more than once on a side.
    public let duplicates: DuplicateReport
    /// The sequential patch, when `DiffOptions.computesPatch` was set.
    public let patch: Patch<Section>?

    @usableFromInline let sectionOldToNew: [UInt32]
    @usableFromInline let sectionNewToOld: [UInt32]
    @usableFromInline let rowOldToNew: [UInt32]
    @usableFromInline let rowNewToOld: [UInt32]
    @usableFromInline let oldRowStart: RowStarts
    @usableFromInline let newRowStart: RowStarts
    /// True when the collision guard redid the diff on exact identities (tests read it).
    @usableFromInline let usedExactIdentities: Bool

    /// Diffs `old` against `new`.
    /// - Precondition: each side has at most 2,147,483,646 sections and as many rows (the core's limit).
    /// - Complexity: See the type.
    @inlinable
    public init(from old: [Section], to new: [Section], options: DiffOptions = DiffOptions()) {
        let oldSide = FlattenedSide(old), newSide = FlattenedSide(new)
        // Two cores for the passes over rows from this size on (the sides, then the matched pairs).
        let parallel = oldSide.rowCount + newSide.rowCount >= options.parallelRowThreshold
        // Sides of unique identities, equal place by place, are only compared (no second thread).
        let mayBeUnchanged =
            !options.computesPatch && options.fingerprintMask == .max && Section.self is any UniquelyIdentifiedSection.Type
            && UnchangedIdentities.shapesAgree(oldSide, newSide)
        if parallel && !mayBeUnchanged { ParallelWork.prepare() }
        let context = options.context ?? DiffContext.pool.take()
        // A pooled context is this diff's alone until it is given back, and so is one the caller
        // owns: no lock is needed.
        let pooled = options.context == nil
        let exclusive = pooled || options.ownsContext
        defer { if pooled { DiffContext.pool.give(context) } }

        let types = SideTypes(Section.self, rows: context.rowFacts(Section.Row.self, exclusive: exclusive))
        let pairs = MatchedPairs<Section.Row>(inPlace: types.rowInPlace, identityOffset: types.rowIdentityOffset)
        if mayBeUnchanged {
            if types.rowVersions == nil, let updates = UnchangedIdentities.updates(oldSide, newSide, pairs: pairs) {
                self.init(
                    old, new, core: CoreResult.unchanged(sections: oldSide.sections.count, rows: oldSide.rowCount),
                    rowUpdates: updates, exact: false, oldSide: consume oldSide, newSide: consume newSide)
                return
            }
            if parallel { ParallelWork.prepare() }
        }
        let (first, oldVersions, newVersions, ends, aligned, walkedUpdates) = FirstPass.diff(
            oldSide, newSide, parallel: parallel, on: context, mask: options.fingerprintMask, types: types,
            patch: options.computesPatch, exclusive: exclusive,
            trims: options.trimsCommonEnds)
        // Rows with content versions had their updates found by the core; the others are compared
        // here, in the same pass that checks the matched identities.
        let comparesContent = first.rowUpdates == nil
        let checked: [Move<ItemPath>]?
        if first.hasDuplicates || !Self.sectionsAgree(first, oldSide, newSide) {
            checked = nil
        } else if let aligned {
            checked = Self.alignedRows(
                first, oldSide, newSide, comparesContent: comparesContent, parallel: parallel,
                aligned: aligned, walkedUpdates: consume walkedUpdates)
        } else {
            checked = Self.matchedRows(
                first, oldSide, newSide, pairs: pairs, checksIdentities: !Self.rowPrintsAreExact(options),
                comparesContent: comparesContent, parallel: parallel, ends: ends)
        }
        // Each path hands its own result to the stored-property init: one result variable that the
        // exact path reassigns is copied (a retain and a release of each of its seventeen arrays).
        if let checked {
            self.init(
                old, new, core: consume first, rowUpdates: checked, exact: false, oldSide: consume oldSide,
                newSide: consume newSide)
            return
        }
        // A repeated fingerprint may be a real duplicate or a collision; either way, exact
        // identities (dense numbers from a dictionary, which uses ==) settle it.
        let sections = ExactIdentities.number(oldSide.sectionIDs(), newSide.sectionIDs())
        let rows = ExactIdentities.number(oldSide.rowIdentities(), newSide.rowIdentities())
        let exactOld = CoreInput(
            sections: sections.old, rowCounts: oldSide.rowCounts, rows: rows.old,
            rowContents: oldVersions)
        let exactNew = CoreInput(
            sections: sections.new, rowCounts: newSide.rowCounts, rows: rows.new,
            rowContents: newVersions)
        let second = Self.run(context, exactOld, exactNew, options, exclusive: exclusive)
        // Exact numbers need no identity check: only content is left to compare (never nil).
        let compared =
            Self.matchedRows(
                second, oldSide, newSide, pairs: pairs, checksIdentities: false,
                comparesContent: comparesContent, parallel: parallel) ?? []
        self.init(
            old, new, core: consume second, rowUpdates: compared, exact: true, oldSide: consume oldSide,
            newSide: consume newSide)
    }

    /// Whether equal row fingerprints mean equal identities, so that matched pairs need no
    /// identity check: an `Int` identity is its own fingerprint (its bits, xor a seed both sides
    /// share), unless a fingerprint mask (the collision tests') drops bits.
    @inlinable
    static func rowPrintsAreExact(_ options: DiffOptions) -> Bool {
        Section.Row.DiffIdentity.self == Int.self && options.fingerprintMask == .max
    }

    /// The core's diff of two inputs; a failure (only possible for input beyond the core's limits,
    /// or out of memory) is a precondition failure.
    @inlinable
    static func run(
        _ context: DiffContext, _ old: CoreInput, _ new: CoreInput, _ options: DiffOptions,
        exclusive: Bool
    ) -> CoreResult {
        do {
            return try context.diff(old, new, patch: options.computesPatch, exclusive: exclusive)
        } catch {
            preconditionFailure("RowDiff: the diff failed: \(error)")
        }
    }

    /// The stored properties from the core's result and the rows' updates compared in Swift.
    /// The result and the sides are consumed: their arrays move into the diff instead of being
    /// retained here and released with the caller's copies (about 900 instructions of a 100-row diff).
    @inlinable
    init(
        _ old: [Section], _ new: [Section], core: consuming CoreResult, rowUpdates: consuming [Move<ItemPath>],
        exact: Bool, oldSide: consuming FlattenedSide<Section>, newSide: consuming FlattenedSide<Section>
    ) {
        self.old = old
        self.new = new
        self.usedExactIdentities = exact
        self.sectionOldToNew = core.sectionOldToNew
        self.sectionNewToOld = core.sectionNewToOld
        self.rowOldToNew = core.rowOldToNew
        self.rowNewToOld = core.rowNewToOld
        self.duplicates = DuplicateReport(
            oldSections: core.sectionOldDuplicates, newSections: core.sectionNewDuplicates,
            oldItems: Self.paths(ofRows: core.rowOldDuplicates, starts: oldSide.rowStart),
            newItems: Self.paths(ofRows: core.rowNewDuplicates, starts: newSide.rowStart))
        // Spelled out rather than `??` and `map`: their closures would capture (copy) what is
        // consumed here.
        let itemUpdates: [Move<ItemPath>]
        if let coreUpdates = core.rowUpdates { itemUpdates = coreUpdates } else { itemUpdates = rowUpdates }
        let changeset = Changeset(
            sectionDeletes: core.sectionDeletes, sectionInserts: core.sectionInserts, sectionMoves: core.sectionMoves,
            sectionUpdates: Self.sectionUpdates(core, old, new),
            itemDeletes: core.rowDeletes, itemInserts: core.rowInserts, itemMoves: core.rowMoves,
            itemUpdates: itemUpdates)
        self.changeset = changeset
        self.oldRowStart = oldSide.rowStart
        self.newRowStart = newSide.rowStart
        if let steps = core.steps {
            patch = Patch(steps: steps, changeset: changeset, new: new, newSide: newSide)
        } else {
            patch = nil
        }
    }

    /// The (section, row) of each global row index in `rows`.
    /// - Complexity: O(rows × log sections).
    @inlinable
    static func paths(ofRows rows: [Int], starts: RowStarts) -> [ItemPath] {
        rows.isEmpty ? [] : rows.map { starts.path(of: $0) }
    }

    /// Every matched section pair has equal identities.
    @inlinable
    static func sectionsAgree(_ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>) -> Bool {
        for newIndex in core.sectionNewToOld.indices {
            let oldIndex = core.sectionNewToOld[newIndex]
            if oldIndex != CoreResult.none && old.sectionID(Int(oldIndex)) != new.sectionID(newIndex) { return false }
        }
        return true
    }

    @inlinable
    static func sectionUpdates(_ core: CoreResult, _ old: [Section], _ new: [Section]) -> [Move<Int>] {
        var updates = [Move<Int>]()
        for newIndex in core.sectionNewToOld.indices {
            let oldIndex = core.sectionNewToOld[newIndex]
            if oldIndex != CoreResult.none && !old[Int(oldIndex)].isContentEqual(to: new[newIndex]) {
                updates.append(Move(from: Int(oldIndex), to: newIndex))
            }
        }
        return updates
    }

    /// One pass over the matched rows: checks that each pair's identities are equal (when
    /// `checksIdentities`) and lists, by destination, the pairs whose content differs (when
    /// `comparesContent`). Nil when a pair's identities differ: a fingerprint collision. The rows
    /// are visited in two halves on two cores when `parallel`. With `ends` (a flat diff's common
    /// ends, for a result in which no fingerprint repeats), only the new rows between them are
    /// visited: the ends' pairs were checked when they were found.
    @inlinable
    static func matchedRows(
        _ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        pairs: MatchedPairs<Section.Row>, checksIdentities: Bool, comparesContent: Bool,
        parallel: Bool, ends: CommonEnds? = nil
    ) -> [Move<ItemPath>]? {
        guard checksIdentities || comparesContent else { return [] }
        let count = core.rowNewToOld.count
        if let ends { precondition(ends.newCount == count, "RowDiff: the common ends are of another diff") }
        let range = ends?.newMiddle ?? 0..<count
        // Serial without building the two closures (`inHalves`): each would capture a copy of the result.
        let middle =
            parallel
            ? inHalves(core, old, new, pairs, checksIdentities, comparesContent, range)
            : matchedRows(core, old, new, pairs, checksIdentities, comparesContent, range)
        guard let ends, comparesContent, let middle else { return middle }
        return ends.updates(around: middle)
    }

    /// `matchedRows` over the new (global) row indices in `range`, in two halves on two cores.
    @inlinable
    static func inHalves(
        _ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        _ pairs: MatchedPairs<Section.Row>, _ checksIdentities: Bool, _ comparesContent: Bool,
        _ range: Range<Int>
    ) -> [Move<ItemPath>]? {
        let split = range.lowerBound + range.count / 2
        let (first, second) = ParallelWork.both(
            parallel: true,
            { matchedRows(core, old, new, pairs, checksIdentities, comparesContent, range.lowerBound..<split) },
            { matchedRows(core, old, new, pairs, checksIdentities, comparesContent, split..<range.upperBound) })
        guard var first, let second else { return nil }
        // Appended, not `first + second`: that copied both halves into a third array.
        first.append(contentsOf: second)
        return first
    }

    /// `matchedRows` over the new (global) row indices in `range`.
    @inlinable
    static func matchedRows(
        _ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        _ pairs: MatchedPairs<Section.Row>, _ checksIdentities: Bool, _ comparesContent: Bool,
        _ range: Range<Int>
    ) -> [Move<ItemPath>]? {
        var updates = [Move<ItemPath>]()
        guard !range.isEmpty else { return updates }
        var section = new.rowStart.path(of: range.lowerBound).section
        var index = range.lowerBound
        var agree = true
        // The old section of the last run: most runs stay in it or move to the next one.
        var oldSection = 0
        core.rowNewToOld.withUnsafeBufferPointer { newToOld in
            while agree && index < range.upperBound {
                let start = new.rowStart[section], end = min(new.rowStart[section + 1], range.upperBound)
                if index < end {
                    new.rows[section].withUnsafeBufferPointer { rows in
                        if old.rows.count == 1 {
                            // One old section (every flat list): its rows are read in place, with
                            // no per-row look-up of the section or copy of its array.
                            agree = old.rows[0].withUnsafeBufferPointer { oldRows in
                                // No old rows: no pairs. Walked by pointer: the indexed loop kept an
                                // overflow check and reloads per pair (28 instructions a pair, this 18).
                                // (Emptiness by count: an empty buffer may still have a base address.)
                                guard !oldRows.isEmpty, !rows.isEmpty, !newToOld.isEmpty else { return true }
                                let oldBase = oldRows.baseAddress!, newBase = rows.baseAddress!, maps = newToOld.baseAddress!
                                var pair = maps + index, after = newBase + (index - start)
                                let last = maps + end
                                while pair != last {
                                    let oldIndex = pair.pointee
                                    if oldIndex != CoreResult.none {
                                        let (agrees, changed) = pairs.compare(
                                            oldBase + Int(oldIndex), after, checksIdentities: checksIdentities,
                                            comparesContent: comparesContent)
                                        if !agrees { return false }
                                        if changed {
                                            updates.append(
                                                Move(
                                                    from: ItemPath(section: 0, item: Int(oldIndex)),
                                                    to: ItemPath(section: section, item: after - newBase)))
                                        }
                                    }
                                    pair += 1
                                    after += 1
                                }
                                return true
                            }
                            return
                        }
                        // Not one old section here, so the old side's tables are its rows and
                        // starts (no old rows: no pair).
                        let oldRows = old.rows.all, oldStarts = old.rowStart.table
                        var global = index
                        while global < end {
                            let first = newToOld[global]
                            if first == CoreResult.none {
                                global += 1
                                continue
                            }
                            // A run of new rows whose partners lie in one old section (most rows
                            // keep their section) is compared through that section's buffer: one
                            // section look-up per run, not a table look-up and a nested index per pair.
                            // Found from the last run's section, else by binary search over the
                            // starts: a per-row table of sections cost a 400 KB fill per 100k rows.
                            let firstOld = Int(first)
                            if !(oldSection + 1 < oldStarts.count && oldStarts[oldSection] <= firstOld
                                && firstOld < oldStarts[oldSection + 1])
                            {
                                oldSection = rowPath(of: firstOld, starts: oldStarts).section
                            }
                            let oldStart = oldStarts[oldSection], oldEnd = oldStarts[oldSection + 1]
                            agree = oldRows[oldSection].withUnsafeBufferPointer { sectionRows in
                                precondition(sectionRows.count == oldEnd - oldStart, "RowDiff: row starts disagree with the rows")
                                // The section holds the run's first partner, so it has rows (and the
                                // walk below advances at least one pair).
                                guard !sectionRows.isEmpty, !rows.isEmpty, !newToOld.isEmpty else {
                                    preconditionFailure("RowDiff: a matched row outside the old rows")
                                }
                                let oldBase = sectionRows.baseAddress!, newBase = rows.baseAddress!, maps = newToOld.baseAddress!
                                // Walked by pointer, with one unsigned comparison placing the partner
                                // in the section: the indexed loop kept overflow checks and reloads
                                // (32 instructions a pair).
                                var pair = maps + global, after = newBase + (global - start)
                                let last = maps + end
                                let low = UInt32(truncatingIfNeeded: oldStart), span = UInt32(truncatingIfNeeded: oldEnd - oldStart)
                                defer { global = pair - maps }
                                while pair != last {
                                    let oldIndex = pair.pointee
                                    if oldIndex != CoreResult.none {
                                        // Wraps for a partner before the section: out of range too.
                                        let oldItem = oldIndex &- low
                                        if oldItem >= span { break }
                                        let (agrees, changed) = pairs.compare(
                                            oldBase + Int(oldItem), after, checksIdentities: checksIdentities,
                                            comparesContent: comparesContent)
                                        if !agrees { return false }
                                        if changed {
                                            updates.append(
                                                Move(
                                                    from: ItemPath(section: oldSection, item: Int(oldItem)),
                                                    to: ItemPath(section: section, item: after - newBase)))
                                        }
                                    }
                                    pair += 1
                                    after += 1
                                }
                                return true
                            }
                            if !agree { return }
                        }
                    }
                    index = end
                }
                section += 1
            }
        }
        return agree ? updates : nil
    }

    /// `matchedRows` (checking identities) for a result in which no fingerprint repeats, with
    /// `aligned`, the pairs the aligned walk found: only the rows it did not walk are visited (in
    /// two halves of their ranges when `parallel`: their pairs are few but scattered, about 80 µs
    /// of cache misses for 1,011 pairs at sectioned-100x1000, unless found beside the core). Their
    /// updates are merged into `walkedUpdates`, those of the walked pairs (compared beside the
    /// core's matching). A function of its own: in `matchedRows`, this path kept the flat lists'
    /// pass from being inlined (about 400 instructions more per 100-row diff).
    @inlinable @inline(never)
    static func alignedRows(
        _ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        comparesContent: Bool, parallel: Bool, aligned: AlignedPairs,
        walkedUpdates: consuming [Move<ItemPath>]
    ) -> [Move<ItemPath>]? {
        precondition(
            aligned.unwalked.last.map { $0.upperBound <= core.rowNewToOld.count } ?? true,
            "RowDiff: the aligned pairs are of another diff")
        let ranges = aligned.unwalked, half = ranges.count / 2
        let (first, second) = ParallelWork.helped(
            parallel: parallel,
            { unwalkedRows(core, old, new, comparesContent, ranges[..<half], found: aligned.found) },
            { unwalkedRows(core, old, new, comparesContent, ranges[half...], found: aligned.found) })
        guard var others = first, let second else { return nil }
        others.append(contentsOf: second)
        guard comparesContent else { return others }
        walkedUpdates.merge(others)
        return walkedUpdates
    }

    /// `matchedRows` (checking identities) over the new (global) row indices in `ranges`
    /// (ascending, disjoint), for a diff of several sections a side (the only diffs with aligned
    /// pairs). The rows are few and scattered: each pair looks up its sections (the new one moving
    /// forward, the old one from the last pair's, else by binary search) rather than walking runs.
    @inlinable
    static func unwalkedRows(
        _ core: CoreResult, _ old: FlattenedSide<Section>, _ new: FlattenedSide<Section>,
        _ comparesContent: Bool, _ ranges: ArraySlice<Range<Int>>,
        found: [AlignedPairs.FoundPair]
    ) -> [Move<ItemPath>]? {
        var updates = [Move<ItemPath>]()
        let oldRows = old.rows.all, oldStarts = old.rowStart.table
        let newRows = new.rows.all, newStarts = new.rowStart.table
        precondition(
            oldStarts.count == oldRows.count + 1 && newStarts.count == newRows.count + 1,
            "RowDiff: aligned pairs need several sections a side")
        var section = 0, oldSection = 0
        // The pairs found beside the core (`AlignedPairs.foundPairs`), from this share's first row.
        var next = 0
        if let first = ranges.first?.lowerBound {
            var high = found.count
            while next < high {
                let middle = (next + high) / 2
                if found[middle].new < first { next = middle + 1 } else { high = middle }
            }
        }
        // Read through buffers: indexing the arrays of arrays retained each section's array per row.
        let agree = core.rowNewToOld.withUnsafeBufferPointer { newToOld in
            oldRows.withUnsafeBufferPointer { oldSections in
                newRows.withUnsafeBufferPointer { newSections in
                    for range in ranges {
                        for global in range {
                            let oldIndex = newToOld[global]
                            if oldIndex == CoreResult.none { continue }
                            while next < found.count && found[next].new < global { next += 1 }
                            if next < found.count && found[next].new == global && found[next].old == Int(oldIndex) {
                                // Identities equal and content compared already.
                                if comparesContent, let update = found[next].update { updates.append(update) }
                                continue
                            }
                            while newStarts[section + 1] <= global { section += 1 }
                            let oldGlobal = Int(oldIndex)
                            if !(oldStarts[oldSection] <= oldGlobal && oldGlobal < oldStarts[oldSection + 1]) {
                                oldSection = rowPath(of: oldGlobal, starts: oldStarts).section
                            }
                            let item = global - newStarts[section], oldItem = oldGlobal - oldStarts[oldSection]
                            let pairAgrees = oldSections[oldSection].withUnsafeBufferPointer { before in
                                newSections[section].withUnsafeBufferPointer { after in
                                    precondition(
                                        oldItem < before.count && item < after.count,
                                        "RowDiff: row starts disagree with the rows")
                                    if !TrimmedFingerprints.same(before[oldItem], after[item]) {
                                        return false
                                    }
                                    if comparesContent && !before[oldItem].isContentEqual(to: after[item]) {
                                        updates.append(
                                            Move(
                                                from: ItemPath(section: oldSection, item: oldItem),
                                                to: ItemPath(section: section, item: item)))
                                    }
                                    return true
                                }
                            }
                            if !pairAgrees { return false }
                        }
                    }
                    return true
                }
            }
        }
        return agree ? updates : nil
    }

    // MARK: Maps

    /// The new index of old section `index`, or nil if it was deleted.
    /// - Complexity: O(1).
    @inlinable
    public func newIndex(ofOldSection index: Int) -> Int? { Self.mapped(sectionOldToNew[index]) }

    /// The old index of new section `index`, or nil if it was inserted.
    /// - Complexity: O(1).
    @inlinable
    public func oldIndex(ofNewSection index: Int) -> Int? { Self.mapped(sectionNewToOld[index]) }

    /// The new position of the old row at `path`, or nil if it was deleted.
    /// - Complexity: O(log sections).
    @inlinable
    public func newPath(ofOldItem path: ItemPath) -> ItemPath? {
        Self.mapped(rowOldToNew[oldRowStart[path.section] + path.item]).map { newRowStart.path(of: $0) }
    }

    /// The old position of the new row at `path`, or nil if it was inserted.
    /// - Complexity: O(log sections).
    @inlinable
    public func oldPath(ofNewItem path: ItemPath) -> ItemPath? {
        Self.mapped(rowNewToOld[newRowStart[path.section] + path.item]).map { oldRowStart.path(of: $0) }
    }

    /// For each new row by flat position (the rows of section 0, then 1, …), the flat position
    /// of the old row matched to it, or `UInt32.max` for an inserted row: what a key table remaps
    /// its entries by, read as one array (no index path, no call per row). Package API: shared by this package's modules, never seen by apps.
    /// - Complexity: O(1).
    @inlinable
    package var oldRowsOfNewRows: [UInt32] { rowNewToOld }

    @inlinable
    static func mapped(_ value: UInt32) -> Int? { value == CoreResult.none ? nil : Int(value) }
}

extension SectionedDiff: Sendable where Section: Sendable, Section.Row: Sendable {}
