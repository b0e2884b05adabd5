/// How a diff runs.
public struct DiffOptions: Sendable {
    /// A context to reuse between diffs (its scratch memory stays allocated). nil takes one from a
    /// small shared pool, which keeps contexts of up to 32 MB of scratch (about a million elements)
    /// for reuse; pass your own for repeated diffs of larger lists.
    public var context: DiffContext?
    /// Whether to compute the sequential `Patch` as well (it costs about a third of the diff again).
    public var computesPatch: Bool

    /// Test hook: the bits of every identity fingerprint that are kept. Narrowing it forces
    /// fingerprint collisions, which the collision guard must turn into exactly right results.
    @usableFromInline var fingerprintMask: UInt64 = .max

    /// Options with the given context and patch choice.
    public init(context: DiffContext? = nil, computesPatch: Bool = false) {
        self.context = context
        self.computesPatch = computesPatch
    }
}
