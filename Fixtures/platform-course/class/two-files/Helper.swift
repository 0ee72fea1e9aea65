func helper() -> Int { 1 }
