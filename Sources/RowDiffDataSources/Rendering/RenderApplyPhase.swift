/// Where a `ListRenderer` is in applying one render: the moments around the synchronous step in
/// which it hands all of a render's batches (or its reload) to the target. Nothing reaches the
/// screen between the two.
enum RenderApplyPhase: Sendable, Hashable {
    /// Before the first batch or the reload: the view still shows the previous render.
    case willApply
    /// After the last batch or the reload returned: the view has the new model.
    case didApply
}
