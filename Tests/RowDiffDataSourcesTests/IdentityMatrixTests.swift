import Foundation
import Testing
@testable import RowDiff
@testable import RowDiffDataSources
import RowDiffTesting

// Identities of every layout through every public path: `ListDiff`, `SectionedDiff`, the diffable
// data source and `ListUpdater` (the SwiftUI path), with empty sections, on seeded random models.
// Each check asserts an outcome: applying a diff gives the new model, the view shows the snapshot
// or the value, every batch is accepted. `scripts/test.sh` runs this suite in a debug and in a
// release build (`swift test -c release --filter IdentityMatrix`): an out-of-bounds read that a
// debug assertion catches, or a fast path that a release build alone takes, shows in one of them.
// ROWDIFF_SEED=<seed> reruns one case.

/// A 16-byte-aligned identity.
struct AlignedID: Hashable, Sendable, CustomStringConvertible {
    var value: SIMD2<Double>
    var description: String { "A\(Int(value.x))" }
}

/// An identity with padding between its fields (1 + 7 padding + 8 + 2 bytes).
struct PaddedID: Hashable, Sendable, CustomStringConvertible {
    var tag: UInt8
    var number: Int64
    var low: UInt16
    var description: String { "P\(number)" }
}

/// An identity that is an enum with payloads of different layouts.
enum PayloadID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case name(String)
    case none
    var description: String {
        switch self {
        case .number(let n): return "#\(n)"
        case .name(let s): return s
        case .none: return "none"
        }
    }
}

/// An identity that is a class instance (as Core Data's `NSManagedObjectID` is), equal by value.
final class ObjectID: Hashable, Sendable, CustomStringConvertible {
    let number: Int
    init(_ number: Int) { self.number = number }
    static func == (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.number == rhs.number }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
    var description: String { "O\(number)" }
}

/// An identity type of the matrix: distinct identities for distinct numbers below 256.
protocol MatrixIdentity: Hashable & Sendable {
    static func make(_ number: Int) -> Self
}

extension Int: MatrixIdentity { static func make(_ number: Int) -> Int { number * 7_919 - 500 } }
extension Int8: MatrixIdentity { static func make(_ number: Int) -> Int8 { Int8(truncatingIfNeeded: number) } }
extension UUID: MatrixIdentity {
    static func make(_ number: Int) -> UUID {
        UUID(uuid: withUnsafeBytes(of: (UInt64(number) &* 0x9E37_79B9_7F4A_7C15, UInt64(number))) { $0.load(as: uuid_t.self) })
    }
}
extension String: MatrixIdentity {
    static func make(_ number: Int) -> String { number % 2 == 0 ? "r\(number)" : "a longer row identity, past fifteen bytes \(number)" }
}
extension Optional: MatrixIdentity where Wrapped == Int { static func make(_ number: Int) -> Int? { number == 0 ? nil : number } }
extension PaddedID: MatrixIdentity {
    static func make(_ number: Int) -> PaddedID { PaddedID(tag: UInt8(number % 3), number: Int64(number), low: 7) }
}
extension PayloadID: MatrixIdentity {
    static func make(_ number: Int) -> PayloadID {
        switch number % 3 {
        case 0: return number == 0 ? .none : .number(number)
        case 1: return .number(number)
        default: return .name("n\(number)")
        }
    }
}
extension ObjectID: MatrixIdentity { static func make(_ number: Int) -> ObjectID { ObjectID(number) } }
/// An `AnyHashable` identity (an existential). `AnyHashable` is not `Sendable`, which the data
/// source and the updater ask of identifiers, so it is wrapped: the wrapper has its layout.
struct AnyHashableID: MatrixIdentity, @unchecked Sendable, CustomStringConvertible {
    let base: AnyHashable
    static func make(_ number: Int) -> AnyHashableID {
        AnyHashableID(base: number % 2 == 0 ? AnyHashable(number) : AnyHashable("h\(number)"))
    }
    var description: String { "\(base)" }
}
extension AlignedID: MatrixIdentity { static func make(_ number: Int) -> AlignedID { AlignedID(value: SIMD2(Double(number), -1)) } }

/// A row of the engine's diffs: an identity and a content number.
struct MatrixRow<ID: Hashable>: Diffable, Equatable {
    var id: ID
    var content: Int
    var diffIdentity: ID { id }
    func isContentEqual(to other: MatrixRow) -> Bool { content == other.content }
}

