let fiyatlar = ["elma": 3, "armut": 2, "kiraz": 5]
var toplam = 0
for ad in ["armut", "elma", "kiraz"] {
    print("\(ad): \(fiyatlar[ad]!)")
    toplam += fiyatlar[ad]!
}
print("toplam: \(toplam)")
