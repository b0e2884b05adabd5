/// Rows keyed by a string that carry the key's fingerprint, computed once when the row was made
/// (`KeyedRow` does): a diff reads it instead of hashing the key. Each row is diffed at least
/// twice (as the new state, then as the old state of the next render), so this halves the hashing
/// at least, and the diff no longer copies the keys out of the rows.
///
/// The carried value is exactly `diffIdentity.fingerprint(seed: 0)`: the diff uses it only where
/// it fingerprints with seed 0 (it always does), and masks it like any other fingerprint (the
/// collision tests narrow every fingerprint this way). Matched identities are still compared with
/// `==`, so even a wrong carried value could never pair two different rows; it would only make an
/// unchanged row look deleted and inserted.
///
/// Package API: the package's own row types adopt it; apps never see it.
package protocol CarriedFingerprint: Diffable where DiffIdentity == String {
    /// Writes `rows[i].diffIdentity.fingerprint(seed: 0) & mask` to `output[i]` for every row,
    /// from the values the rows carry: one call per section, in code of the row's own module.
    /// - Complexity: O(rows).
    static func writeCarriedFingerprints(of rows: UnsafeBufferPointer<Self>, mask: UInt64, into output: UnsafeMutablePointer<UInt64>)
}

extension IdentityFingerprints {
    /// When `Row` carries its fingerprints (see `CarriedFingerprint`), writes them, section-major,
    /// masked, and returns true; otherwise writes nothing and returns false. Not inlinable (the
    /// protocol is SPI): callers ask only for string identities, which would be hashed otherwise,
    /// so the conformance lookup here (a few hundred instructions) is paid back many times.
    /// - Complexity: O(rows) when `Row` conforms, O(1) otherwise.
    @usableFromInline
    static func writeCarried<Row, Sections: Collection<[Row]>>(
        _ sections: Sections, mask: UInt64,
        into output: UnsafeMutableBufferPointer<UInt64>
    ) -> Bool {
        guard let carrying = Row.self as? any CarriedFingerprint.Type else { return false }
        func write<C: CarriedFingerprint>(_: C.Type) {
            var written = 0
            for rows in sections {
                precondition(output.count - written >= rows.count, "RowDiff: more rows than fingerprint slots")
                // Row and C are the same type (the cast above succeeded): the same memory, seen as
                // what it is.
                rows.withUnsafeBufferPointer { rows in
                    rows.withMemoryRebound(to: C.self) { rows in
                        if !rows.isEmpty { C.writeCarriedFingerprints(of: rows, mask: mask, into: output.baseAddress! + written) }
                    }
                }
                written += rows.count
            }
        }
        write(carrying)
        return true
    }
}
