for n in (1..<3).reversed() {
    print(n)
}
print("xong")
