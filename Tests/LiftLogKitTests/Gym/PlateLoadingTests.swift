import Testing
@testable import LiftLogKit

@Suite("Plates and warm-ups")
struct PlateLoadingTests {
    @Test("the plates per side for a weight, with the fewest plates", arguments: [
        (142.5, 20.0, WeightUnit.kg, [25.0, 25, 10, 1.25]),
        (20.0, 20.0, WeightUnit.kg, []),
        (100.0, 20.0, WeightUnit.kg, [25.0, 15]),
        (315.0, 45.0, WeightUnit.lbs, [45.0, 45, 45]),
        (135.0, 45.0, WeightUnit.lbs, [45.0]),
        (60.0, 15.0, WeightUnit.kg, [20.0, 2.5]),
    ])
    func exact(target: Double, bar: Double, unit: WeightUnit, perSide: [Double]) throws {
        let loadings = try PlateLoading.closest(to: target, bar: bar, plates: PlateLoading.defaultPlates(unit), unit: unit)
        #expect(loadings.count == 1)
        #expect(loadings.first?.perSide == perSide)
        #expect(loadings.first?.isExact == true)
    }

    @Test("a weight the plates cannot make gives the closest below and above")
    func closest() throws {
        let loadings = try PlateLoading.closest(to: 143, bar: 20, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
        #expect(loadings.map(\.total) == [142.5, 145])
        // A gym with only 20s and 10s.
        let sparse = try PlateLoading.closest(to: 75, bar: 20, plates: [20, 10], unit: .kg)
        #expect(sparse.map(\.total) == [60, 80])
        #expect(sparse.last?.perSide == [20, 10])
    }

    @Test("what cannot be loaded is refused")
    func refused() {
        #expect(throws: LiftLogError.validation("10 kg is lighter than the bar (20 kg).")) {
            try PlateLoading.closest(to: 10, bar: 20, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
        }
        for bar in [-5.0, 0, 150, .nan] {
            #expect(throws: LiftLogError.validation("The bar must weigh more than 0 and at most 100, got \(JSONNumber(bar.isFinite ? bar : 0)).")) {
                try PlateLoading.closest(to: 100, bar: bar, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
            }
        }
        #expect(throws: LiftLogError.validation("Warm-up sets must be 1–8, got 9.")) {
            try PlateLoading.warmup(to: 100, sets: 9, bar: 20, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
        }
    }

    @Test("a warm-up ramp: the empty bar, then loadable steps below the working weight")
    func warmup() throws {
        let ramp = try PlateLoading.warmup(to: 140, sets: 4, bar: 20, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
        // 50%, 67.5% and 85% of 140 (70, 94.5, 119), each rounded down to what the plates make.
        #expect(ramp.map(\.weight) == [20, 70, 92.5, 117.5])
        #expect(ramp.map(\.reps) == [10, 5, 3, 2])
        // A light working weight skips steps that would not be above the last.
        let light = try PlateLoading.warmup(to: 30, sets: 4, bar: 20, plates: PlateLoading.defaultPlates(.kg), unit: .kg)
        // (15 and 20.25 round to the bar itself; 25.5 makes 25.)
        #expect(light.map(\.weight) == [20, 25])
    }
}
