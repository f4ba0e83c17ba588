import Testing
@testable import LiftLogKit

@Suite("A chart's value axis in round numbers")
struct ChartScaleTests {
    @Test("the smallest round step that holds the values in at most so many steps", arguments: [
        // low, high, at most, bottom, top, step
        (64.75, 180.25, 6, 50.0, 200.0, 25.0),
        (70.0, 175.0, 5, 50.0, 175.0, 25.0),
        (274.77, 275.17, 5, 274.7, 275.2, 0.1),
        (0.0, 1.0, 4, 0.0, 1.0, 0.25),
        (3.0, 97.0, 5, 0.0, 100.0, 20.0),
        (220.0, 350.0, 6, 200.0, 350.0, 25.0),
    ])
    func round(low: Double, high: Double, most: Int, bottom: Double, top: Double, step: Double) {
        let scale = ChartScale(low: low, high: high, maxIntervals: most)
        #expect(scale.bottom == bottom && scale.top == top && scale.step == step, "\(scale)")
        #expect(scale.intervals <= most)
        #expect(scale.bottom <= low && scale.top >= high)
        for tick in scale.ticks {
            // Every tick a whole multiple of its step, and its text short.
            #expect(abs((tick / step).rounded() * step - tick) < 1e-9)
            #expect(NumberText.format(tick).count <= 6, "\(tick)")
        }
    }

    @Test("one value alone gets a step either side")
    func single() {
        let scale = ChartScale(low: 100, high: 100, maxIntervals: 4)
        #expect(scale.bottom < 100 && scale.top > 100)
        #expect(scale.ticks == [98, 99, 100, 101, 102])
        let zero = ChartScale(low: 0, high: 0, maxIntervals: 4)
        #expect(zero.bottom < 0 && zero.top > 0 && zero.intervals <= 4)
    }

    @Test("the SVG chart's axis labels are the round ticks")
    func svg() {
        let points = [ChartPoint(date: LocalDate("2025-06-04")!, value: 64.75, isRecord: false),
                      ChartPoint(date: LocalDate("2025-11-14")!, value: 180.25, isRecord: true)]
        let svg = ProgressChart.svg(points, title: "Back Squat", unit: "kg")
        for label in ["50", "75", "100", "125", "150", "175", "200"] { #expect(svg.contains(">\(label)</text>"), "\(label)") }
        #expect(!svg.contains(">93.63</text>"))
    }
}
