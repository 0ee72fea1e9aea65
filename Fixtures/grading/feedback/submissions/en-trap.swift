let guests = ["Ana", "Ben"]
for index in 0...guests.count {
    print("Hello, \(guests[index])!")
}
print("\(guests.count) guests")
