import RowDiff

/// Chains of batches (staged changesets): stage k's OLD is stage k−1's NEW, and the data for a
/// stage is installed inside that stage's update block, so each stage is judged against the
/// snapshot the previous one left.
extension BatchUpdateValidator {
    /// One stage of a chain: the batch, and what the data source reports once it is applied.
    public typealias Stage = (update: BatchUpdate, after: ValidationSnapshot)

    /// Every violation of every stage, each tagged with its stage index (0-based). A failing
    /// stage does not stop the chain: the next stage still starts from the failing stage's
    /// `after`, which is what the data source holds.
    ///
    /// - Parameters:
    ///   - stages: the batches in order, each with the snapshot after it.
    ///   - initial: the snapshot before the first stage.
    ///   - target: when given, the last stage (or `initial`, for no stages) must end exactly
    ///     there (``BatchUpdateViolation/Rule/chainEndsElsewhere`` otherwise). Row descriptions
    ///     are compared only when both sides have them; counts always.
    /// - Complexity: the sum of the stages' costs (see ``BatchUpdateValidator``).
    public func violations(
        stages: [Stage], from initial: ValidationSnapshot, to target: ValidationSnapshot? = nil
    ) -> [BatchUpdateViolation] {
        var found: [BatchUpdateViolation] = []
        var current = initial
        for (index, stage) in stages.enumerated() {
            for var violation in violations(stage.update, from: current, to: stage.after) {
                violation.stage = index
                found.append(violation)
            }
            current = stage.after
        }
        if let target, let mismatch = endMismatch(current, target, stageCount: stages.count) { found.append(mismatch) }
        return found
    }

    /// Throws the first violation of the chain (see ``violations(stages:from:to:)``).
    public func validate(
        stages: [Stage], from initial: ValidationSnapshot, to target: ValidationSnapshot? = nil
    ) throws(BatchUpdateViolation) {
        var current = initial
        for (index, stage) in stages.enumerated() {
            if var first = violations(stage.update, from: current, to: stage.after).first {
                first.stage = index
                throw first
            }
            current = stage.after
        }
        if let target, let mismatch = endMismatch(current, target, stageCount: stages.count) { throw mismatch }
    }

    /// The first difference between where the chain ended and where it should have.
    private func endMismatch(_ end: ValidationSnapshot, _ target: ValidationSnapshot, stageCount: Int) -> BatchUpdateViolation? {
        let last = stageCount == 0 ? "with no stages, the initial snapshot" : "after the last stage (\(stageCount - 1)), the data source"
        func mismatch(sections: [Int] = [], paths: [ItemPath] = [], _ detail: String) -> BatchUpdateViolation {
            BatchUpdateViolation(
                rule: .chainEndsElsewhere, view: view, stage: stageCount == 0 ? nil : stageCount - 1,
                sections: sections, indexPaths: paths, detail: "\(last) \(detail)")
        }
        if end.counts.count != target.counts.count {
            return mismatch("has \(end.counts.count) \(sectionsWord(end.counts.count)), the target \(target.counts.count)")
        }
        for s in end.counts.indices {
            if end.counts[s] != target.counts[s] {
                return mismatch(
                    sections: [s], "has \(end.counts[s]) \(rows(end.counts[s])) in section \(s), the target \(target.counts[s])")
            }
            let a = end.sectionInfos[s]
            let b = target.sectionInfos[s]
            if let x = a.identity, let y = b.identity, x != y {
                return mismatch(sections: [s], "has section \(x) at \(s), the target \(y)")
            }
            if let x = a.content, let y = b.content, x != y {
                return mismatch(sections: [s], "has section \(s) with content \(x.short), the target \(y.short)")
            }
        }
        guard end.hasItems, target.hasItems else { return nil }
        for section in end.counts.indices {
            for item in 0..<end.counts[section] {
                let path = ItemPath(section: section, item: item)
                guard let a = end.item(at: path), let b = target.item(at: path), let field = a.firstDifference(from: b) else { continue }
                return mismatch(paths: [path], "has row \(path) differing from the target in its \(field): \(a.summary) vs \(b.summary)")
            }
        }
        return nil
    }
}

extension ValidationSnapshot.Item {
    /// The first field known on both sides that differs, or `nil`; unknown fields match anything.
    func firstDifference(from other: Self) -> String? {
        func differs(_ a: ValidationValue?, _ b: ValidationValue?) -> Bool { a != nil && b != nil && a != b }
        if differs(identity, other.identity) { return "identity" }
        if differs(content, other.content) { return "content" }
        if differs(kind, other.kind) { return "cell kind" }
        return nil
    }

    /// `"a" (content 3, kind "Cell")` for messages.
    var summary: String {
        var text = identity?.description ?? "unknown identity"
        var extras: [String] = []
        if let content { extras.append("content \(content.short)") }
        if let kind { extras.append("kind \(kind.short)") }
        if !extras.isEmpty { text += " (\(extras.joined(separator: ", ")))" }
        return text
    }
}
