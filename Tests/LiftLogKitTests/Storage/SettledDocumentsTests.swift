#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Documents kept by their files' settled identity")
struct SettledDocumentsTests {
    @Test("a process that opens a store again and again reads its manifest once it is over two seconds old, and again whenever it changes")
    func manifestKept() throws {
        try withTemporaryDirectory { root throws in
            let created = try makeStore(at: root, seed: false)
            let counting = RecordingFileSystem()
            func manifestReads() -> Int { counting.reads { $0.hasSuffix("/" + Store.manifestFileName) } }
            // The store's clock, moved past the settling window rather than waited for.
            let clock = TestClock(Timestamp.now())
            var environment = Store.Environment.test()
            environment.now = { clock.now }
            environment.fileSystem = counting
            func unit() throws(LiftLogError) -> WeightUnit {
                let store = try Store.open(at: created.root, environment: environment)
                return store.preferences.unit
            }
            // Just written: read at every open.
            #expect(try unit() == .kg)
            #expect(try unit() == .kg)
            #expect(manifestReads() == 2)
            clock.advance(seconds: Int(FileStatus.settlingNanoseconds / 1_000_000_000) + 1)
            #expect(try unit() == .kg)
            let reads = manifestReads()
            for _ in 0..<3 { #expect(try unit() == .kg) }
            #expect(manifestReads() == reads)
            // Edited in place by hand: read again at once.
            let manifest = created.root + "/" + Store.manifestFileName
            let text = try #require(readText(manifest))
            writeText(text.replacingOccurrences(of: "\"kg\"", with: "\"lbs\""), to: manifest)
            #expect(try unit() == .lbs)
            #expect(manifestReads() == reads + 1)
            // Broken in place: refused, never answered from what was kept.
            writeText("{", to: manifest)
            #expect(throws: LiftLogError.self) { try unit() }
            do throws(LiftLogError) {
                _ = try unit()
            } catch {
                guard case .corruptFile(let problems) = error else { Issue.record("\(error)"); return }
                #expect(problems.first?.path == Store.manifestFileName)
            }
        }
    }
}