/// An item of the SwiftUI path.
struct MatrixItem<ID: Hashable & Sendable>: Equatable, Sendable {
    var id: ID
    var content: Int
}

/// A cell that shows the identity of its item.
final class MatrixCell: StandInView, ReusableView {
    var shown: String?
    override func prepareForReuse() { shown = nil }
}

/// One random model: sections (numbers 200 on) of rows (numbers below 200, unique across the
/// model), a third of the sections empty, with a content number per row.
struct MatrixModel {
    var sections: [(id: Int, rows: [(id: Int, content: Int)])]

    static func random(_ rng: inout SeededGenerator, from previous: MatrixModel?) -> MatrixModel {
        var pool = Array(0..<60).shuffled(using: &rng)
        var sectionPool = Array(200..<210).shuffled(using: &rng)
        // Half the time the new model keeps most of the previous one's sections and rows, so diffs
        // have matched pairs, moves and updates, not only deletes and inserts.
        if let previous, Bool.random(using: &rng) {
            sectionPool = Self.firstOccurrences(previous.sections.map(\.id) + sectionPool)
            pool = Self.firstOccurrences(previous.sections.flatMap { $0.rows.map(\.id) }.shuffled(using: &rng) + pool)
        }
        var next = 0
        let count = Int.random(in: 0...4, using: &rng)
        let sections = (0..<count).map { index in
            let rowCount = Int.random(in: 0..<3, using: &rng) == 0 ? 0 : Int.random(in: 1...7, using: &rng)
            let rows = (0..<rowCount).map { _ in
                defer { next += 1 }
                return (id: pool[next], content: Int.random(in: 0..<3, using: &rng))
            }
            return (id: sectionPool[index], rows: rows)
        }
        return MatrixModel(sections: sections)
    }

    func rows<ID: MatrixIdentity>(_: ID.Type) -> [[MatrixRow<ID>]] {
        sections.map { $0.rows.map { MatrixRow(id: ID.make($0.id), content: $0.content) } }
    }

    func listSections<ID: MatrixIdentity>(_: ID.Type) -> [ListSection<MatrixRow<ID>, MatrixRow<ID>>] {
        sections.map {
            ListSection(MatrixRow(id: ID.make($0.id), content: 0), rows: $0.rows.map { MatrixRow(id: ID.make($0.id), content: $0.content) })
        }
    }

    func snapshot<ID: MatrixIdentity>(_: ID.Type) -> DiffableDataSourceSnapshot<ID, ID> {
        var snapshot = DiffableDataSourceSnapshot<ID, ID>()
        for section in sections {
            snapshot.appendSections([ID.make(section.id)])
            snapshot.appendItems(section.rows.map { ID.make($0.id) }, toSection: ID.make(section.id))
        }
        return snapshot
    }

    func value<ID: MatrixIdentity>(_: ID.Type) -> [ListViewSection<ID, MatrixItem<ID>>] {
        sections.map { ListViewSection(id: ID.make($0.id), items: $0.rows.map { MatrixItem(id: ID.make($0.id), content: $0.content) }) }
    }

    /// `numbers` without repeats, in order.
    static func firstOccurrences(_ numbers: [Int]) -> [Int] {
        var seen = Set<Int>()
        return numbers.filter { seen.insert($0).inserted }
    }

    var description: String { sections.map { "\($0.id): \($0.rows.map { "\($0.id)/\($0.content)" })" }.joined(separator: "; ") }
}

@Suite("IdentityMatrix: identities of every layout through every public path")
@MainActor
struct IdentityMatrixTests {
    static let steps = 8

    static func seeds(salt: UInt64) -> [UInt64] {
        if let text = ProcessInfoLite.environment("ROWDIFF_SEED"), let seed = UInt64(text) { return [seed] }
        return (0..<6).map { 0x1D_0000 &+ salt &* 100 &+ $0 }
    }

    /// The models of one seeded case: a first one, then `steps` successors.
    static func models(seed: UInt64) -> [MatrixModel] {
        var rng = SeededGenerator(seed: seed)
        var models = [MatrixModel.random(&rng, from: nil)]
        for _ in 0..<steps { models.append(MatrixModel.random(&rng, from: models.last)) }
        return models
    }

