let guests = ["Ana", "Ben"]
for guest in guests {
    print("hello, \(guest)!")
}
print("\(guests.count) guests")
