// main.swift — hai thay doi va dem nguyen nhan
let tree = ViewTree(
    nodes: [
        ViewNode("Root", parent: nil, reads: ["title"]),
        ViewNode("Detail", parent: "Root", reads: ["title", "note"]),
    ],
    storage: ["title": .state(owner: "Root"), "note": .model(object: "Store")]
)
let changes = tree.change("baslik", key: "title") + tree.change("not", key: "note")
countCauses(change)
