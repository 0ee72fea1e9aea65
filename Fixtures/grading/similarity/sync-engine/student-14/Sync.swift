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
        if let index = shown.index(forKey: key) {
            shown.remove(at: index)
        }
    }
}

// 0: ikisi de yok, 1: sadece model, 2: sadece ekran, 3: ikisi de var
func verdict(model: String?, shown: String?) -> String {
    var code = 0
    if model != nil { code += 1 }
    if shown != nil { code += 2 }
    switch code {
    case 0:
        return "olcum-disi"
    case 1:
        return "eksik"
    case 2:
        return "artik"
    default:
        if model == shown {
            return "uyumlu"
        } else {
            return "bayat"
        }
    }
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var lines: [String] = []
    var verdicts: [String] = []
    for key in keys {
        let res = verdict(model: model[key], shown: screen.shown[key])
        verdicts.append(res)
        lines.append("\(label) | \(screen.name).\(key): model=\(model[key] ?? "-") ekran=\(screen.shown[key] ?? "-") -> \(res)")
    }
    lines.forEach { print($0) }
    return verdicts
}

func countVerdicts(_ verdicts: [String]) {
    var counts = [0, 0, 0, 0]
    for v in verdicts {
        switch v {
        case "uyumlu":
            counts[0] += 1
        case "bayat":
            counts[1] += 1
        case "eksik":
            counts[2] += 1
        case "artik":
            counts[3] += 1
        default:
            continue
        }
    }
    print("uyumlu: \(counts[0])")
    print("bayat: \(counts[1])")
    print("eksik: \(counts[2])")
    print("artik: \(counts[3])")
}