    /// `ListDiff` and `SectionedDiff`: applying each diff gives the new model, the updates are
    /// exactly the matched rows whose content changed, and moves are minimal for a flat list.
    func checkEngine<ID: MatrixIdentity>(_: ID.Type, salt: UInt64) {
        for seed in Self.seeds(salt: salt) {
            let models = Self.models(seed: seed)
            for step in 1..<models.count {
                let (old, new) = (models[step - 1], models[step])
                let context =
                    "\(ID.self), seed \(seed) (rerun with ROWDIFF_SEED=\(seed)), step \(step): \(old.description) → \(new.description)"
                let oldFlat = old.rows(ID.self).flatMap { $0 }, newFlat = new.rows(ID.self).flatMap { $0 }
                let flat = ListDiff(from: oldFlat, to: newFlat)
                #expect(flat.applied(to: oldFlat) == newFlat, "ListDiff: \(context)")
                let oldContent = Dictionary(uniqueKeysWithValues: oldFlat.map { ($0.id, $0.content) })
                let changed = newFlat.indices.filter { index in
                    oldContent[newFlat[index].id].map { content in content != newFlat[index].content } ?? false
                }
                #expect(flat.updates.map(\.to) == changed, "ListDiff updates: \(context)")
                let sectioned = SectionedDiff(from: old.listSections(ID.self), to: new.listSections(ID.self))
                let applied = sectioned.applied(to: old.listSections(ID.self))
                #expect(applied.map(\.model) == new.listSections(ID.self).map(\.model), "SectionedDiff sections: \(context)")
                #expect(applied.map(\.rows) == new.rows(ID.self), "SectionedDiff rows: \(context)")
            }
        }
    }

