import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The library's documentation")
struct DocumentationTests {
    /// The Swift files of the targets an app links.
    private func sources() throws -> [(path: String, lines: [Substring])] {
        var files: [(String, [Substring])] = []
        for target in ["LiftLogKit", "LiftLogFoundation"] {
            let folder = repository + "/Sources/" + target
            var pending = [folder]
            while let current = pending.popLast() {
                for entry in try PosixFileSystem().listDirectory(current) {
                    let path = current + "/" + entry.name
                    if entry.kind == .directory { pending.append(path) } else if entry.name.hasSuffix(".swift") {
                        let text = try #require(readText(path))
                        files.append((String(path.dropFirst(repository.count + 1)), text.split(separator: "\n", omittingEmptySubsequences: false)))
                    }
                }
            }
        }
        return files
    }

    @Test("every public declaration of LiftLogKit and LiftLogFoundation has a doc comment")
    func everyPublicSymbolDocumented() throws {
        var missing: [String] = []
        var count = 0
        for (path, lines) in try sources() {
            for (index, line) in lines.enumerated() {
                var words = String(line).trimmingWhitespace().split(separator: " ")
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.first == "public", words.count > 1, !["extension", "import"].contains(words[1]) else { continue }
                count += 1
                var above = index - 1
                while above >= 0, String(lines[above]).trimmingWhitespace().hasPrefix("@") { above -= 1 }
                if above < 0 || !String(lines[above]).trimmingWhitespace().hasPrefix("///") {
                    missing.append("\(path):\(index + 1): \(String(line).trimmingWhitespace())")
                }
            }
        }
        #expect(count > 1000, "only \(count) public declarations found: the scan is broken")
        #expect(missing.isEmpty, "\(missing.count) without a doc comment:\n\(missing.joined(separator: "\n"))")
    }
}
