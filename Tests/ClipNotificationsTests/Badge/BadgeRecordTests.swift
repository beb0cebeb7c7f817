@_spi(ClipKitTooling) @testable import ClipNotifications
import Foundation
import ClipTestSupport
import Testing

/// The two-slot format: the write of sequence n goes to slot n % 2, so tearing it leaves the
/// previous value readable.
@Suite struct BadgeRecordTests {
    typealias Entry = BadgeRecord.Entry

    func image(_ entries: Entry...) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: BadgeRecord.fileSize)
        for entry in entries {
            let offset = BadgeRecord.slotIndex(for: entry) * BadgeRecord.slotSize
            bytes.replaceSubrange(offset..<(offset + BadgeRecord.slotSize), with: BadgeRecord.encode(entry))
        }
        return bytes
    }

    @Test func emptyFileIsZero() {
        let record = BadgeRecord(decoding: [UInt8]())
        #expect(record.current == nil)
        #expect(record.slots == [.empty, .empty])
        #expect(record.damagedSlots.isEmpty)
    }

    @Test func newerSlotWins() {
        let record = BadgeRecord(decoding: image(Entry(sequence: 7, value: 3), Entry(sequence: 8, value: 4)))
        #expect(record.current == Entry(sequence: 8, value: 4))
        #expect(record.damagedSlots.isEmpty)
    }

    @Test func slotLayoutIsAsDocumented() {
        let slot = BadgeRecord.encode(Entry(sequence: 0x0102, value: 5))
        #expect(slot.count == 32)
        #expect(Array(slot[0..<4]) == Array("CKBC".utf8))
        #expect(slot[4] == 1)
        #expect(Array(slot[8..<16]) == [0x02, 0x01, 0, 0, 0, 0, 0, 0])
        #expect(Array(slot[16..<24]) == [5, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(slot[28..<32]) == [0, 0, 0, 0])
    }

    /// Every way of tearing the write of sequence 9 over a file whose current entry is 8: the
    /// result is 8's value or 9's, never anything else.
    @Test func tornWriteLeavesTheOldOrTheNewValue() {
        let old = Entry(sequence: 8, value: 41)
        let new = Entry(sequence: 9, value: 42)
        let before = image(Entry(sequence: 7, value: 40), old)
        let newSlot = BadgeRecord.encode(new)
        let offset = BadgeRecord.slotIndex(for: new) * BadgeRecord.slotSize
        for writtenBytes in 0...BadgeRecord.slotSize {
            for order in [false, true] {
                var torn = before
                // Bytes reach the file front to back, or back to front.
                let range = order ? 0..<writtenBytes : (BadgeRecord.slotSize - writtenBytes)..<BadgeRecord.slotSize
                for index in range { torn[offset + index] = newSlot[index] }
                let current = BadgeRecord(decoding: torn).current
                #expect(current == old || current == new, "\(writtenBytes) bytes, reversed \(order): \(String(describing: current))")
                if writtenBytes == BadgeRecord.slotSize { #expect(current == new) }
            }
        }
    }

    @Test func wrongSlotParityOrOversizedValueIsDamage() {
        var misplaced = [UInt8](repeating: 0, count: 64)
        misplaced.replaceSubrange(0..<32, with: BadgeRecord.encode(Entry(sequence: 3, value: 1)))
        #expect(BadgeRecord(decoding: misplaced).damagedSlots == [0])
        var huge = BadgeRecord.encode(Entry(sequence: 2, value: 1))
        huge[19] = 0x80  // value above the maximum, with a fixed-up checksum
        let crc = CRC32.checksum(huge[0..<24])
        for index in 0..<4 { huge[24 + index] = UInt8(truncatingIfNeeded: crc >> (8 * index)) }
        #expect(BadgeRecord(decoding: huge + [UInt8](repeating: 0, count: 32)).damagedSlots == [0])
    }

    /// Random bytes and random damage to valid files: decoding never crashes, and a slot it calls
    /// valid is one that was written.
    @Test func fuzzedRecordsDecodeSafely() {
        var random = SeededGenerator(seed: 0xB4D6_E000)
        let valid = image(Entry(sequence: 11, value: 5), Entry(sequence: 12, value: 6))
        var survivingWrites = 0
        var damagedSlots = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 4 == 0 {
                bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
            }
            let record = BadgeRecord(decoding: bytes)
            damagedSlots += record.damagedSlots.count
            for slot in record.slots {
                if case .valid(let entry) = slot {
                    #expect(entry == Entry(sequence: 11, value: 5) || entry == Entry(sequence: 12, value: 6), "round \(round)")
                    survivingWrites += 1
                }
            }
        }
        // Both outcomes occur often, so the fuzzing reaches both branches of the decoder.
        #expect(survivingWrites > 5_000 && damagedSlots > 5_000, "valid \(survivingWrites), damaged \(damagedSlots)")
    }
}
