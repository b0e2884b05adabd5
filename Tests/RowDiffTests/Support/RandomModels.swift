/// Random sectioned models and random edits of them, for model checking and stress tests.
///
/// Identities are fresh numbers, except where a shape asks for duplicates: then some sections
/// and rows reuse an identity already in the model (the diff pairs k-th with k-th occurrence).
struct ModelShape: CustomStringConvertible {
    /// Sections of the old model.
    var sections: ClosedRange<Int>
    /// Rows of each old section.
    var rows: ClosedRange<Int>
    /// Chance (percent) of each kind of edit, per section or per row.
    var editRate: Int
    /// Chance (percent) that a new section or row reuses an existing identity.
    var duplicateRate: Int

    var description: String {
        "sections \(sections), rows \(rows), edits \(editRate)%, duplicates \(duplicateRate)%"
    }

    /// The shape of one case, chosen by the case's own generator so the seed alone reproduces it.
    /// Most cases are small (they find bugs fastest); a few are large.
    static func random(using rng: inout SplitMix64) -> ModelShape {
        let roll = rng.int(0...999)
        let editRate = [2, 10, 25, 50, 90][rng.int(0...4)]
        let duplicateRate = rng.chance(25) ? [2, 10, 40][rng.int(0...2)] : 0
        switch roll {
        case 0..<700: return ModelShape(sections: 0...5, rows: 0...8, editRate: editRate, duplicateRate: duplicateRate)
        case 700..<950: return ModelShape(sections: 0...10, rows: 0...30, editRate: editRate, duplicateRate: duplicateRate)
        case 950..<995: return ModelShape(sections: 0...20, rows: 0...60, editRate: editRate, duplicateRate: duplicateRate)
        default: return ModelShape(sections: 10...20, rows: 0...200, editRate: editRate, duplicateRate: duplicateRate)
        }
    }
}

/// Hands out identities: fresh ones, or (for duplicates) one already used.
struct IdentitySource {
    private var nextID = 1
    private(set) var used: [Int] = []

    mutating func fresh() -> Int {
        defer { nextID += 1 }
        used.append(nextID)
        return nextID
    }

    mutating func make(duplicateRate: Int, using rng: inout SplitMix64) -> Int {
        if !used.isEmpty && rng.chance(duplicateRate) { return used[rng.int(0...(used.count - 1))] }
        return fresh()
    }

    /// Continues numbering after every identity in `model` (for edits of an existing model).
    init(after model: [TestSection] = []) {
        for section in model {
            nextID = max(nextID, section.id + 1)
            used.append(section.id)
            for row in section.rows {
                nextID = max(nextID, row.id + 1)
                used.append(row.id)
            }
        }
    }
}

enum RandomModels {
    /// The random case `seed`: a random shape, a model of it and a random edit of the model. The
    /// same seed gives the same case in every suite (so `TestSeeds.rerun` reproduces a failure).
    static func pair(seed: UInt64) -> (shape: ModelShape, old: [TestSection], new: [TestSection]) {
        var rng = SplitMix64(seed: seed)
        let shape = ModelShape.random(using: &rng)
        var ids = IdentitySource()
        let old = model(shape, ids: &ids, using: &rng)
        return (shape, old, edit(old, shape, ids: &ids, using: &rng))
    }

    /// A random model of `shape`.
    static func model(_ shape: ModelShape, ids: inout IdentitySource, using rng: inout SplitMix64) -> [TestSection] {
        (0..<rng.int(shape.sections)).map { _ in
            section(rows: rng.int(shape.rows), shape: shape, ids: &ids, using: &rng)
        }
    }

    static func section(rows: Int, shape: ModelShape, ids: inout IdentitySource, using rng: inout SplitMix64) -> TestSection {
        let id = ids.make(duplicateRate: shape.duplicateRate, using: &rng)
        let header = rng.chance(20) ? rng.int(1...3) : 0
        return TestSection(id: id, header: header, rows: (0..<rows).map { _ in row(shape: shape, ids: &ids, using: &rng) })
    }

