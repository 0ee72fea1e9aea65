final class Screen {
    let name: String
    private(set) var shown: [String: String]

    init(_ name: String) {
        self.name = name
        self.shown = [:]
    }

    func set(_ key: String, _ value: String) {
        self.shown[key] = value
    }

    func clear(_ key: String) {
        self.shown.removeValue(forKey: key)
    }
}

/// Bir alanin model ve ekran degerine bakip karar verir.
func verdict(model: String?, shown: String?) -> String {
    switch model {
    case .none:
        switch shown {
        case .none: return "olcum-disi"
        case .some: return "artik"
        }
    case .some(let modelDegeri):
        switch shown {
        case .none: return "eksik"
        case .some(let ekranDegeri):
            return modelDegeri == ekranDegeri ? "uyumlu" : "bayat"
        }
    }
}

/// Her anahtar icin bir satir yazar ve kararlari dondurur.
func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String] {
    var kararlar: [String] = []
    for i in 0..<keys.count {
        let alan = keys[i]
        let k = verdict(model: model[alan], shown: screen.shown[alan])
        kararlar.append(k)
        let m: String
        if let deger = model[alan] { m = deger } else { m = "-" }
        let e: String
        if let deger = screen.shown[alan] { e = deger } else { e = "-" }
        print("\(label) | \(screen.name).\(alan): model=\(m) ekran=\(e) -> \(k)")
    }
    return kararlar
}

/// Dort sonucu sabit sirayla sayar.
func countVerdicts(_ verdicts: [String]) {
    let sira = ["uyumlu", "bayat", "eksik", "artik"]
    var idx = 0
    while idx < sira.count {
        var toplam = 0
        var j = 0
        while j < verdicts.count {
            if verdicts[j] == sira[idx] { toplam += 1 }
            j += 1
        }
        print("\(sira[idx]): \(toplam)")
        idx += 1
    }
}
