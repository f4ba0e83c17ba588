import Testing
@testable import LiftLogKit
@testable import LiftLogServer

@Suite("The API's envelope")
struct APIResponseTests {
    @Test("data written ahead of time goes in the same envelope, with the same headers, as data given as a tree")
    func compactData() {
        let data: JSONValue = ["page": .number(JSONNumber(1)), "sessions": .array([["plan": .string("A \"B\""), "week_number": .null]]), "total": .number(JSONNumber(2.5))]
        let ahead = APIResponse.ok(compactData: JSONWriter.compactBytes(data))
        let tree = APIResponse.ok(data)
        #expect(ahead.status == 200 && tree.status == 200)
        #expect(ahead.body == tree.body)
        #expect(String(decoding: ahead.body, as: UTF8.self) == "{\"data\":{\"page\":1,\"sessions\":[{\"plan\":\"A \\\"B\\\"\",\"week_number\":null}],\"total\":2.5},\"success\":true}")
        #expect(ahead.headers.map(\.name) == tree.headers.map(\.name) && ahead.headers.map(\.value) == tree.headers.map(\.value))
    }
}
