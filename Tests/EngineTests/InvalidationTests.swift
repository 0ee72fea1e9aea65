import XCTest

@testable import Invalidation

/// Every cause and the exact lines `change` and `countCauses` print, `yok` included.
final class InvalidationTests: XCTestCase {
    /// The example of the course format: Screen → Card → Note.
    private let tree = ViewTree(
        nodes: [
            ViewNode("Screen", parent: nil, reads: ["title"]),
            ViewNode("Card", parent: "Screen", reads: ["title", "font"]),
            ViewNode("Note", parent: "Card", reads: ["note", "owned", "sibling", "free"]),
            ViewNode("Side", parent: "Screen", reads: ["sibling"]),
        ],
        storage: [
            "title": .state(owner: "Screen"), "font": .environment, "note": .model(object: "Store"),
            "owned": .state(owner: "Note"), "sibling": .state(owner: "Side"),
        ])

    func testAncestorsNearestFirst() {
        XCTAssertEqual(tree.ancestors(of: "Note"), ["Card", "Screen"])
        XCTAssertEqual(tree.ancestors(of: "Screen"), [])
        XCTAssertEqual(tree.ancestors(of: "Unknown"), [])
    }

    func testAncestorsStopAtACycle() {
        let cyclic = ViewTree(
            nodes: [ViewNode("A", parent: "B", reads: []), ViewNode("B", parent: "A", reads: [])], storage: [:])
        XCTAssertEqual(cyclic.ancestors(of: "A"), ["B", "A"])
    }

    func testEveryCause() {
        let note = tree.nodes[2]
        XCTAssertEqual(tree.cause(of: note, key: "free"), "olcum-disi")
        XCTAssertEqual(tree.cause(of: note, key: "font"), "ortam")
        XCTAssertEqual(tree.cause(of: note, key: "note"), "gozlem")
        XCTAssertEqual(tree.cause(of: note, key: "owned"), "yerel")
        XCTAssertEqual(tree.cause(of: note, key: "title"), "ebeveyn")
        XCTAssertEqual(tree.cause(of: note, key: "sibling"), "kural-disi")
    }

    func testChangePrintsTheCourseExampleLine() {
        var recomputes: [Recompute] = []
        let output = capturedOutput { recomputes = tree.change("a", key: "title") }
        XCTAssertEqual(output, "a: title degisti | yeniden Screen yerel, Card ebeveyn | atlanan Note,Side\n")
        XCTAssertEqual(recomputes.map(\.view), ["Screen", "Card"])
        XCTAssertEqual(recomputes.map(\.cause), ["yerel", "ebeveyn"])
    }

    func testChangeWritesYokForEmptyLists() {
        let nobody = capturedOutput { XCTAssertTrue(tree.change("b", key: "nothing").isEmpty) }
        XCTAssertEqual(nobody, "b: nothing degisti | yeniden yok | atlanan Screen,Card,Note,Side\n")
        let everyone = ViewTree(nodes: [ViewNode("Only", parent: nil, reads: ["k"])], storage: ["k": .environment])
        XCTAssertEqual(
            capturedOutput { _ = everyone.change("c", key: "k") }, "c: k degisti | yeniden Only ortam | atlanan yok\n")
    }

    func testCountCausesPrintsFourCountsInOrder() {
        let recomputes = [
            Recompute(view: "A", cause: "ortam"), Recompute(view: "B", cause: "yerel"),
            Recompute(view: "C", cause: "ortam"), Recompute(view: "D", cause: "kural-disi"),
        ]
        XCTAssertEqual(capturedOutput { countCauses(recomputes) }, "yerel: 1\nebeveyn: 0\ngozlem: 0\nortam: 2\n")
        XCTAssertEqual(capturedOutput { countCauses([]) }, "yerel: 0\nebeveyn: 0\ngozlem: 0\nortam: 0\n")
    }

    func testStorageCasesCarryTheirOwners() {
        guard case .state(let owner) = Storage.state(owner: "X"), case .model(let object) = Storage.model(object: "Y")
        else { return XCTFail("cases do not match") }
        XCTAssertEqual(owner, "X")
        XCTAssertEqual(object, "Y")
    }
}
