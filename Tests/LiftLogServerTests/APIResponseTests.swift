import Testing
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

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
        let created = APIResponse.ok(compactData: JSONWriter.compactBytes(data), status: 201)
        #expect(created.status == 201 && created.body == APIResponse.ok(data, status: 201).body)
    }

    @Test("today's answer, its active session written straight from the session, is the tree's bytes, with and without a session")
    func todayAsTheTree() throws {
        try withTemporaryDirectory { root throws in
            copyTree(repository + "/SampleData/store", to: root + "/store")
            let store = try Store.open(at: root + "/store")
            let api = API(storePath: root + "/store", token: nil, allowedHosts: [], version: "test")
            func check() throws {
                var data: JSONObject = ["active": .null, "next": .null, "unit": .string(store.preferences.unit.rawValue), "distance_unit": .string(store.preferences.distanceUnit.rawValue), "previous": [],
                                        "rest": ["default": .number(JSONNumber(store.restSeconds(after: nil))), "exercises": [:]], "measures": [:]]
                if let active = try store.activeSession() {
                    data["active"] = try DataShapes.session(active, store: store)
                    data["previous"] = .array(try store.previousSets(for: active.session).map(\.json))
                    var rests = JSONObject()
                    for (name, seconds) in store.restSeconds(in: active.session) { rests[name] = .number(JSONNumber(seconds)) }
                    data["rest"] = ["default": .number(JSONNumber(store.restSeconds(after: nil))), "exercises": .object(rests)]
                    data["measures"] = ["Back Squat": "load", "Plank": "time"]
                }
                if let report = try? store.today() { data["next"] = DataShapes.today(report, plates: store.plates(for: report)) }
                let response = api.handle(try #require(HTTPRequest(method: "GET", target: "/api/today")))
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == String(decoding: APIResponse.ok(.object(data)).body, as: UTF8.self))
            }
            try check()
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5x3", "bw+10x8"], defaultUnit: .kg))
            try store.log(exercise: "Plank", sets: SetNotation.parse(["45s"], defaultUnit: .kg), createIfMissing: true)
            try check()
            #expect(try store.activeSession() != nil)
        }
    }
}
