let guests = ["Ana", "Ben"]
for guest in guests {
    print("Goodbye, \(guest)!")
}
