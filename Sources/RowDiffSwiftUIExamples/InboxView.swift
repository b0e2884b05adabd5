#if canImport(SwiftUI) && canImport(UIKit) && os(iOS)
// README: begin swiftui
import RowDiffSwiftUI
import SwiftUI

struct Message: Identifiable, Equatable {
    var id: Int
    var sender: String
    var subject: String
    var isRead = false
}

@MainActor
final class Inbox: ObservableObject {
    @Published var folders = [
        ListViewSection(
            id: "Today",
            items: [
                Message(id: 1, sender: "Ada", subject: "Engines"),
                Message(id: 2, sender: "Grace", subject: "Compilers"),
            ]),
        ListViewSection(id: "Earlier", items: [Message(id: 3, sender: "Alan", subject: "Machines")]),
    ]

    func delete(_ offsets: IndexSet, in folder: String) {
        guard let index = folders.firstIndex(where: { $0.id == folder }) else { return }
        folders[index].items.remove(atOffsets: offsets)
    }

    func move(_ offsets: IndexSet, to destination: Int, in folder: String) {
        guard let index = folders.firstIndex(where: { $0.id == folder }) else { return }
        folders[index].items.move(fromOffsets: offsets, toOffset: destination)
    }

    /// A changed message is reconfigured in place: only its row view is built again.
    func toggleRead(_ id: Int) {
        for folder in folders.indices {
            if let index = folders[folder].items.firstIndex(where: { $0.id == id }) {
                folders[folder].items[index].isRead.toggle()
            }
        }
    }
}

struct MessageRow: View {
    let message: Message

    var body: some View {
        VStack(alignment: .leading) {
            Text(message.sender).fontWeight(message.isRead ? .regular : .bold)
            Text(message.subject).foregroundStyle(.secondary)
        }
    }
}

struct InboxView: View {
    @StateObject private var inbox = Inbox()
    @State private var selection: Int?

    var body: some View {
        NavigationStack {
            RowDiffList(inbox.folders, selection: $selection) { message in
                MessageRow(message: message) // built only for the cells on screen
            } header: { folder in
                Text(folder)
            }
            .onDelete { folder, offsets in inbox.delete(offsets, in: folder) }
            .onMove { folder, offsets, destination in inbox.move(offsets, to: destination, in: folder) }
            .swipeActions(edge: .leading) { [inbox] message in
                [
                    SwipeAction(title: message.isRead ? "Unread" : "Read") { done in
                        inbox.toggleRead(message.id)
                        done(true)
                    }
                ]
            }
            .listStyle(.insetGrouped)
            .refreshable { await Task.yield() } // SwiftUI's own modifier: a pull-to-refresh control
            .toolbar { EditButton() } // EditMode shows the delete and reorder controls
        }
    }
}
// README: end swiftui
#endif