    /// The diffable data source on a stand-in table: after every apply the view shows the
    /// snapshot, every batch was accepted and the source's snapshot is the one applied.
    func checkDiffable<ID: MatrixIdentity>(_: ID.Type, salt: UInt64) async {
        for seed in Self.seeds(salt: salt) {
            let view = StandInTableView()
            view.register(ViewRegistration(MatrixCell.self, for: .cell))
            let source = DiffableListSource<ID, ID>(host: view, options: RenderOptions(onDuplicateKeys: nil)) { host, path, item in
                let cell = host.dequeueView(.cell, reuseIdentifier: MatrixCell.reuseIdentifier, at: path) as? MatrixCell
                cell?.shown = "\(item)"
                return cell
            }
            for (step, model) in Self.models(seed: seed).enumerated() {
                let context = "\(ID.self), seed \(seed) (rerun with ROWDIFF_SEED=\(seed)), step \(step): \(model.description)"
                let snapshot = model.snapshot(ID.self)
                await source.core.apply(snapshot)
                #expect(view.problems == [], "\(context)")
                #expect(source.core.snapshot().sectionIdentifiers == snapshot.sectionIdentifiers, "sections: \(context)")
                #expect(source.core.snapshot().itemIdentifiers == snapshot.itemIdentifiers, "items: \(context)")
                let expected = snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0).map { Optional("\($0)") } }
                #expect(view.cells.map { $0.map { ($0 as? MatrixCell)?.shown } } == expected, "shown: \(context)")
                if view.problems != [] { return }
            }
        }
    }

    /// `ListUpdater` on a stand-in table: after every update the view shows the value, every batch
    /// was accepted, each row's item is the item given and each identity is found where it is.
    func checkUpdater<ID: MatrixIdentity>(_: ID.Type, salt: UInt64) async {
        for seed in Self.seeds(salt: salt) {
            let view = StandInTableView()
            let updater = ListUpdater<ID, ID, MatrixItem<ID>>(host: view, id: { $0.id }, options: RenderOptions(onDuplicateKeys: nil)) {
                row, actions in
                RowPresentation(cell: HostedItemCell.self, state: row.version, actions: actions) { cell, _ in
                    cell.text = "\(row.item.id)/\(row.item.content)"
                }
            }
            for (step, model) in Self.models(seed: seed).enumerated() {
                let context = "\(ID.self), seed \(seed) (rerun with ROWDIFF_SEED=\(seed)), step \(step): \(model.description)"
                let value = model.value(ID.self)
                updater.update(value)
                await updater.owner.renderer.waitUntilIdle()
                #expect(view.problems == [], "\(context)")
                #expect(updater.sections.map(\.id) == value.map(\.id), "sections: \(context)")
                #expect(updater.sections.map { $0.rows.map(\.id) } == value.map { $0.items.map(\.id) }, "rows: \(context)")
                #expect(updater.sections.map { $0.rows.map(\.item) } == value.map(\.items), "items: \(context)")
                #expect(shownNames(view) == value.map { $0.items.map { Optional("\($0.id)/\($0.content)") } }, "shown: \(context)")
                for (s, section) in value.enumerated() {
                    for (i, item) in section.items.enumerated() where updater.path(of: item.id) != ItemPath(section: s, item: i) {
                        Issue.record("path of \(item.id): \(String(describing: updater.path(of: item.id))): \(context)")
                    }
                }
                if view.problems != [] { return }
            }
        }
    }

    /// The package's own generic rows read identities where they store them (`InPlaceRow`): in
    /// this build (release too), their fingerprints and pair comparisons equal those read through
    /// `diffIdentity` and `isContentEqual(to:)`, with empty sections among them.
    func checkInPlaceRows<ID: MatrixIdentity>(_: ID.Type) {
        let ids = (0..<70).map { ID.make($0) }
        let layout = [[], Array(ids[0..<30]), [], Array(ids[30..<31]), Array(ids[31..<70]), []]
        var snapshot = DiffableDataSourceSnapshot<Int, ID>()
        for (index, section) in layout.enumerated() {
            snapshot.appendSections([index])
            snapshot.appendItems(section, toSection: index)
        }
        snapshot.reconfigureItems(Array(ids[3..<9]))
        expectReadsAgree(snapshot.renderedSections().map(\.rows), "\(ID.self): snapshot rows")
        let listRows = layout.enumerated().map { section, ids in
            ids.enumerated().map { ListViewRow<ID, Int>(id: $1, version: UInt64($0 % 3), section: section, offset: $0, update: 0) }
        }
        expectReadsAgree(listRows, "\(ID.self): list rows")
    }

    func expectReadsAgree<Row: InPlaceRow>(_ sections: [[Row]], _ context: String) {
        let offset = Row.storedIdentityOffset
        #expect(offset != nil, "\(context): an offset")
        let total = sections.reduce(0) { $0 + $1.count }
        let fingerprintable = Row.DiffIdentity.self as? any Fingerprintable.Type
        func prints(_ stored: Int?) -> [UInt64] {
            [UInt64](unsafeUninitializedCapacity: total) { output, count in
                IdentityFingerprints.writeRows(
                    sections, seed: 0, mask: .max, fingerprintable: fingerprintable, storedIdentity: stored, into: output)
                count = total
            }
        }
        #expect(prints(offset) == prints(nil), "\(context): fingerprints in place and through diffIdentity")
        let rows = sections.flatMap { $0 }
        let inPlace = MatchedPairs<Row>(inPlace: Row.self, identityOffset: offset)
        let readThrough = MatchedPairs<Row>(inPlace: nil, identityOffset: nil)
        rows.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                for j in [i, (i + 1) % buffer.count, (i * 7) % buffer.count] {
                    let (a, b) = (buffer.baseAddress! + i, buffer.baseAddress! + j)
                    let fast = inPlace.compare(a, b, checksIdentities: true, comparesContent: true)
                    let slow = readThrough.compare(a, b, checksIdentities: true, comparesContent: true)
                    if fast != slow { Issue.record("\(context): pair \(i), \(j): in place \(fast), read through \(slow)") }
                }
            }
        }
    }

    func checkAll<ID: MatrixIdentity>(_ type: ID.Type, salt: UInt64) async {
        print("IdentityMatrix \(ID.self): seeds \(Self.seeds(salt: salt)) (rerun one with ROWDIFF_SEED=<seed>)")
        checkEngine(type, salt: salt)
        await checkDiffable(type, salt: salt)
        await checkUpdater(type, salt: salt)
        checkInPlaceRows(type)
    }

    @Test func intIdentities() async { await checkAll(Int.self, salt: 1) }
    @Test func int8Identities() async { await checkAll(Int8.self, salt: 2) }
    @Test func uuidIdentities() async { await checkAll(UUID.self, salt: 3) }
    @Test func stringIdentities() async { await checkAll(String.self, salt: 4) }
    @Test func optionalIntIdentities() async { await checkAll(Int?.self, salt: 5) }
    @Test func paddedStructIdentities() async { await checkAll(PaddedID.self, salt: 6) }
    @Test func enumWithPayloadIdentities() async { await checkAll(PayloadID.self, salt: 7) }
    @Test func classIdentities() async { await checkAll(ObjectID.self, salt: 8) }
    @Test func anyHashableIdentities() async { await checkAll(AnyHashableID.self, salt: 9) }
    @Test func sixteenByteAlignedIdentities() async { await checkAll(AlignedID.self, salt: 10) }
}
