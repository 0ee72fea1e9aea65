final class Screen {
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    func clear(_ key: String) {
        _ = shown.removeValue(forKey: key)
    }
}

func countVerdicts(_ verdicts: [String]) {
    var tally: [(String, Int)] = [("uyumlu", 0), ("bayat", 0), ("eksik", 0), ("artik", 0)]
    for v in verdicts {
        for j in tally.indices where tally[j].0 == v {
            tally[j].1 += 1
        }
    }
    for (title, n) in tally {
        print("\(title): \(n)")
    }
}

func verdict(model: String?, shown: String?) -> String {
    switch (model != nil, shown != nil) {
    case (true, true):
        return model == shown ? "uyumlu" : "bayat"
    case (true, false):
        return "eksik"
    case (false, true):
        return "artik"
    case (false, false):
        return "olcum-disi"
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var answers = Array(repeating: "", count: keys.count)
    for (index, key) in keys.enumerated() {
        let left = model[key]
        let right = screen.shown[key]
        answers[index] = verdict(model: left, shown: right)
        print("\(label) | \(screen.name).\(key): model=\(left ?? "-") ekran=\(right ?? "-") -> \(answers[index])")
    }
    return answers
}
