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
    switch (model, shown) {
    case (nil, nil):
        return "olcum-disi"
    case (nil, _):
        return "eksik"
    case (_, nil):
        return "artik"
    default:
        break
    }
    if model == shown {
        return "uyumlu"
    }
    return "bayat"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    let prefix = label + " | " + screen.name + "."
    return keys.map({ (k: String) -> String in
        let a = model[k]
        let b = screen.shown[k]
        let r = verdict(model: a, shown: b)
        print(prefix + k + ": model=" + (a ?? "-") + " ekran=" + (b ?? "-") + " -> " + r)
        return r
    })
}

func countVerdicts(_ verdicts: [String]) {
    var u = 0, b = 0, e = 0, a = 0
    for v in verdicts {
        if v == "uyumlu" {
            u += 1
        } else if v == "bayat" {
            b += 1
        } else if v == "eksik" {
            e += 1
        } else if v == "artik" {
            a += 1
        }
    }
    print("uyumlu: \(u)")
    print("bayat: \(b)")
    print("eksik: \(e)")
    print("artik: \(a)")
}
