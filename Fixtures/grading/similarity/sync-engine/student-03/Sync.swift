// Sync.swift
// Ogrenci cozumu: modeli ekranla karsilastir

final class Screen
{
    let name: String
    private(set) var shown: [String: String] = [:]

    init(_ name: String)
    {
        self.name = name
    }

    func set(_ key: String, _ value: String)
    {
        self.shown[key] = value
    }

    func clear(_ key: String)
    {
        self.shown[key] = nil
    }
}

func verdict(model: String?, shown: String?) -> String
{
    // model yoksa ekranda fazlalik var demektir
    guard let m = model else
    {
        return "artik"
    }
    guard let s = shown else
    {
        return "eksik"
    }
    return m == s ? "uyumlu" : "bayat"
}

func check(_ label: String, model: [String: String], screen: Screen, keys: [String]) -> [String]
{
    var liste = [String]()
    for anahtar in keys
    {
        let sonuc = verdict(model: model[anahtar], shown: screen.shown[anahtar])
        let modelYazi = model[anahtar] ?? "-"
        let ekranYazi = screen.shown[anahtar] ?? "-"
        print(label + " | " + screen.name + "." + anahtar + ": model=" + modelYazi + " ekran=" + ekranYazi + " -> " + sonuc)
        liste.append(sonuc)
    }
    return liste
}

func countVerdicts(_ verdicts: [String])
{
    let turler = ["uyumlu", "bayat", "eksik", "artik"]
    for tur in turler
    {
        var sayi = 0
        for v in verdicts
        {
            if v == tur
            {
                sayi = sayi + 1
            }
        }
        print("\(tur): \(sayi)")
    }
}
