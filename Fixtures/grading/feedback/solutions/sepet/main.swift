let fiyatlar = ["elma": 3, "armut": 2, "kiraz": 5]
var toplam = 0
for ad in ["elma", "armut", "kiraz"] {
    let fiyat = fiyatlar[ad] ?? 0
    print("\(ad): \(fiyat)")
    toplam += fiyat
}
print("toplam: \(toplam)")
