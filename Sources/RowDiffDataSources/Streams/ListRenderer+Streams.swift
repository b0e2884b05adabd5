/// Binding streams of states to a renderer: RxDataSources' `bind(to:)` without Rx.
extension ListRenderer {
    /// Renders every state `states` produces, until it ends, fails or the task is cancelled.
    /// States that arrive while a diff runs coalesce (the latest wins).
    ///
    /// ```swift
    /// let binding = renderer.bind(viewModel.sections) // an AsyncStream<[SectionModel<…>]>
    /// binding.cancel()                                  // unbinds
    /// ```
    /// - Returns: the task iterating the stream; it ends with the stream's error, if any. Like an
    ///   Rx subscription, it keeps the renderer alive until the stream ends or it is cancelled.
    @discardableResult
    public func bind<States: AsyncSequence & Sendable>(_ states: States, animated: Bool = true) -> Task<Void, any Error>
    where States.Element == [Section] {
        Task {
            for try await sections in states {
                try Task.checkCancellation()
                self.render(sections, animated: animated)
            }
        }
    }
}

#if canImport(Combine)
import Combine
import Dispatch

extension ListRenderer {
    /// Renders every state `publisher` emits (Combine, on Apple platforms). Hold the returned
    /// cancellable as long as the binding should last.
    public func bind<States: Publisher>(_ publisher: States, animated: Bool = true) -> AnyCancellable
    where States.Output == [Section], States.Failure == Never {
        publisher
            .receive(on: DispatchQueue.main)
            .sink { [weak self] sections in
                MainActor.assumeIsolated { self?.render(sections, animated: animated) }
            }
    }
}
#endif
