/// The members of a JSON object, in the order they were read or added.
///
/// Objects in store files are small (a set has about a dozen keys), so a list with linear
/// lookup beats a hash table: no key is ever hashed. Equality ignores order, as in JSON.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
    }

    /// The members in insertion order; keys are unique.
    public private(set) var members: [Member]

    /// An empty object.
    public init() {
        members = []
    }

    /// An object of `dictionary`'s members (in the dictionary's order; canonical writing sorts them).
    public init(_ dictionary: [String: JSONValue]) {
        members = dictionary.map { Member(key: $0.key, value: $0.value) }
    }

    /// An object of the members written, in that order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = []
        members.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// Members known to have unique keys.
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
    }

    /// How many members it has.
    public var count: Int { members.count }
    /// Whether it has no member.
    public var isEmpty: Bool { members.isEmpty }
    /// Its keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The position of `key`, or `nil`.
    ///
    /// - Complexity: O(n), with no hashing.
    public func index(of key: String) -> Int? {
        // Comparing lengths first skips most of `String ==`, which is Unicode-aware and slow.
        let length = key.utf8.count
        return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    /// The value of `key`; assigning `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set {
            if let position = index(of: key) {
                if let newValue { members[position].value = newValue } else { members.remove(at: position) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Sets each member of `other` in this object, in `other`'s order: a key already present
    /// keeps its place and takes the new value, a new key is appended.
    public mutating func merge(_ other: JSONObject) {
        for member in other.members { self[member.key] = member.value }
    }

    /// Appends a member whose key the caller knows is not present yet.
    mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    /// The members as a dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Its members, in order.
    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    /// Whether both have the same members, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Hashes the members, in any order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        // Order-independent: combine the members' hashes commutatively.
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member)
            combined ^= memberHasher.finalize()
        }
        hasher.combine(combined)
    }
}
