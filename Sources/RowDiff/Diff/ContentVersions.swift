/// Rows that carry a content version: a value that changes whenever the row's displayed content
/// changes — a revision counter, an `updatedAt` timestamp, a server ETag's hash.
///
/// When `Row` conforms, RowDiff compares versions in the C core instead of calling
/// `isContentEqual(to:)` on every matched pair, which pays off when content comparison is costly
/// (large structs, strings, nested arrays). Versions are trusted: two different contents with the
/// same version are reported as unchanged, so use a value that cannot repeat for different content.
public protocol ContentVersioned {
    /// Changes whenever the content changes; equal for equal content.
    var contentVersion: UInt64 { get }
}

@usableFromInline
enum ContentVersions {
    /// The rows' content versions, section-major, or nil when `Row` has none.
    /// - Complexity: O(rows) when `Row` is `ContentVersioned`, O(1) otherwise.
    @inlinable
    static func of<Row>(_ sections: [[Row]]) -> [UInt64]? {
        of(sections, versioned: Row.self as? any ContentVersioned.Type)
    }

    /// `of` with the conformance already looked up (`Row.self as? any ContentVersioned.Type`).
    @inlinable
    static func of<Row, Sections: Collection<[Row]>>(
        _ sections: Sections,
        versioned: (any ContentVersioned.Type)?
    ) -> [UInt64]? {
        guard let versioned else { return nil }
        return read(sections, as: versioned)
    }

    @inlinable
    static func read<Row, Sections: Collection<[Row]>, V: ContentVersioned>(
        _ sections: Sections,
        as type: V.Type
    ) -> [UInt64] {
        var versions = [UInt64]()
        versions.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for rows in sections {
            // Row and V are the same type here (the cast above succeeded): the same memory, seen
            // as what it is, with no per-row dynamic cast.
            rows.withUnsafeBufferPointer { rows in
                rows.withMemoryRebound(to: V.self) { typed in
                    for row in typed { versions.append(row.contentVersion) }
                }
            }
        }
        return versions
    }
}
