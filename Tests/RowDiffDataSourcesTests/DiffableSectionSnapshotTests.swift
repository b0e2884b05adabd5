import RowDiffDataSources
import Testing

typealias Outline = DiffableDataSourceSectionSnapshot<String>

/// Fruit (Apple (Gala), Pear), Vegetables (Leek): a small outline, all collapsed.
func groceries() -> Outline {
    var outline = Outline()
    outline.append(["Fruit", "Vegetables"])
    outline.append(["Apple", "Pear"], to: "Fruit")
    outline.append(["Gala"], to: "Apple")
    outline.append(["Leek"], to: "Vegetables")
    return outline
}

@Suite("Diffable section snapshot: structure")
struct DiffableSectionSnapshotStructureTests {
    @Test func items_areDepthFirstPreOrder_andRootItemsTheTopLevel() {
        let outline = groceries()
        #expect(outline.items == ["Fruit", "Apple", "Gala", "Pear", "Vegetables", "Leek"])
        #expect(outline.rootItems == ["Fruit", "Vegetables"])
        #expect(outline.index(of: "Pear") == 3)
        #expect(outline.index(of: "Kiwi") == nil)
        #expect(outline.contains("Gala"))
        #expect(!outline.contains("Kiwi"))
    }

    @Test func levelAndParent_followTheTree() {
        let outline = groceries()
        #expect(outline.level(of: "Fruit") == 0)
        #expect(outline.level(of: "Apple") == 1)
        #expect(outline.level(of: "Gala") == 2)
        #expect(outline.parent(of: "Fruit") == nil)
        #expect(outline.parent(of: "Gala") == "Apple")
    }

    @Test func insert_putsItemsAmongTheDestinationsSiblings_afterItsSubtree() {
        var outline = groceries()
        outline.insert(["Banana"], after: "Apple")
        outline.insert(["Cherry"], before: "Apple")
        outline.insert(["Bread"], after: "Fruit")
        #expect(outline.items == ["Fruit", "Cherry", "Apple", "Gala", "Banana", "Pear", "Bread", "Vegetables", "Leek"])
        #expect(outline.parent(of: "Banana") == "Fruit")
        #expect(outline.level(of: "Bread") == 0)
    }

    @Test func delete_removesDescendants_andTheirExpandedState() {
        var outline = groceries()
        outline.expand(["Fruit", "Apple"])
        outline.delete(["Apple", "Gala", "Apple"])
        #expect(outline.items == ["Fruit", "Pear", "Vegetables", "Leek"])
        outline.append(["Apple"], to: "Fruit")
        outline.append(["Gala"], to: "Apple")
        #expect(!outline.isExpanded("Apple"))
        outline.delete(["Fruit", "Pear"]) // an item and its ancestor
        #expect(outline.items == ["Vegetables", "Leek"])
    }

    @Test func deleteAll_emptiesTheTreeAndTheExpandedStates() {
        var outline = groceries()
        outline.expand(["Fruit"])
        outline.deleteAll()
        #expect(outline.items.isEmpty)
        outline.append(["Fruit"])
        #expect(!outline.isExpanded("Fruit"))
    }

    @Test func addingAnItemAlreadyPresent_orRepeated_changesNothing() {
        var outline = groceries()
        let before = outline
        outline.append(["Kiwi", "Gala"])
        outline.append(["Kiwi", "Kiwi"], to: "Fruit")
        outline.insert(["Kiwi", "Pear"], before: "Pear")
        #expect(outline == before)
    }

    @Test func emptyArguments_changeNothing_whateverTheDestination() {
        var outline = groceries()
        let before = outline
        outline.append([], to: "Nowhere")
        outline.insert([], before: "Nowhere")
        outline.insert(Outline(), after: "Nowhere")
        outline.delete([])
        #expect(outline == before)
    }
}

