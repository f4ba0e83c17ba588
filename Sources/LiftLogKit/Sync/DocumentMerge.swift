/// Two versions of one store file, each made from a common one, merged by meaning: what git's
/// `liftlog merge-file` driver and `liftlog resolve` use when two devices changed the same file.
///
/// The merge works on the JSON tree, so it needs to know no document type and keeps every
/// unknown key:
/// - a value one side changed and the other did not takes the change; a key one side added or
///   removed is added or removed;
/// - objects are merged key by key;
/// - an array of objects that each name themselves (a set's `id`, an entry's `exercise_name`, a
///   plan day's `name` or one of its `former_names`, a mesocycle's `id`) is merged element by
///   element: what either side added is kept, what one side removed and the other left alone is
///   removed, the same element changed on both sides is merged in turn. Elements both sides
///   added are placed by where they were added and then by their `completed_at` and name, so
///   the result does not depend on which side is "ours". When the merged elements' `set_number`
///   or `order` collide they are numbered again in order;
/// - a `created_at` both sides gave differently (the same exercise added on two devices) is
///   the earlier one, an `id` two sides gave a document they both created is the smaller, and
///   where both created a value an empty list on one side takes the other's, and a list of
///   elements without names that begins with all of the other's.
///
/// What is left is a **conflict**: the same value changed to two different things (or changed
/// on one side and removed on the other). Each is listed with its path and the three versions;
/// `settle` may choose a side for it, and a conflict it does not settle keeps "ours" in
/// ``merged`` and stays in ``conflicts``. The merge is symmetric: swapping `ours` and `theirs`
/// gives the same ``merged`` wherever there is no conflict.
public struct DocumentMerge: Sendable {
    /// A side of a merge.
    public enum Side: String, Sendable, CaseIterable {
        /// The version of this device (git's `%A`).
        case ours
        /// The version being merged in (git's `%B`).
        case theirs
    }

    /// One value both sides changed differently.
    public struct Conflict: Sendable, Equatable {
        /// Where it is in the file (`entries[0].sets[2].reps`; empty for the whole file).
        public var path: String
        /// The value both started from; `nil` where there was none.
        public var base: JSONValue?
        /// This side's value; `nil` where it removed it.
        public var ours: JSONValue?
        /// The other side's value; `nil` where it removed it.
        public var theirs: JSONValue?
    }

    /// The merged document; `nil` when it was removed.
    public private(set) var merged: JSONValue?
    /// The conflicts `settle` left open, in the order of the file.
    public private(set) var conflicts: [Conflict] = []

    /// Merges `ours` and `theirs`, each made from `base` (`nil` when both sides created the
    /// file). `nil` for a side means it removed the file.
    public init(base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, settle: (Conflict) -> Side? = { _ in nil }) {
        let (merged, conflicts) = withoutActuallyEscaping(settle) { settle in
            var merger = Merger(settle: settle)
            let merged = merger.value(base, ours, theirs, path: "", key: nil, depth: 0)
            return (merged, merger.conflicts)
        }
        self.merged = merged
        self.conflicts = conflicts
    }
}

private struct Merger {
    let settle: (DocumentMerge.Conflict) -> DocumentMerge.Side?
    var conflicts: [DocumentMerge.Conflict] = []

    mutating func value(_ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?, path: String, key: String?, depth: Int) -> JSONValue? {
        if ours == theirs { return ours }
        if ours == base { return theirs }
        if theirs == base { return ours }
        // Both created it: an empty list on one side is one not filled in yet.
        if base == nil, ours == .array([]) { return theirs }
        if base == nil, theirs == .array([]) { return ours }
        switch (ours, theirs) {
        case (.object(let a)?, .object(let b)?):
            return .object(objects(base?.objectValue, a, b, path: path, depth: depth))
        case (.array(let a)?, .array(let b)?):
            if let merged = arrays(base?.arrayValue, a, b, path: path, depth: depth) { return .array(merged) }
            // Elements without names, and no common version: one side only added to the other.
            if base == nil, a.count != b.count, Array(a.prefix(b.count)) == b || Array(b.prefix(a.count)) == a { return .array(a.count > b.count ? a : b) }
        case (.string(let a)?, .string(let b)?) where key == "created_at":
            if let x = Timestamp(a), let y = Timestamp(b) { return .string(x <= y ? a : b) }
        case (.string(let a)?, .string(let b)?) where key == "id" && depth == 1 && base == nil:
            return .string(min(a, b))
        default:
            break
        }
        let conflict = DocumentMerge.Conflict(path: path, base: base, ours: ours, theirs: theirs)
        switch settle(conflict) {
        case .ours?: return ours
        case .theirs?: return theirs
        case nil:
            conflicts.append(conflict)
            return ours
        }
    }

    mutating func objects(_ base: JSONObject?, _ ours: JSONObject, _ theirs: JSONObject, path: String, depth: Int) -> JSONObject {
        var keys = ours.keys
        for key in theirs.keys where ours[key] == nil { keys.append(key) }
        for key in base?.keys ?? [] where ours[key] == nil && theirs[key] == nil { keys.append(key) }
        var merged: [String: JSONValue] = [:]
        for key in keys.sorted() {
            let inner = path.isEmpty ? key : path + "." + key
            if let value = value(base?[key], ours[key], theirs[key], path: inner, key: key, depth: depth + 1) { merged[key] = value }
        }
        return JSONObject(merged)
    }

