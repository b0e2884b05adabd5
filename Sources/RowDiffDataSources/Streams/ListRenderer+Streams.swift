import Foundation

/// Binding streams of states to a renderer: RxDataSources' `bind(to:)` without Rx.
extension ListRenderer {
    /// Renders every state `states` produces, until it ends, fails or the task is cancelled.
    /// States that arrive faster than the main actor takes them coalesce (the latest wins).
    ///
    /// ```swift
    /// let binding = renderer.bind(viewModel.sections) // an AsyncStream<[SectionModel<…>]>
    /// binding.cancel()                                  // unbinds
    /// ```
    ///
    /// The stream is read off the main actor, into a one-state mailbox; the main actor takes the
    /// newest state from it when it gets to it. So a burst is read at once, whatever the main
    /// actor is busy with, and reaches the renderer as one or two states (see the renderer's
    /// coalescing). The task ends after its last state was handed to `render`.
    /// - Returns: the task iterating the stream; it ends with the stream's error, if any. A
    ///   renderer of a `ListController` is not kept alive by it: when the owner goes away, its
    ///   bindings are cancelled, so a stream that never ends does not keep the owner, its view or
    ///   its rows. A bare renderer, like an Rx subscription, lives as long as its binding (until the
    ///   stream ends or the task is cancelled).
    @discardableResult @inlinable
    public func bind<States: AsyncSequence & Sendable>(_ states: States, animated: Bool = true) -> Task<Void, any Error>
    where States.Element == [Section] {
        // Inlinable for the diff and the staging made here, as `render(_:animated:completion:)`.
        bind(states, animated: animated, work: .unlessRendererSpecialises)
    }

    /// `bind(_:animated:)` with the caller's `work` for every render (nil: this generic code's).
    @usableFromInline
    func bind<States: AsyncSequence & Sendable>(
        _ states: States, animated: Bool, work: SpecialisedRenderWork<Section>?
    )
        -> Task<Void, any Error>
    where States.Element == [Section] {
        let mailbox = Mailbox<[Section]>()
        let retained = isOwned ? nil : self
        let task = Task.detached { [weak self] in
            defer {
                mailbox.close()
                _ = retained
            }
            for try await sections in states {
                try Task.checkCancellation()
                guard self != nil else { return }
                if mailbox.put(sections) {
                    Task { @MainActor [weak self] in self?.deliver(mailbox, animated: animated, work: work) }
                }
            }
            // Hand over the last state before the task ends, so awaiting it means "all requested".
            if !Task.isCancelled { await self?.deliver(mailbox, animated: animated, work: work) }
        }
        bindings.append(task)
        bindings.removeAll { $0.isCancelled }
        return task
    }

    private func deliver(_ mailbox: Mailbox<[Section]>, animated: Bool, work: SpecialisedRenderWork<Section>?) {
        if let sections = mailbox.take() { render(sections: sections, animated: animated, completion: nil, work: work) }
    }
}

/// The newest value not yet taken. `put` reports whether a delivery must be scheduled (none is
/// waiting); `take` empties it. `close` drops what is left and every later value (the binding ended
/// or was cancelled).
final class Mailbox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var closed = false

    func put(_ newValue: Value) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        let wasEmpty = value == nil
        value = newValue
        return wasEmpty
    }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        value = nil
    }
}

#if canImport(Combine)
import Combine
import Dispatch

extension ListRenderer {
    /// Renders every state `publisher` emits (Combine, on Apple platforms). Hold the returned
    /// cancellable as long as the binding should last.
    @inlinable
    public func bind<States: Publisher>(_ publisher: States, animated: Bool = true) -> AnyCancellable
    where States.Output == [Section], States.Failure == Never {
        // Inlinable for the diff and the staging made here, as `render(_:animated:completion:)`.
        bind(publisher, animated: animated, work: .unlessRendererSpecialises)
    }

    /// `bind(_:animated:)` with the caller's `work` for every render (nil: this generic code's).
    @usableFromInline
    func bind<States: Publisher>(_ publisher: States, animated: Bool, work: SpecialisedRenderWork<Section>?) -> AnyCancellable
    where States.Output == [Section], States.Failure == Never {
        publisher
            .receive(on: DispatchQueue.main)
            .sink { [weak self] sections in
                MainActor.assumeIsolated { self?.render(sections: sections, animated: animated, completion: nil, work: work) }
            }
    }
}
#endif
