import LiftLogKit

extension Store {
    /// Where the token of a server reachable from the network is kept: local, never committed.
    package static let serverTokenPath = ".liftlog/serve-token"

    /// The token of a server reachable from the network, created on first use in a file only
    /// its owner may read (mode 0600). A token file others may read is refused, not used.
    package func serverToken() throws(LiftLogError) -> (token: String, created: Bool) {
        let path = root + "/" + Store.serverTokenPath
        let fileSystem = PosixFileSystem()
        if let status = try? fileSystem.status(path), status.kind == .regular,
           let bytes = try? fileSystem.readFile(path, limit: 4096), let text = String(validating: bytes, as: UTF8.self)?.trimmingWhitespace(), text.count >= 32 {
            guard status.mode & 0o077 == 0 else {
                throw .validation("\(Store.serverTokenPath) may be read by others (mode \(String(status.mode, radix: 8))); the server's token must be yours alone. Run 'chmod 600 \(Store.serverTokenPath)' in the store, or remove the file to be given a new token.")
            }
            return (text, false)
        }
        // A new token in a new file made 0600 from the start, renamed over whatever was there.
        let token = (randomUUIDString() + randomUUIDString()).replacingOccurrences(of: "-", with: "")
        let temporary = path + ".new"
        do throws(SystemError) {
            try? fileSystem.removeFile(temporary)
            let descriptor = try fileSystem.openForWriting(temporary, create: true, mode: 0o600)
            defer { fileSystem.close(descriptor) }
            try fileSystem.setMode(descriptor, 0o600, path: temporary)
            try fileSystem.write(descriptor, Array((token + "\n").utf8), path: temporary)
            try fileSystem.synchronize(descriptor, path: temporary)
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw .io(path: Store.serverTokenPath, operation: "write", reason: Errno(rawValue: error.errorNumber).description)
        }
        return (token, true)
    }
}
