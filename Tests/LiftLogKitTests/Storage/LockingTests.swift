#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Waiting for locks")
struct LockingTests {
    @Test("a timed lock refuses after its timeout while held, and lets a waiter in when released")
    func timedLock() {
        let lock = TimedLock()
        #expect(lock.acquire(timeout: 0))
        #expect(!lock.acquire(timeout: 0))
        let start = monotonicSeconds()
        #expect(!lock.acquire(timeout: 0.05))
        #expect(monotonicSeconds() - start >= 0.05)
        let entered = Flag()
        let waiter = Threads.start {
            if lock.acquire(timeout: 5) { entered.set() }
        }
        usleep(20_000)
        #expect(!entered.value)
        lock.release()
        if let waiter { pthread_join(waiter, nil) }
        #expect(entered.value)
    }

    @Test("the store's file lock refuses after its timeout while held, and a waiting writer gets it when the holder lets go")
    func fileLockWaits() throws {
        try withTemporaryDirectory { root throws in
            let fileSystem = PosixFileSystem()
            let path = root + "/lock"
            let holder = try #require(try fileSystem.lockExclusively(path, timeout: 0))
            let start = monotonicSeconds()
            #expect(try fileSystem.lockExclusively(path, timeout: 0.05) == nil)
            #expect(monotonicSeconds() - start >= 0.05)
            let waiterGotIt = Flag()
            let waiter = Threads.start {
                if let descriptor = try? fileSystem.lockExclusively(path, timeout: 30) {
                    waiterGotIt.set()
                    fileSystem.close(descriptor)
                }
            }
            #expect(!waiterGotIt.value)
            fileSystem.close(holder)
            if let waiter { pthread_join(waiter, nil) }
            #expect(waiterGotIt.value)
            // Nobody holds it now: it is free at once, and no other file was made beside it.
            let again = try #require(try fileSystem.lockExclusively(path, timeout: 0))
            fileSystem.close(again)
            #expect(try fileSystem.listDirectory(root).map(\.name) == ["lock"])
        }
    }

    @Test("the status of names in a folder, in one call, is what status gives for each")
    func statusesInFolder() throws {
        try withTemporaryDirectory { root throws in
            let fileSystem = PosixFileSystem()
            mkdir(root + "/a", 0o755)
            writeText("x", to: root + "/a/f")
            mkdir(root + "/a/d", 0o755)
            symlink(root + "/a/d", root + "/a/link")
            let names = ["f", "d", "link", "missing"]
            let batched = try fileSystem.statuses(in: root + "/a", names: names)
            let single = try names.map { name throws(SystemError) in try fileSystem.status(root + "/a/" + name) }
            #expect(batched == single)
            #expect(batched.map { $0?.kind } == [.regular, .directory, .symbolicLink, nil])
            #expect(try fileSystem.statuses(in: root + "/nowhere", names: names) == [nil, nil, nil, nil])
        }
    }
}

/// A flag set by one thread and read by another.
private final class Flag: @unchecked Sendable {
    private let lock = Mutex()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}
