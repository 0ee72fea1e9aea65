let tree = ViewTree(nodes: [ViewNode("Root", parent: nil, reads: ["title"])], storage: ["title": .state(owner: "Root")])
let changes = tree.change("baslik", key: "title")
print(changes[1].view)
