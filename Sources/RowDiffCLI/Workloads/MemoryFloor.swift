@_spi(Bench) import RowDiff

/// The memory floor of a workload: what no diff of it can beat, measured beside the engines.
///
/// Any diff must read every identity fingerprint of both sides at least once and write at least
/// one result word per row (a 32-bit index, as the core's maps are). `MemoryFloor` does exactly that and
/// nothing more: one plain loop over the warm fingerprint arrays the core diffs (`CoreWorkload`),
/// folding each 8-byte fingerprint into a 32-bit word written to a reused output array. Timed in
/// the same process and run as the engines, so that the machine's drift cancels in the ratio
/// "engine ÷ floor". Content fingerprints are not read: a diff that compares no contents still
/// has this floor. Section fingerprints of a sectioned workload are, as rows of their own.
final class MemoryFloor {
    private let old: [UInt64]
    private let new: [UInt64]
    /// One word per row (old, then new), allocated (its pages written) here, so that a timed pass
    /// writes warm memory, as the core does on a reused context.
    private(set) var words: [UInt32]

    init(_ core: CoreWorkload) {
        let sides: (old: [UInt64], new: [UInt64])
        switch core.input {
        case .flat(let old, _, let new, _): sides = (old, new)
        case .sectioned(let old, let new): sides = (old.sectionIDs + old.rowIDs, new.sectionIDs + new.rowIDs)
        }
        (old, new) = sides
        words = [UInt32](repeating: 0, count: sides.old.count + sides.new.count)
    }

    /// Rows read (old plus new, sections included).
    var rowCount: Int { old.count + new.count }

    /// Bytes one pass reads (8 per row) and writes (4 per row).
    var bytesMoved: Int { rowCount * 12 }

    /// One pass over both sides; returns a word of the output, so that the pass cannot be dropped.
    /// - Complexity: O(n + m), one sequential read of each side and one sequential write.
    func run() -> UInt32 {
        let (old, new) = (self.old, self.new)
        return words.withUnsafeMutableBufferPointer { out in
            old.withUnsafeBufferPointer { oldIDs in
                new.withUnsafeBufferPointer { newIDs in
                    guard let base = out.baseAddress else { return 0 }
                    Self.fold(oldIDs, into: base)
                    Self.fold(newIDs, into: base + oldIDs.count)
                    return out.isEmpty ? 0 : out[out.count / 2]
                }
            }
        }
    }

    /// Each fingerprint's two halves xored into one word: a result that depends on every input
    /// byte, so the loop reads all of them, and costs one instruction or two per row (vectorized).
    @inline(never)
    static func fold(_ ids: UnsafeBufferPointer<UInt64>, into out: UnsafeMutablePointer<UInt32>) {
        for i in ids.indices {
            let id = ids[i]
            out[i] = UInt32(truncatingIfNeeded: id ^ (id >> 32))
        }
    }
}
