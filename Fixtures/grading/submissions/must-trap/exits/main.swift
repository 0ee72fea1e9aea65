// main.swift — forgets to stop
let items: [Int] = []
print("checking")
