// main.swift — allocates far too much memory
var blocks: [[UInt8]] = []
for index in 0..<64 {
    blocks.append([UInt8](repeating: UInt8(index), count: 256 << 20))
}
print(blocks.count)
