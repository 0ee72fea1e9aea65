var n = 1
while n <= 3 {
    print(n)
    n += 1
}
