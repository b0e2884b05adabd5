/// A section type of this package's own modules whose every array, wherever it is diffed, repeats
/// no section identity and no row identity (rows counted across the whole array): the diffable
/// data source's rendered snapshots, whose identifiers are unique by the snapshot's rules.
///
/// A diff of two such arrays whose identities are equal position by position (the common apply of
/// an unchanged or only re-marked snapshot) needs no fingerprint, no matching and no duplicate
/// check: each row pairs with the row in its own place, and no identity repeats. `SectionedDiff`
/// then only compares contents (see `UnchangedIdentities`).
///
/// `package`, not `public`: it is a promise about how arrays of the type are made, which only the
/// module making them can keep. A user's sections are diffed in full.
@usableFromInline
package protocol UniquelyIdentifiedSection: DiffableSection {
    /// Whether every row of the section has the content (`isContentEqual(to:)`) of each row of the
    /// same identity in any section of this type that says so too, whichever of the two is older:
    /// `UnchangedIdentities` then compares the pairs of two such sections by identity alone. False
    /// when that is not known.
    var rowsAreAlike: Bool { get }
}
