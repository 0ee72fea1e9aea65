// Sync.swift — model ve ekran senkron mu?

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
        shown[key] = nil
    }
}

func verdict(model: String?, shown: String?) -> String {
    var result = "olcum-disi"
    if model != nil && shown != nil {
        if model == shown {
            result = "uyumlu"
        } else {
            result = "bayat"
        }
    } else if model != nil {
        result = "eksik"
    } else if shown != nil {
        result = "artik"
    }
    return result
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    return keys.reduce(into: [String]()) { list, field in
        let mv = model[field] ?? "-"
        let sv = screen.shown[field] ?? "-"
        let r = verdict(model: model[field], shown: screen.shown[field])
        print(label, " | ", screen.name, ".", field, ": model=", mv, " ekran=", sv, " -> ", r, separator: "")
        list.append(r)
    }
}

func countVerdicts(_ verdicts: [String]) {
    var c: [String: Int] = [:]
    for x in verdicts {
        if let old = c[x] {
            c[x] = old + 1
        } else {
            c[x] = 1
        }
    }
    // sadece gorulen sonuclari yaz
    for name in ["uyumlu", "bayat", "eksik", "artik"] where c[name] != nil {
        print(name + ": " + String(c[name]!))
    }
}
