// main.swift — never ends, never sleeps
print("start")
var counter = 0
while true { counter &+= 1 }
