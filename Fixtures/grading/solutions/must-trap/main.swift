// main.swift — stops when the list is empty
let items: [Int] = []
print("checking")
precondition(!items.isEmpty, "the list is empty")
