import Testing
@testable import RowDiffCLI

/// The pinned details of the JSON contract (docs/JSON.md), one behaviour per test.
@Suite struct PinnedDetailTests {
    // MARK: 6. Values

    @Test func numberIdentities_compareByNumericValue_soOneEqualsOnePointZero() throws {
        let result = diffJSON(#"[1, 2, 1e2, -0, 12345678901234567890]"#, #"[1.0, 2.00, 100, 0, 1.2345678901234567890e19]"#)
        let changes = try result.json()["changes"]
        #expect(result.status == 0)
        for key in ["itemDeletes", "itemInserts", "itemMoves", "itemUpdates"] {
            #expect(changes[key].array.isEmpty, "\(key)")
        }
    }

    @Test func largeIntegers_keepTheirIdentity_beyondDoublePrecision() throws {
        // Both are the same Double; as JSON values they differ.
        let changes = try diffJSON("[9007199254740993]", "[9007199254740992]").json()["changes"]
        #expect(changes["itemDeletes"].array.count == 1)
        #expect(changes["itemInserts"].array.count == 1)
    }

    @Test func stringAndNumber_withTheSameText_areDifferentIdentities() throws {
        let changes = try diffJSON(#"[1, "2", true, null]"#, #"["1", 2, "true", "null"]"#).json()["changes"]
        #expect(changes["itemDeletes"].array.count == 4)
        #expect(changes["itemInserts"].array.count == 4)
    }

    @Test func objectKeyOrder_doesNotMatter_forContentOrIdentity() throws {
        let changes = try diffJSON(
            #"[{"id": {"x": 1, "y": [1, {"p": true, "q": null}]}, "a": 1, "b": {"c": 2, "d": 3}}]"#,
            #"[{"b": {"d": 3, "c": 2}, "a": 1.0, "id": {"y": [1, {"q": null, "p": true}], "x": 1}}]"#
        ).json()["changes"]
        #expect(changes["itemDeletes"].array.isEmpty)
        #expect(changes["itemUpdates"].array.isEmpty)
    }

    @Test func arraysCompareElementByElement_soOrderIsContent() throws {
        let changes = try diffJSON(#"[{"id": 1, "tags": ["a", "b"]}]"#, #"[{"id": 1, "tags": ["b", "a"]}]"#).json()["changes"]
        #expect(changes["itemUpdates"].array.count == 1)
    }

    @Test func canonicallyEquivalentStrings_areEqual_asIdentitiesAndContent() throws {
        // "é" precomposed (U+00E9), escaped, and decomposed (e + U+0301); Kelvin sign vs K.
        let old = "[{\"id\": \"caf\u{E9}\", \"v\": \"\u{212B}\"}, \"K\"]"
        let new = "[{\"id\": \"cafe\u{301}\", \"v\": \"\\u00c5\"}, \"\u{212A}\"]"
        let changes = try diffJSON(old, new).json()["changes"]
        for key in ["itemDeletes", "itemInserts", "itemMoves", "itemUpdates"] {
            #expect(changes[key].array.isEmpty, "\(key)")
        }
    }

    @Test func idKey_appliesToRows_sectionsAlwaysUseId() throws {
        let result = diffJSON(
            #"{"sections": [{"id": "s", "key": "ignored", "items": [{"key": 1, "id": "a"}]}]}"#,
            #"{"sections": [{"id": "s", "key": "ignored", "items": [{"key": 1, "id": "b"}]}]}"#,
            ["--id-key", "key"])
        let changes = try result.json()["changes"]
        #expect(changes["itemUpdates"].array.count == 1)
        #expect(changes["sectionUpdates"].array.isEmpty)
    }

    @Test func sectionContent_isTheSectionWithoutItems() throws {
        let changes = try diffJSON(
            #"{"sections": [{"id": 1, "title": "T", "items": [1]}]}"#,
            #"{"sections": [{"title": "T", "id": 1, "items": [2, 3]}]}"#
        ).json()["changes"]
        #expect(changes["sectionUpdates"].array.isEmpty)
        #expect(changes["itemInserts"].array.count == 2)
    }

    @Test func unknownTopLevelKeys_areIgnored() throws {
        let result = diffJSON(#"{"version": 1, "sections": [], "extra": [1, 2]}"#, #"{"sections": []}"#)
        #expect(result.status == 0)
        #expect(try result.json()["changes"]["sectionInserts"].array.isEmpty)
    }

    @Test func flatList_isOneSectionWithNullIdentity_matchingASectionedOne() throws {
        let output = try diffJSON(#"["a", "b"]"#, #"{"sections": [{"id": null, "items": ["b", "a"]}]}"#).json()
        #expect(output["changes"]["sectionInserts"].array.isEmpty)
        #expect(output["changes"]["sectionUpdates"].array.isEmpty)
        #expect(output["changes"]["itemMoves"].array.count == 1)
    }

    @Test func scalarElements_areTheirOwnIdentity() throws {
        let output = try diffJSON(#"["a", 1, true, false, null]"#, #"[null, false, true, 1, "a"]"#).json()
        #expect(output["changes"]["itemMoves"].array.count == 4)
        #expect(output["changes"]["itemDeletes"].array.isEmpty)
    }

    // MARK: 1, 2. Rows of deleted and inserted sections

    @Test func rowLeavingADeletedSection_isADeletePlusAnInsert_neverAMove() throws {
        let changes = try diffJSON(
            #"{"sections": [{"id": "gone", "items": ["a"]}, {"id": "kept", "items": []}]}"#,
            #"{"sections": [{"id": "kept", "items": ["a"]}]}"#
        ).json()["changes"]
        #expect(changes["itemMoves"].array.isEmpty)
        #expect(changes["itemDeletes"].array.compactMap(\.path) == [.init(section: 0, item: 0)])
        #expect(changes["itemInserts"].array.compactMap(\.path) == [.init(section: 0, item: 0)])
    }

    @Test func rowsPairKthWithKth_overTheWholeSide_sectionMajor() throws {
        // The first "x" of old (section A) pairs with the first "x" of new (section B).
        let changes = try diffJSON(
            #"{"sections": [{"id": "A", "items": ["x"]}, {"id": "B", "items": ["x"]}]}"#,
            #"{"sections": [{"id": "A", "items": []}, {"id": "B", "items": ["x"]}]}"#
        ).json()["changes"]
        #expect(changes["itemDeletes"].array.compactMap(\.path) == [.init(section: 1, item: 0)])
        #expect(changes["itemMoves"].array.count == 1)
    }

    // MARK: 3. Duplicates

    @Test func duplicates_listEachRepeatedIdentityOnce() throws {
        let output = try diffJSON(
            #"{"sections": [{"id": 1, "items": ["a", "a", "a", "b"]}, {"id": 1.0, "items": ["b"]}]}"#,
            #"{"sections": [{"id": 1, "items": ["c", "c"]}, {"id": 2, "items": ["a", "a"]}]}"#
        ).json()
        #expect(output["duplicates"]["sections"] == json("[1]"))
        #expect(output["duplicates"]["items"] == json(#"["a", "b", "c"]"#))
    }

    // MARK: 8. Stats

    @Test func stats_countAnEmptyFlatInputAsOneSection() throws {
        let stats = try diffJSON("[]", #"{"sections": []}"#).json()["stats"]
        #expect(stats["oldSections"].int == 1 && stats["newSections"].int == 0)
        #expect(stats["oldItems"].int == 0 && stats["newItems"].int == 0)
    }

    @Test func stats_movesCountsItemMoves_andMillisIsANumber() throws {
        let output = try diffJSON(#"["a", "b", "c"]"#, #"["c", "b", "a"]"#).json()
        #expect(output["stats"]["moves"].int == 2)
        guard case .number = output["stats"]["millis"] else {
            Issue.record("millis is not a number")
            return
        }
    }

    // MARK: Output shape

    @Test func outputKeys_areInTheContractsOrder() throws {
        let output = try diffJSON(#"["a"]"#, #"["b"]"#).json()
        #expect(output.objectValue?.members.map(\.key) == ["changes", "stages", "patch", "duplicates", "stats"])
        #expect(
            output["changes"].objectValue?.members.map(\.key) == [
                "sectionDeletes", "sectionInserts", "sectionMoves", "sectionUpdates",
                "itemDeletes", "itemInserts", "itemMoves", "itemUpdates",
            ])
        #expect(
            output["stages"].array.first?.objectValue?.members.map(\.key) == [
                "sectionDeletes", "sectionInserts", "sectionMoves", "sectionReloads",
                "itemDeletes", "itemInserts", "itemMoves", "itemReloads", "after",
            ])
        #expect(
            output["stats"].objectValue?.members.map(\.key) == [
                "oldSections", "oldItems", "newSections", "newItems", "moves", "millis",
            ])
    }

    @Test func identitiesArePrintedAsWritten_withStringsEscaped() throws {
        let output = try diffJSON("[]", #"[{"id": "tab\there \"q\" \u0001 é"}, 1.50, {"id": {"z": 1, "a": [true]}}]"#).json()
        let inserted = output["patch"].array.map { $0["id"] }
        #expect(inserted == [json(#""tab\there \"q\" \u0001 é""#), json("1.5"), json(#"{"a": [true], "z": 1}"#)])
        let result = diffJSON("[]", "[1.50]")
        #expect(result.stdout.contains(#""id": 1.50"#))
    }
}
