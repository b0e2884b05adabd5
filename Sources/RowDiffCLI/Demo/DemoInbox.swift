import RowDiff

/// A message in the demo inbox. Identity is `id`; everything else is content.
struct DemoMail: Identifiable, Hashable, Sendable, Diffable {
    var id: String
    var sender: String
    var subject: String
    var unread = true
    var hasAttachment = false

    /// Mail with an attachment uses another cell type, so gaining one is a reload, not a reconfigure.
    var rowKind: RowKind { RowKind(named: hasAttachment ? "AttachmentCell" : "MailCell") }
}

/// A folder section: identity `id`, header content `title`.
struct DemoFolder: Identifiable, Hashable, Sendable, Diffable {
    var id: String
    var title: String
}

typealias DemoSection = ListSection<DemoFolder, DemoMail>

/// One scripted change of the inbox.
struct DemoStep {
    var title: String
    /// What the user would see happen, in a line.
    var story: String
    var inbox: [DemoSection]
}

/// The script: an inbox with sections, changed step by step through every kind of change
/// (inserts, deletes, moves within and across sections, section moves, inserts and deletes,
/// content and cell-kind changes, a header change, a duplicate key, and all at once).
enum DemoScript {
    static func mail(_ id: String, _ sender: String, _ subject: String, unread: Bool = true) -> DemoMail {
        DemoMail(id: id, sender: sender, subject: subject, unread: unread)
    }

    static let initial: [DemoSection] = [
        ListSection(
            DemoFolder(id: "pinned", title: "Pinned"),
            rows: [
                mail("m1", "Ana", "Flight to Lisbon", unread: false)
            ]),
        ListSection(
            DemoFolder(id: "today", title: "Today"),
            rows: [
                mail("m2", "Ben", "Lunch on Friday?"),
                mail("m3", "CI", "Build #812 passed", unread: false),
                mail("m4", "Dana", "Quarterly report draft"),
                mail("m5", "Eve", "Re: design review"),
            ]),
        ListSection(
            DemoFolder(id: "yesterday", title: "Yesterday"),
            rows: [
                mail("m6", "Finn", "Invoice 2231", unread: false),
                mail("m7", "Gus", "Photos from the trip", unread: false),
                mail("m8", "Hana", "Welcome aboard!", unread: false),
            ]),
        ListSection(
            DemoFolder(id: "earlier", title: "Earlier"),
            rows: [
                mail("m9", "Ivo", "Conference tickets", unread: false),
                mail("m10", "Jo", "Old thread", unread: false),
                mail("m11", "Kai", "Newsletter #41", unread: false),
                mail("m12", "Lu", "Receipt", unread: false),
            ]),
    ]

    /// The steps, each a full new state of the inbox built from the previous one.
    static var steps: [DemoStep] {
        var inbox = initial
        var steps: [DemoStep] = []
        func step(_ title: String, _ story: String, _ change: (inout [DemoSection]) -> Void) {
            change(&inbox)
            steps.append(DemoStep(title: title, story: story, inbox: inbox))
        }
        func index(_ folder: String, in inbox: [DemoSection]) -> Int { inbox.firstIndex { $0.model.id == folder }! }
        func remove(_ id: String, from inbox: inout [DemoSection]) -> DemoMail {
            for s in inbox.indices {
                if let r = inbox[s].rows.firstIndex(where: { $0.id == id }) { return inbox[s].rows.remove(at: r) }
            }
            preconditionFailure("no mail \(id) in the demo inbox")
        }
        func edit(_ id: String, in inbox: inout [DemoSection], _ body: (inout DemoMail) -> Void) {
            for s in inbox.indices {
                if let r = inbox[s].rows.firstIndex(where: { $0.id == id }) { body(&inbox[s].rows[r]) }
            }
        }

        step("New mail", "two messages arrive at the top of Today") { inbox in
            inbox[index("today", in: inbox)].rows.insert(
                contentsOf: [
                    mail("m13", "Max", "Are you around?"),
                    mail("m14", "Noor", "Contract signed"),
                ], at: 0)
        }
        step("Read", "opening two messages marks them read (content changes, same cell)") { inbox in
            edit("m13", in: &inbox) { $0.unread = false }
            edit("m4", in: &inbox) { $0.unread = false }
        }
        step("Delete", "two messages are swiped away") { inbox in
            _ = remove("m3", from: &inbox)
            _ = remove("m10", from: &inbox)
        }
        step("Pin", "a message moves from Today to Pinned (across sections)") { inbox in
            let mail = remove("m14", from: &inbox)
            inbox[index("pinned", in: inbox)].rows.append(mail)
        }
        step("Sort", "Earlier is re-sorted by sender, descending (moves within a section)") { inbox in
            inbox[index("earlier", in: inbox)].rows.sort { $0.sender > $1.sender }
        }
        step("Attachment", "a message gains an attachment: a different cell kind, so a reload") { inbox in
            edit("m5", in: &inbox) { $0.hasAttachment = true }
        }
        step("Header", "the Yesterday header shows its count (section content changes)") { inbox in
            inbox[index("yesterday", in: inbox)].model.title = "Yesterday (3)"
        }
        step("Folder order", "Pinned moves below Today (a section move)") { inbox in
            let pinned = inbox.remove(at: index("pinned", in: inbox))
            inbox.insert(pinned, at: index("today", in: inbox) + 1)
        }
        step("New folder", "a Follow-up folder appears with a new message and one moved in from Today") { inbox in
            let moved = remove("m2", from: &inbox)
            inbox.insert(
                ListSection(
                    DemoFolder(id: "follow-up", title: "Follow up"),
                    rows: [mail("m15", "Omar", "Ping about the offer"), moved]), at: 0)
        }
        step("Archive folder", "the Earlier folder is archived (a section delete with its rows)") { inbox in
            inbox.remove(at: index("earlier", in: inbox))
        }
        step("Duplicate key", "the server sends message m7 twice; RowDiff pairs in order and reports it") { inbox in
            let s = index("today", in: inbox)
            inbox[s].rows.append(mail("m7", "Gus", "Photos from the trip", unread: false))
        }
        step("Everything", "sync: dedupe, reorder Today, move a message to Yesterday, new mail, a read, a header") { inbox in
            let s = index("today", in: inbox)
            inbox[s].rows.removeLast()
            inbox[s].rows.reverse()
            let mail4 = remove("m4", from: &inbox)
            inbox[index("yesterday", in: inbox)].rows.insert(mail4, at: 0)
            inbox[index("follow-up", in: inbox)].rows.append(mail("m16", "Pia", "Slides attached"))
            edit("m15", in: &inbox) { $0.unread = false }
            inbox[index("yesterday", in: inbox)].model.title = "Yesterday (4)"
        }
        return steps
    }
}
