/// How a diff runs.
public struct DiffOptions: Sendable {
    /// A context to reuse between diffs (its scratch memory stays allocated). nil takes one from a
    /// small shared pool, which keeps up to 96 MB of scratch in all (one diff of about two million
    /// elements, or several smaller ones) for reuse; `DiffContext.releasePooledMemory()` frees it.
    /// The package's renderers keep one each; apps use the pool.
    @usableFromInline package var context: DiffContext?
    /// Whether the caller runs no other diff on `context` while this one runs (a renderer's own
    /// context: its renders are diffed one at a time). The diff then uses it as it uses a pooled
    /// one: the fingerprints in the scratch it keeps (not in temporary memory), its row facts
    /// found once, and no lock. Measured, a render's diff of 10k items, 50 % overlap, on its
    /// renderer's context: 0.51 ms shared, 0.25 owned.
    @usableFromInline package var ownsContext = false
    /// Whether to compute the sequential `Patch` as well (it costs about a third of the diff again).
    public var computesPatch: Bool

    /// Test hook: the bits of every identity fingerprint that are kept. Narrowing it forces
    /// fingerprint collisions, which the collision guard must turn into exactly right results.
    @usableFromInline var fingerprintMask: UInt64 = .max

    /// Test hook: false fingerprints a flat diff's new side in full, without taking the old
    /// fingerprints for the ends the sides share (`TrimmedFingerprints`): the reference the
    /// trimmed paths are checked against.
    @usableFromInline var trimsCommonEnds = true

    /// From how many rows (old plus new) the two sides are prepared on two cores (identities,
    /// fingerprints, content versions) and matched pairs checked in two halves. Below it a
    /// second thread costs more than it saves (measured with `rowdiff bench --parallel-threshold`
    /// on 2 cores: 10k rows were slower in parallel, 20k faster); tests set 0 to force it.
    @usableFromInline var parallelRowThreshold = 16_384

    /// Options with the given patch choice.
    public init(computesPatch: Bool = false) {
        self.computesPatch = computesPatch
    }

    /// Options with the given context (nil: the shared pool), whether the caller owns it (see
    /// `ownsContext`), and patch choice.
    package init(context: DiffContext?, ownsContext: Bool = false, computesPatch: Bool = false) {
        self.context = context
        self.ownsContext = ownsContext
        self.computesPatch = computesPatch
    }
}
