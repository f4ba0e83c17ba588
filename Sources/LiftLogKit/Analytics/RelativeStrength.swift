/// Relative-strength scores: a powerlifting total (best squat + bench press + deadlift, kg)
/// scaled by body weight and sex, so lifters of any size compare.
///
/// - DOTS (Tim Konertz, 2019): `total × 500 / (a·bw⁴ + b·bw³ + c·bw² + d·bw + e)`, body weight
///   clamped to 40–210 kg for men and 40–150 kg for women.
/// - Wilks 2020 (Robert Wilks's 2020 update, on a 600-point scale):
///   `total × 600 / (a + b·bw + c·bw² + d·bw³ + e·bw⁴ + f·bw⁵)`, body weight clamped to
///   40–200.95 kg for men and 40–150.95 kg for women; its coefficients reproduce the
///   published Wilks 2020 tables to four decimals.
public enum RelativeStrength {
    /// The DOTS coefficient for a body weight in kilograms.
    public static func dotsCoefficient(bodyWeight: Double, sex: StoreManifest.Sex) -> Double {
        let (a, b, c, d, e, upper): (Double, Double, Double, Double, Double, Double) = switch sex {
        case .male: (-0.0000010930, 0.0007391293, -0.1918759221, 24.0900756, -307.75076, 210)
        case .female: (-0.0000010706, 0.0005158568, -0.1126655495, 13.6175032, -57.96288, 150)
        }
        let x = min(max(bodyWeight, 40), upper)
        return 500 / ((((a * x + b) * x + c) * x + d) * x + e)
    }

    /// The Wilks 2020 coefficient for a body weight in kilograms.
    public static func wilks2020Coefficient(bodyWeight: Double, sex: StoreManifest.Sex) -> Double {
        let (a, b, c, d, e, f, upper): (Double, Double, Double, Double, Double, Double, Double) = switch sex {
        case .male: (47.4617885411949, 8.47206137941125, 0.073694103462609, -0.00139583381094385, 0.00000707665973070743, -0.0000000120804336482315, 200.95)
        case .female: (-125.425539779509, 13.7121941940668, -0.0330725063103405, -0.0010504000506583, 0.00000938773881462799, -0.000000023334613884954, 150.95)
        }
        let x = min(max(bodyWeight, 40), upper)
        return 600 / (a + x * (b + x * (c + x * (d + x * (e + x * f)))))
    }

    /// DOTS points of a total (kg) at a body weight (kg).
    public static func dots(total: Double, bodyWeight: Double, sex: StoreManifest.Sex) -> Double {
        total * dotsCoefficient(bodyWeight: bodyWeight, sex: sex)
    }

    /// Wilks 2020 points of a total (kg) at a body weight (kg).
    public static func wilks2020(total: Double, bodyWeight: Double, sex: StoreManifest.Sex) -> Double {
        total * wilks2020Coefficient(bodyWeight: bodyWeight, sex: sex)
    }
}

/// The scores of a lifter's best powerlifting total at a body weight.
public struct StrengthScores: Hashable, Sendable {
    /// The best completed single-set weight of each lift, in kilograms, and the exercise it
    /// comes from (`Back Squat`, `Bench Press`, `Deadlift`).
    public var lifts: [(exercise: String, kilograms: Double)] { zip(exercises, kilograms).map { ($0, $1) } }
    /// The lifts' exercises, in ``lifts`` order.
    public var exercises: [String]
    /// The lifts' weights in kilograms, in ``lifts`` order.
    public var kilograms: [Double]
    /// Σ of the lifts, in kilograms.
    public var total: Double
    /// The latest weigh-in, in kilograms, and its date.
    public var bodyWeight: Double
    /// The day of that weigh-in.
    public var bodyWeightDate: LocalDate
    /// The sex the scores are computed for (`liftlog config sex`).
    public var sex: StoreManifest.Sex
    /// The DOTS score of ``total`` at ``bodyWeight``.
    public var dots: Double
    /// The Wilks 2020 score of ``total`` at ``bodyWeight``.
    public var wilks2020: Double
}

extension Store {
    /// The lifts that make a powerlifting total, by library name.
    public static let powerliftingLifts = ["Back Squat", "Bench Press", "Deadlift"]

    /// DOTS and Wilks 2020 of the heaviest completed set of each powerlifting lift (warm-ups
    /// never count) at the latest weigh-in. `nil` without `config sex`, a weigh-in, or a set
    /// of each of the three lifts.
    public func strengthScores(bodyLog: BodyLog) throws(LiftLogError) -> StrengthScores? {
        guard let sex = preferences.sex, let weighIn = bodyLog.weighIns.last else { return nil }
        var kilograms: [Double] = []
        for name in Store.powerliftingLifts {
            let report: ExerciseReport
            do throws(LiftLogError) {
                report = try exerciseReport(name)
            } catch {
                if case .notFound = error { return nil }
                throw error
            }
            guard let record = report.personalRecord else { return nil }
            kilograms.append(record.unit.convert(record.weight, to: .kg))
        }
        let total = kilograms.reduce(0, +)
        return StrengthScores(exercises: Store.powerliftingLifts, kilograms: kilograms, total: total, bodyWeight: weighIn.kilograms,
                              bodyWeightDate: weighIn.date, sex: sex,
                              dots: RelativeStrength.dots(total: total, bodyWeight: weighIn.kilograms, sex: sex),
                              wilks2020: RelativeStrength.wilks2020(total: total, bodyWeight: weighIn.kilograms, sex: sex))
    }
}
