import RowDiff

/// A row of a JSON list: its identity (the element itself, or its `KEY` field) and its content
/// (the element's whole value).
struct JSONRow: Diffable, Sendable {
    var identity: JSONValue
    var value: JSONValue

    var diffIdentity: JSONValue { identity }

    func isContentEqual(to other: JSONRow) -> Bool { value == other.value }
}

/// A section of a JSON list: its identity (`id`), its content (its value without `items`) and
/// its rows. A flat list is one section with identity `null`, whose content is `{"id": null}`,
/// exactly as if it had been written `{"sections": [{"id": null, "items": [...]}]}`.
struct JSONSection: DiffableSection, Sendable {
    var identity: JSONValue
    var content: JSONValue
    var rows: [JSONRow]

    init(identity: JSONValue, content: JSONValue, rows: [JSONRow]) {
        self.identity = identity
        self.content = content
        self.rows = rows
    }

    init(source: JSONSection, rows: [JSONRow]) {
        self.init(identity: source.identity, content: source.content, rows: rows)
    }

    /// The section a flat list is diffed as.
    static func flat(_ rows: [JSONRow]) -> JSONSection {
        JSONSection(identity: .null, content: .object(JSONObject(["id": .null])), rows: rows)
    }

    var diffIdentity: JSONValue { identity }

    func isContentEqual(to other: JSONSection) -> Bool { content == other.content }
}

/// Input that is valid JSON but not a list the contract accepts: what is wrong, and where.
struct InputShapeError: Error, Hashable, Sendable {
    var message: String
    /// Where, as a JSONPath such as `$.sections[3].items[7]`.
    var path: String
}

/// Turns a parsed JSON document into sections and rows (docs/JSON.md, pinned details 6 and 7).
struct InputDecoder {
    /// The field that holds a row object's identity (`--id-key`). Sections always use `id`.
    var idKey: String

    /// The sections of `document`: a flat array becomes one section with identity `null`.
    /// - Complexity: O(elements); identities and contents are shared with the document, not copied.
    func sections(of document: JSONValue) throws(InputShapeError) -> [JSONSection] {
        switch document {
        case .array(let elements):
            return [JSONSection.flat(try rows(elements, path: "$"))]
        case .object(let object):
            guard let sections = object["sections"] else {
                throw InputShapeError(
                    message: "expected an array or an object with a \"sections\" array, found an object without \"sections\"", path: "$")
            }
            guard case .array(let list) = sections else {
                throw InputShapeError(message: "\"sections\" must be an array, found \(sections.kindDescription)", path: "$.sections")
            }
            var result: [JSONSection] = []
            result.reserveCapacity(list.count)
            for (index, element) in list.enumerated() {
                result.append(try section(element, path: "$.sections[\(index)]"))
            }
            return result
        default:
            throw InputShapeError(
                message: "expected an array or an object with a \"sections\" array, found \(document.kindDescription)", path: "$")
        }
    }

    private func section(_ element: JSONValue, path: String) throws(InputShapeError) -> JSONSection {
        guard case .object(let object) = element else {
            throw InputShapeError(message: "a section must be an object, found \(element.kindDescription)", path: path)
        }
        guard let identity = object["id"] else {
            throw InputShapeError(message: "section has no \"id\" field", path: path)
        }
        guard let items = object["items"] else {
            throw InputShapeError(message: "section has no \"items\" array", path: path)
        }
        guard case .array(let elements) = items else {
            throw InputShapeError(message: "\"items\" must be an array, found \(items.kindDescription)", path: path + ".items")
        }
        return JSONSection(
            identity: identity, content: .object(object.removing("items")),
            rows: try rows(elements, path: path + ".items"))
    }

    private func rows(_ elements: [JSONValue], path: String) throws(InputShapeError) -> [JSONRow] {
        var rows: [JSONRow] = []
        rows.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            switch element {
            case .object(let object):
                guard let identity = object[idKey] else {
                    throw InputShapeError(message: "missing identity field \(JSONWriter.quoted(idKey))", path: "\(path)[\(index)]")
                }
                rows.append(JSONRow(identity: identity, value: element))
            case .array:
                throw InputShapeError(
                    message: "an array cannot be a list element (expected an object, string, number, boolean or null)",
                    path: "\(path)[\(index)]")
            case .null, .bool, .number, .string:
                rows.append(JSONRow(identity: element, value: element))
            }
        }
        return rows
    }
}
