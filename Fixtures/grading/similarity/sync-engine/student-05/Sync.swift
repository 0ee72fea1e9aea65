class Screen {
    let name: String
    var shown: [String: String] = [:]

    init(_ name: String) {
        self.name = name
    }

    func set(_ key: String, _ value: String) {
        shown[key] = value
    }

    func clear(_ key: String) {
        if shown[key] != nil {
            shown.removeValue(forKey: key)
        }
    }
}

func verdict(model: String?, shown: String?) -> String {
    return model == nil
        ? (shown == nil ? "olcum-disi" : "artik")
        : (shown == nil ? "eksik" : (model! == shown! ? "uyumlu" : "bayat"))
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    let rows = keys.map { key -> (text: String, result: String) in
        let r = verdict(model: model[key], shown: screen.shown[key])
        let modelPart = "model=\(model[key] ?? "-")"
        let screenPart = "ekran=\(screen.shown[key] ?? "-")"
        return ("\(label) | \(screen.name).\(key): \(modelPart) \(screenPart) -> \(r)", r)
    }
    rows.forEach { print($0.text) }
    return rows.map { $0.result }
}

func countVerdicts(_ verdicts: [String]) {
    ["uyumlu", "bayat", "eksik", "artik"].forEach { kind in
        let n = verdicts.reduce(0) { $1 == kind ? $0 + 1 : $0 }
        print(kind + ": " + "\(n)")
    }
}
