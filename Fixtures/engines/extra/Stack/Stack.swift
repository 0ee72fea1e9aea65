// Stack.swift — a third engine, registered with --engines
struct Stack {
    private(set) var items: [String] = []

    mutating func push(_ item: String) {
        items.append(item)
        print("push \(item) -> \(items.count)")
    }

    mutating func pop() -> String? {
        let item = items.popLast()
        print("pop \(item ?? "-") -> \(items.count)")
        return item
    }
}
