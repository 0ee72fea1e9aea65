let guests = ["Ana", "Ben"]
for guest in guests {
    print("Hello, \(guest)!")
}
print("\(guests.count) guests")
