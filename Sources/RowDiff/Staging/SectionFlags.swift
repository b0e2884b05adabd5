/// One flag per section index, set for some sections: staging asks "is this row's section deleted,
/// inserted, moving, reloaded?" once per row change, and an array read answers where a `Set`
/// hashed every row's section (thousands of times per diff, against a hundred sections).
@usableFromInline
enum SectionFlags {
    /// `count` flags, set at every index in `sections` (each below `count`).
    /// - Complexity: O(count + sections).
    @inlinable
    static func marking<Sections: Sequence<Int>>(_ sections: Sections, count: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: count)
        for section in sections { marked[section] = true }
        return marked
    }
}
