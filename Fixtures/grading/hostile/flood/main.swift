// main.swift — floods stdout
while true { print("baslik: title degisti | yeniden Root yerel, Detail ebeveyn | atlanan yok") }
