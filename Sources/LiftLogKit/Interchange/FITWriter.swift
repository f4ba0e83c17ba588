/// Writes Garmin FIT files (the binary format of the FIT SDK's published profile): a 14-byte
/// header, definition and data messages, and the CRC-16 the format specifies, little-endian.
/// Only what liftlog's exports need: fixed-size numeric fields of one local message each.
struct FITWriter {
    /// A FIT base type: its byte, its size, and the value that means "invalid".
    enum BaseType: UInt8 {
        case enumeration = 0x00, uint8 = 0x02, uint16 = 0x84, uint32 = 0x86, uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .uint8: 1
            case .uint16: 2
            case .uint32, .uint32z: 4
            }
        }
    }

    /// One field of a message: its number in the profile, its type and value.
    struct Field {
        var number: UInt8
        var type: BaseType
        var value: UInt64
    }

    /// Seconds between 1970-01-01 and FIT's epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: Int64 = 631_065_600

    /// A time as FIT writes it: seconds since its epoch.
    static func time(_ timestamp: Timestamp) -> UInt64 {
        UInt64(max(0, timestamp.millisecondsSince1970 / 1000 - epochOffset))
    }

    private var records: [UInt8] = []
    /// The field layout of each global message number's local message (0–15).
    private var locals: [(global: UInt16, layout: [UInt8])] = []

    /// Appends a data message, defining its local message first when its layout is new.
    mutating func message(_ global: UInt16, _ fields: [Field]) {
        let layout = fields.flatMap { [$0.number, UInt8($0.type.size), $0.type.rawValue] }
        var local = locals.firstIndex { $0.global == global && $0.layout == layout }
        if local == nil {
            // Reuse the slots in turn: a new definition replaces the oldest.
            if locals.count == 16 { locals.removeFirst() }
            locals.append((global, layout))
            local = locals.count - 1
            records.append(0x40 | UInt8(local!))
            records += [0, 0] // reserved; little-endian
            records += [UInt8(global & 0xFF), UInt8(global >> 8), UInt8(fields.count)]
            records += layout
        }
        records.append(UInt8(local!))
        for field in fields {
            var value = field.value
            for _ in 0..<field.type.size {
                records.append(UInt8(value & 0xFF))
                value >>= 8
            }
        }
    }

    /// The whole file: header, records, CRC.
    var bytes: [UInt8] {
        var header: [UInt8] = [14, 0x20]
        header += [UInt8(2132 & 0xFF), UInt8(2132 >> 8)] // profile version 21.32
        let size = UInt32(records.count)
        header += [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FITWriter.crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let crc = FITWriter.crc(records, start: FITWriter.crc(header))
        return header + records + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }

    /// The FIT CRC-16, four bits at a time.
    static func crc(_ bytes: [UInt8], start: UInt16 = 0) -> UInt16 {
        let table: [UInt16] = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
                               0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
        var crc = start
        for byte in bytes {
            var tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int(byte & 0xF)]
            tmp = table[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ table[Int((byte >> 4) & 0xF)]
        }
        return crc
    }
}
