/// A section that provides header and footer titles to a data source.
///
/// `KeyedSection` conforms; so does `ListSection` when its model does, and `String` (a section
/// model that is a string is its own header title, as with RxDataSources' `SectionModel<String, _>`).
public protocol TitledSection {
    /// The header title, if any.
    var headerTitle: String? { get }
    /// The footer title, if any.
    var footerTitle: String? { get }
}

extension TitledSection {
    public var footerTitle: String? { nil }
}

extension String: TitledSection {
    public var headerTitle: String? { self }
}

extension ListSection: TitledSection where Model: TitledSection {
    public var headerTitle: String? { model.headerTitle }
    public var footerTitle: String? { model.footerTitle }
}

/// RxDataSources' name for a generic section model: a model value (identity and header/footer
/// content) and its items. `AnimatableSectionModel` is the same type: every RowDiff section animates.
public typealias SectionModel<Model: Diffable, Item: Diffable> = ListSection<Model, Item>

/// RxDataSources' name for an animatable section model; identical to ``SectionModel``.
public typealias AnimatableSectionModel<Model: Diffable, Item: Diffable> = ListSection<Model, Item>

extension ListSection {
    /// RxDataSources' spelling of `init(_:rows:)`.
    public init(model: Model, items: [Row]) { self.init(model, rows: items) }

    /// RxDataSources' spelling of `rows`.
    public var items: [Row] {
        get { rows }
        set { rows = newValue }
    }
}