    static func row(shape: ModelShape, ids: inout IdentitySource, using rng: inout SplitMix64) -> TestRow {
        TestRow(
            id: ids.make(duplicateRate: shape.duplicateRate, using: &rng),
            content: rng.chance(20) ? rng.int(1...3) : 0, kind: rng.chance(10) ? 1 : 0)
    }

    /// A random edit of `old`: every kind of change, each at roughly `shape.editRate` percent —
    /// section deletes, inserts, moves and header changes; row deletes, inserts, moves within and
    /// across sections, content and kind changes; duplicated identities.
    static func edit(_ old: [TestSection], _ shape: ModelShape, ids: inout IdentitySource, using rng: inout SplitMix64) -> [TestSection] {
        let rate = shape.editRate
        var model = old
        // Rows: content, kind, delete.
        for s in model.indices {
            model[s].rows = model[s].rows.compactMap { row in
                if rng.chance(rate / 2) { return nil }
                var row = row
                if rng.chance(rate) { row.content = rng.int(0...4) }
                if rng.chance(rate / 3) { row.kind = 1 - row.kind }
                return row
            }
        }
        // Sections: header, delete.
        model = model.compactMap { section in
            if rng.chance(rate / 3) { return nil }
            var section = section
            if rng.chance(rate / 2) { section.header = rng.int(0...4) }
            return section
        }
        // Section moves.
        if model.count > 1 {
            for _ in 0..<moveCount(model.count, rate, &rng) {
                let section = model.remove(at: rng.int(0...(model.count - 1)))
                model.insert(section, at: rng.int(0...model.count))
            }
        }
        // Row moves, within and across sections.
        let totalRows = model.reduce(0) { $0 + $1.rows.count }
        if totalRows > 0 {
            for _ in 0..<moveCount(totalRows, rate, &rng) {
                let from = nonEmptySection(model, &rng)
                let row = model[from].rows.remove(at: rng.int(0...(model[from].rows.count - 1)))
                let to = rng.chance(50) ? from : rng.int(0...(model.count - 1))
                model[to].rows.insert(row, at: rng.int(0...model[to].rows.count))
            }
        }
        // Row inserts.
        for s in model.indices {
            for _ in 0..<moveCount(model[s].rows.count + 1, rate, &rng) {
                model[s].rows.insert(row(shape: shape, ids: &ids, using: &rng), at: rng.int(0...model[s].rows.count))
            }
        }
        // Section inserts: fresh rows, sometimes rows taken from other sections.
        for _ in 0..<moveCount(model.count + 1, rate / 2 + 1, &rng) {
            var section = section(
                rows: rng.int(shape.rows.lowerBound...min(shape.rows.upperBound, 10)), shape: shape, ids: &ids, using: &rng)
            if !model.isEmpty && rng.chance(30) {
                let from = rng.int(0...(model.count - 1))
                if !model[from].rows.isEmpty {
                    section.rows.insert(model[from].rows.removeLast(), at: rng.int(0...section.rows.count))
                }
            }
            model.insert(section, at: rng.int(0...model.count))
        }
        // Occasionally the whole list is replaced, emptied, or reversed.
        switch rng.int(0...199) {
        case 0: return []
        case 1: return model.reversed().map { TestSection(id: $0.id, header: $0.header, rows: $0.rows.reversed()) }
        case 2: return Self.model(shape, ids: &ids, using: &rng)
        default: return model
        }
    }

    /// How many of `n` elements an edit at `rate` percent moves or adds.
    private static func moveCount(_ n: Int, _ rate: Int, _ rng: inout SplitMix64) -> Int {
        let expected = n * rate / 100
        return rng.int(0...max(expected, rng.chance(rate) ? 1 : 0))
    }

    private static func nonEmptySection(_ model: [TestSection], _ rng: inout SplitMix64) -> Int {
        let candidates = model.indices.filter { !model[$0].rows.isEmpty }
        return candidates[rng.int(0...(candidates.count - 1))]
    }
}
