/// The location of a value inside a JSON document: the keys and indexes leading to it.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object key or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document root.
    public var components: [Component]

    /// The document root.
    public static let root = JSONPath(components: [])

    /// A path of `components`, from the document's root.
    public init(components: [Component]) {
        self.components = components
    }

    /// The path one key further down.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path one array element further down.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// `entries[0].sets[2].reps`, or `(root)`.
    public var description: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
