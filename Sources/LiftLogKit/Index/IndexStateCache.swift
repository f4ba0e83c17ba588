/// The parsed `state.tsv` of each store this process has read, kept between calls so that a
/// long-running process (the HTTP server) does not parse it again for every request.
///
/// The parsed state is reused when the file has the settled identity it had when it was read
/// (``SettledFileCache``), or when its bytes are exactly the ones parsed before. The months
/// themselves are still checked against their folders on every call
/// (``SessionIndex/refresh(streaming:)``).
enum IndexStateCache {
    /// A state parsed, and the hash its format line gives of its lines.
    typealias Parsed = (state: IndexState, hash: UInt64)

    private static let kept = SettledFileCache<Parsed>(capacity: 16)

    /// The state parsed from the file at `relative` in `files`, and the hash its format line
    /// gives of its lines, which names it in any process; `nil` when it is missing or unreadable.
    static func state(in files: StoreFiles, at relative: String) -> Parsed? {
        let path = files.absolute(relative)
        let cached = kept.entry(at: path)
        guard let look = files.lookAgain(relative, kept: cached != nil) else { return nil }
        if let parsed = cached?.value(ifFoundWith: look.identity) { return parsed }
        guard let bytes = try? files.read(relative, parentsChecked: look.parentsChecked) else { return nil }
        if let cached, ByteFields.same(cached.bytes, bytes) {
            kept.keep(cached.value, bytes: bytes, identity: look.identity, at: path)
            return cached.value
        }
        guard let state = IndexState(bytes: bytes), let hash = IndexState.statedHash(bytes) else { return nil }
        kept.keep((state, hash), bytes: bytes, identity: look.identity, at: path)
        return (state, hash)
    }
}