@Suite("Diffable section snapshot: expansion")
struct DiffableSectionSnapshotExpansionTests {
    @Test func visibleItems_areThoseWhoseAncestorsAreAllExpanded() {
        var outline = groceries()
        #expect(outline.visibleItems == ["Fruit", "Vegetables"])
        outline.expand(["Apple", "Kiwi"]) // absent items are ignored
        #expect(outline.visibleItems == ["Fruit", "Vegetables"])
        #expect(!outline.isVisible("Gala"))
        outline.expand(["Fruit"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Gala", "Pear", "Vegetables"])
        #expect(outline.isVisible("Gala"))
        outline.collapse(["Apple", "Kiwi"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(outline.isExpanded("Fruit"))
        #expect(!outline.isExpanded("Apple"))
    }

    @Test func aLeaf_canBeExpanded() {
        var outline = groceries()
        outline.expand(["Leek"])
        #expect(outline.isExpanded("Leek"))
    }
}

@Suite("Diffable section snapshot: sub-snapshots")
struct DiffableSectionSnapshotSubtreeTests {
    @Test func snapshotOfAParent_makesItsChildrenTheRoots_withExpandedStates() {
        var outline = groceries()
        outline.expand(["Fruit", "Apple"])
        let children = outline.snapshot(of: "Fruit")
        #expect(children.rootItems == ["Apple", "Pear"])
        #expect(children.items == ["Apple", "Gala", "Pear"])
        #expect(children.parent(of: "Apple") == nil)
        #expect(children.isExpanded("Apple"))
        #expect(!children.contains("Fruit"))
        let withParent = outline.snapshot(of: "Fruit", includingParent: true)
        #expect(withParent.rootItems == ["Fruit"])
        #expect(withParent.items == ["Fruit", "Apple", "Gala", "Pear"])
        #expect(withParent.isExpanded("Fruit"))
        #expect(withParent.level(of: "Gala") == 2)
    }

    @Test func aSubSnapshot_isIndependentOfItsSource() {
        var outline = groceries()
        var children = outline.snapshot(of: "Fruit")
        children.append(["Quince"])
        outline.delete(["Pear"])
        #expect(children.items == ["Apple", "Gala", "Pear", "Quince"])
        #expect(outline.items == ["Fruit", "Apple", "Gala", "Vegetables", "Leek"])
    }

    @Test func replaceChildren_graftsTheGivenTree_andTheParentKeepsItsState() {
        var outline = groceries()
        outline.expand(["Fruit", "Apple"])
        var replacement = Outline()
        replacement.append(["Plum", "Apple"])
        replacement.append(["Damson"], to: "Plum")
        replacement.expand(["Plum"])
        outline.replace(childrenOf: "Fruit", using: replacement)
        #expect(outline.items == ["Fruit", "Plum", "Damson", "Apple", "Vegetables", "Leek"])
        #expect(outline.parent(of: "Plum") == "Fruit")
        #expect(outline.level(of: "Damson") == 2)
        #expect(outline.isExpanded("Fruit"))
        #expect(outline.isExpanded("Plum"))
        #expect(!outline.isExpanded("Apple")) // the old Apple's state went with it
        #expect(!outline.contains("Gala"))
    }

    @Test func replaceChildren_withAnIdentifierFromElsewhere_changesNothing() {
        var outline = groceries()
        let before = outline
        var clash = Outline()
        clash.append(["Leek"])
        outline.replace(childrenOf: "Fruit", using: clash)
        var holdsParent = Outline()
        holdsParent.append(["Fruit"])
        outline.replace(childrenOf: "Fruit", using: holdsParent)
        #expect(outline == before)
    }

    @Test func insertSnapshot_bringsItsSubtreesAndStates_amongTheSiblings() {
        var outline = groceries()
        var nuts = Outline()
        nuts.append(["Nuts"])
        nuts.append(["Almond", "Walnut"], to: "Nuts")
        nuts.expand(["Nuts"])
        outline.insert(nuts, after: "Fruit")
        #expect(outline.items == ["Fruit", "Apple", "Gala", "Pear", "Nuts", "Almond", "Walnut", "Vegetables", "Leek"])
        #expect(outline.visibleItems == ["Fruit", "Nuts", "Almond", "Walnut", "Vegetables"])
        var more = Outline()
        more.append(["Cashew"])
        outline.insert(more, before: "Walnut")
        #expect(outline.snapshot(of: "Nuts").items == ["Almond", "Cashew", "Walnut"])
        let before = outline
        outline.insert(more, before: "Leek") // Cashew is already there
        #expect(outline == before)
    }
}
