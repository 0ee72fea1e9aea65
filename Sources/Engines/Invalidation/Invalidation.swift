// Invalidation.swift — bir anahtar degisince hangi gorunumun neden yeniden hesaplandigini olcer
enum Storage {
    case state(owner: String)
    case model(object: String)
    case environment
}

struct ViewNode {
    let name: String
    let parent: String?
    let reads: Set<String>

    init(_ name: String, parent: String?, reads: Set<String>) {
        self.name = name
        self.parent = parent
        self.reads = reads
    }
}

struct Recompute {
    let view: String
    let cause: String
}

struct ViewTree {
    let nodes: [ViewNode]
    let storage: [String: Storage]

    func ancestors(of name: String) -> [String] {
        var chain: [String] = []
        var next = nodes.first { $0.name == name }?.parent
        while let parentName = next, !chain.contains(parentName) {
            chain.append(parentName)
            next = nodes.first { $0.name == parentName }?.parent
        }
        return chain
    }

    func cause(of node: ViewNode, key: String) -> String {
        guard let source = storage[key] else {
            return "olcum-disi"
        }
        switch source {
        case .environment:
            return "ortam"
        case .model:
            return "gozlem"
        case .state(let owner):
            if owner == node.name {
                return "yerel"
            }
            return ancestors(of: node.name).contains(owner) ? "ebeveyn" : "kural-disi"
        }
    }

    func change(_ label: String, key: String) -> [Recompute] {
        var recomputed: [Recompute] = []
        var skipped: [String] = []
        for node in nodes {
            if node.reads.contains(key) {
                recomputed.append(Recompute(view: node.name, cause: cause(of: node, key: key)))
            } else {
                skipped.append(node.name)
            }
        }
        let recomputedList =
            recomputed.isEmpty ? "yok" : recomputed.map { "\($0.view) \($0.cause)" }.joined(separator: ", ")
        let skippedList = skipped.isEmpty ? "yok" : skipped.joined(separator: ",")
        print("\(label): \(key) degisti | yeniden \(recomputedList) | atlanan \(skippedList)")
        return recomputed
    }
}

func countCauses(_ recomputes: [Recompute]) {
    for name in ["yerel", "ebeveyn", "gozlem", "ortam"] {
        let count = recomputes.reduce(0) { total, recompute in total + (recompute.cause == name ? 1 : 0) }
        print("\(name): \(count)")
    }
}