    /// The names an element of an array goes by: its primary one first, then former ones.
    static func names(_ element: JSONValue) -> [String]? {
        guard let object = element.objectValue else { return nil }
        if let id = object["id"]?.stringValue { return ["id " + id] }
        if let name = object["exercise_name"]?.stringValue { return ["exercise " + Exercise.nameKey(name)] }
        if let name = object["name"]?.stringValue {
            let former = (object["former_names"]?.arrayValue ?? []).compactMap(\.stringValue)
            return ([name] + former).map { "name " + Exercise.nameKey($0) }
        }
        return nil
    }

    /// The names of every element, or `nil` when one has none or two share their first.
    static func names(of array: [JSONValue]) -> [[String]]? {
        var seen = Swift.Set<String>()
        var all: [[String]] = []
        for element in array {
            guard let names = names(element), seen.insert(names[0]).inserted else { return nil }
            all.append(names)
        }
        return all
    }

    mutating func arrays(_ base: [JSONValue]?, _ ours: [JSONValue], _ theirs: [JSONValue], path: String, depth: Int) -> [JSONValue]? {
        let original = base ?? []
        guard let baseNames = Merger.names(of: original), let ourNames = Merger.names(of: ours),
              let theirNames = Merger.names(of: theirs) else { return nil }
        /// The element of `side` that is base element `index` (by its name, or a former one).
        func counterpart(of index: Int, in names: [[String]]) -> Int? {
            names.firstIndex { $0.contains(baseNames[index][0]) }
        }
        let ourMatch = original.indices.map { counterpart(of: $0, in: ourNames) }
        let theirMatch = original.indices.map { counterpart(of: $0, in: theirNames) }
        // The order of what both kept: a side that reordered them wins over one that did not.
        let ourOrder = ours.indices.compactMap { index in ourMatch.firstIndex(of: index) }
        let theirOrder = theirs.indices.compactMap { index in theirMatch.firstIndex(of: index) }
        let kept = Swift.Set(ourOrder).intersection(theirOrder)
        let ourKept = ourOrder.filter(kept.contains)
        let oursReordered = ourKept != ourKept.sorted()
        var order = oursReordered ? ourOrder : theirOrder
        for index in (oursReordered ? theirOrder : ourOrder) where !order.contains(index) { order.append(index) }
        for index in original.indices where !order.contains(index) { order.append(index) }

        struct Item { var value: JSONValue; var anchor: Int; var key: String }
        var items: [Item] = []
        for (position, index) in order.enumerated() {
            let inner = path + "[\(index)]"
            let a = ourMatch[index].map { ours[$0] }, b = theirMatch[index].map { theirs[$0] }
            if let merged = value(original[index], a, b, path: inner, key: nil, depth: depth + 1) {
                items.append(Item(value: merged, anchor: position * 2, key: ""))
            }
        }
        // Elements a side added go after the element they followed on that side.
        func added(_ side: [JSONValue], _ match: [Int?]) -> [(index: Int, anchor: Int)] {
            var result: [(Int, Int)] = []
            var anchor = -1
            for index in side.indices {
                if let base = match.firstIndex(of: index) {
                    anchor = (order.firstIndex(of: base) ?? -1) * 2
                } else {
                    result.append((index, anchor + 1))
                }
            }
            return result
        }
        let ourAdded = added(ours, ourMatch), theirAdded = added(theirs, theirMatch)
        var theirUsed = Swift.Set<Int>()
        for (index, anchor) in ourAdded {
            let twin = theirAdded.first { !theirUsed.contains($0.index) && !Swift.Set(theirNames[$0.index]).isDisjoint(with: ourNames[index]) }
            if let twin { theirUsed.insert(twin.index) }
            let inner = path + "[+\(index)]"
            if let merged = value(nil, ours[index], twin.map { theirs[$0.index] }, path: inner, key: nil, depth: depth + 1) {
                items.append(Item(value: merged, anchor: min(anchor, twin?.anchor ?? anchor), key: Merger.sortKey(merged, ourNames[index][0])))
            }
        }
        for (index, anchor) in theirAdded where !theirUsed.contains(index) {
            items.append(Item(value: theirs[index], anchor: anchor, key: Merger.sortKey(theirs[index], theirNames[index][0])))
        }
        // Stable: the elements both kept stay in their order; each added one by its anchor,
        // then by when it was done and its name.
        let sorted = items.enumerated().sorted { x, y in
            (x.element.anchor, x.element.key, x.offset) < (y.element.anchor, y.element.key, y.offset)
        }.map(\.element.value)
        return Merger.renumbered(sorted)
    }

    static func sortKey(_ value: JSONValue, _ name: String) -> String {
        (value["completed_at"]?.stringValue.flatMap(Timestamp.init).map { String($0.millisecondsSince1970 + 1 << 52) } ?? "") + "\u{0}" + name
    }

    /// `set_number` and `order` numbered 1, 2, … again when two elements came to share one.
    static func renumbered(_ elements: [JSONValue]) -> [JSONValue] {
        var result = elements
        for key in ["set_number", "order"] {
            let numbers = result.compactMap { element -> Int? in
                if case .number(let number)? = element[key] { return number.intValue }
                return nil
            }
            guard numbers.count == result.count, Swift.Set(numbers).count < numbers.count else { continue }
            for index in result.indices {
                guard var object = result[index].objectValue else { continue }
                object[key] = .number(JSONNumber(Double(index + 1)))
                result[index] = .object(object)
            }
        }
        return result
    }
}
