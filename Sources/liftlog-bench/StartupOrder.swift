import LiftLogKit

/// How many names of the start-up order (`Sources/liftlog/startup.order`, one a line) the
/// binary at `binary` no longer defines: a function renamed or removed since the list was
/// written is only left out of the order, and the code that replaced it is placed wherever the
/// linker puts it, costing every short command page faults (BENCHMARKS.md). `nil` when the
/// list or the binary's symbol table cannot be read (not a 64-bit little-endian ELF file).
func startupOrderNamesMissing(binary: String, order: String) -> (missing: Int, total: Int)? {
    let files = PosixFileSystem()
    guard let list = try? files.readFile(order, limit: 16 << 20), let image = try? files.readFile(binary, limit: 1 << 30),
          let defined = elfSymbolNames(image) else { return nil }
    let names = list.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter { !$0.isEmpty }
    return (names.filter { !defined.contains($0) }.count, names.count)
}

/// The names in the symbol table (`.symtab`) of a 64-bit little-endian ELF image.
func elfSymbolNames(_ image: [UInt8]) -> Set<String>? {
    func integer(_ offset: Int, _ size: Int) -> Int? {
        guard offset >= 0, offset + size <= image.count else { return nil }
        var value = 0
        for index in (0..<size).reversed() { value = value << 8 | Int(image[offset + index]) }
        return value
    }
    // The magic number, 64-bit (class 2), little-endian (data 1).
    guard image.count > 64, image[0] == 0x7F, image[1] == 0x45, image[2] == 0x4C, image[3] == 0x46, image[4] == 2, image[5] == 1,
          let sectionTable = integer(0x28, 8), let entrySize = integer(0x3A, 2), let sections = integer(0x3C, 2), entrySize >= 64 else { return nil }
    func section(_ index: Int) -> (type: Int, offset: Int, size: Int, link: Int, entrySize: Int)? {
        let base = sectionTable + index * entrySize
        guard let type = integer(base + 4, 4), let offset = integer(base + 0x18, 8), let size = integer(base + 0x20, 8),
              let link = integer(base + 0x28, 4), let entry = integer(base + 0x38, 8), offset + size <= image.count else { return nil }
        return (type, offset, size, link, entry)
    }
    let symbolTableType = 2
    for index in 0..<sections {
        guard let symbols = section(index), symbols.type == symbolTableType, symbols.entrySize >= 24,
              let strings = section(symbols.link) else { continue }
        var names = Set<String>()
        for start in stride(from: symbols.offset, to: symbols.offset + symbols.size, by: symbols.entrySize) {
            guard let nameOffset = integer(start, 4), nameOffset > 0, nameOffset < strings.size else { continue }
            let first = strings.offset + nameOffset
            var end = first
            while end < strings.offset + strings.size && image[end] != 0 { end += 1 }
            names.insert(String(decoding: image[first..<end], as: UTF8.self))
        }
        return names
    }
    return nil
}
