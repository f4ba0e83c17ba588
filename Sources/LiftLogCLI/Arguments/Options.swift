import LiftLogKit

// Every option and positional argument of the `liftlog` tool, declared once with the type its
// value is read as. Commands list them (`options: [DefaultedOption.page, Flag.yes]`) and read them back
// through the same declaration (`try arguments[.page]`, `arguments[.yes]`). Help texts with
// `{values}` get the list of values from the type itself.

// MARK: Options every command has

extension Option where Value == String {
    static var store: Option<String> { .text("--store", valueName: "path", help: "The store folder (default: $LIFTLOG_STORE, the nearest enclosing folder with a liftlog.json, or ~/.local/share/liftlog).") }
}

extension Flag {
    static let json = Flag("--json", help: "Print one JSON document instead of text.")
    static let help = Flag("-h", "--help", help: "Show help information.")
    static let yes = Flag("-y", "--yes", help: "Do not ask for confirmation.")
}

// MARK: Text

extension Option where Value == String {
    static var notes: Option<String> { .text("--notes", valueName: "text", help: "Notes.") }
    static var sessionNotes: Option<String> { .text("--notes", valueName: "text", help: "Notes on the session.") }
    static var plannedNotes: Option<String> { .text("--notes", valueName: "text", help: "Notes for this exercise on this day.") }
    static var plannedLoad: Option<String> { .text("--load", valueName: "weight", help: "The load the plan starts from, such as 100kg or 225lb (an empty text removes it).") }
    static var plannedProgress: Option<String> { .text("--progress", valueName: "rule", help: "The progression rule: lp(2.5kg), dp(2.5kg, 8, 12), pct(100kg, 531, +5kg), rpe(8), staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%) (an empty text removes it).") }
    static var templateMax: Option<String> { .text("--max", valueName: "exercise=weight", help: "What a template starts from, once per lift: 5/3/1's training max, a linear program's first working weight ('Back Squat=100', 'Deadlift=315lb').") }
    static var startedAt: Option<String> { .text("--at", valueName: "time", help: "When it started, to log a past session: '2025-01-24 07:30', '07:30', 'yesterday 18:00'.") }
    static var recordedNow: Option<String> { .text("--at", valueName: "time", help: "When (default: now): '2025-01-24 07:30', '07:30', 'yesterday 07:30'.") }
    static var recordedAt: Option<String> { .text("--at", valueName: "time", help: "When it started (default: it just ended).") }
    static var endedAt: Option<String> { .text("--at", valueName: "time", help: "When it ended (default: now).") }
    static var platesExercise: Option<String> { .text("--exercise", valueName: "name", help: "Load it on that exercise's own bar, where it has one ('exercise edit NAME --bar W'), or among the weights it is set to ('--loads').") }
    static var planDay: Option<String> { .text("--plan-day", valueName: "name", help: "A day of the active plan: its exercises are added with their sets waiting to be logged ('next' for the day 'today' shows: of the weekly schedule, else the rotation's next). Without an active plan, the name is only recorded.") }
    static var dayLike: Option<String> { .text("--like", valueName: "id", help: "Plan what that session did ('last': the newest): each exercise's working sets as SETSxREPS from the heaviest load lifted.") }
    static var like: Option<String> { .text("--like", valueName: "id", help: "Repeat that session ('last': the newest): its exercises with its sets waiting to be logged, their reps and weights as targets.") }
    static var session: Option<String> { .text("--session", valueName: "id", help: "Change this session instead of the active one (a completed one too: fixing history).") }
    static var seconds: Option<String> { .text("--seconds", valueName: "time", help: "New time of the set: 45, 45s, 2min or 1:30.") }
    static var distance: Option<String> { .text("--distance", valueName: "distance", help: "New distance of the set: 400m, 5km or 3mi.") }
    static var supersetLabel: Option<String> { .text("--superset", valueName: "label", help: "Mark the exercise as part of this superset (entries sharing a label were done together, in rounds), such as A.") }
    static var setNote: Option<String> { .text("--note", valueName: "text", help: "A note for each set logged (an empty text removes a set's note with 'set').") }
    static var weight: Option<String> { .text("--weight", valueName: "weight", help: "New weight (a number, optionally with kg or lbs; bw, bw+20 or bw-25 for bodyweight).") }
    static var exercise: Option<String> { .text("--exercise", valueName: "name", help: "Only sessions with this exercise.") }
    static var search: Option<String> { .text("--search", valueName: "text", help: "Match names (best first) and muscle groups.") }
    static var muscle: Option<String> { .text("--muscle", valueName: "muscle", help: "Only exercises that train this muscle group.") }
    static var newName: Option<String> { .text("--name", valueName: "new-name", help: "Rename it.") }
    static var media: Option<String> { .text("--media", valueName: "path-or-url", help: "A picture or video.") }
    static var meditationType: Option<String> { .text("--type", valueName: "type", help: "The kind of meditation, such as breath or body scan.") }
    static var metric: Option<String> { .text("--metric", valueName: "metric", help: "What the chart shows: e1rm, weight, volume, reps, duration, distance or pace (default: e1rm for lifts, else what the sets record).") }
    static var outFolder: Option<String> { .text("--out", valueName: "folder", help: "The folder 'export fit' writes a .fit file per session into (created if missing).") }
    static var svg: Option<String> { .text("--svg", valueName: "file", help: "Also write the chart as an SVG image to this file.") }
    static var utcOffset: Option<String> { .text("--utc-offset", valueName: "offset", help: "The UTC offset of the file's times, such as +01:00 (default: this machine's zone at each date).") }
    static var dateOrder: Option<String> { .text("--dates", valueName: "order", help: "Whether dates like 03/04/25 are day-first or month-first (StrongLifts; default: decided from the file).") }
    static var nameMap: Option<String> { .text("--map", valueName: "file", help: "Map the app's exercise names to library names: a JSON object or a two-column CSV.") }
    static var library: Option<String> { .text("--library", valueName: "library", help: "default (34 common lifts; what is seeded without a FILE) or full (873 exercises).") }
}

// MARK: Options with a default (stated once: help shows it, reading gives it)

extension DefaultedOption where Value == String {
    static var listen: DefaultedOption<String> { Option.text("--listen", valueName: "host:port", help: "The address to serve on (any other than loopback needs the token it prints).").defaulting(to: ServeCommand.defaultListen) }
    static var csvFlavour: DefaultedOption<String> { Option.text("--format", valueName: "flavour", help: "The CSV flavour: strong, the only one ('export hevy' writes Hevy's).").defaulting(to: "strong") }
}

extension DefaultedOption where Value == Int {
    static var page: DefaultedOption<Int> { Option.integer("--page", valueName: "n", help: "The page to show.").defaulting(to: 1) }
    static var perPage: DefaultedOption<Int> { Option.integer("--per-page", valueName: "k", help: "Sessions per page, 1–1000.").defaulting(to: HistoryQuery.defaultPerPage) }
    static var simulatedWeeks: DefaultedOption<Int> { Option.integer("--weeks", valueName: "n", help: "How many weeks to look ahead (1–104).").defaulting(to: 12) }
    static var warmupSets: DefaultedOption<Int> { Option.integer("--sets", valueName: "n", help: "How many warm-up sets, the empty bar included (1–8).").defaulting(to: 4) }
    static var bodyWeeks: DefaultedOption<Int> { Option.integer("--weeks", valueName: "n", help: "How many weeks of weigh-ins to show (1–\(BodyLog.maximumWeeks)).").defaulting(to: BodyLog.defaultWeeks) }
    static var clientTimeout: DefaultedOption<Int> { Option.integer("--timeout", valueName: "seconds", help: "How long a client may take to send a request (1–300; then 408).").defaulting(to: 10) }
    static var trendWeeks: DefaultedOption<Int> { Option.integer("--weeks", valueName: "n", help: "How many weeks to show, this one included (1–104).").defaulting(to: TrendsReport.defaultWeeks) }
}

extension DefaultedOption where Value == Session.Kind {
    static var kind: DefaultedOption<Session.Kind> { Option.choice("--kind", valueName: "kind", help: "{values}.").defaulting(to: .lifting) }
}

extension DefaultedOption where Value == ProgramSimulation.Assumption {
    static var assume: DefaultedOption<ProgramSimulation.Assumption> { Option.choice("--assume", valueName: "outcome", help: "How the sessions go: {values}.").defaulting(to: .hit) }
}

extension DefaultedOption where Value == WeightUnit {
    static var units: DefaultedOption<WeightUnit> { Option.choice("--units", valueName: "unit", help: "The unit of weights typed without one: {values}.").defaulting(to: Store.defaultUnit) }
}

extension DefaultedOption where Value == E1RMFormula {
    static var formula: DefaultedOption<E1RMFormula> { Option.choice("--formula", valueName: "formula", help: "How one-rep maximums are estimated: {values}.").defaulting(to: .standard) }
}

// MARK: Numbers and dates

extension Option where Value == Int {
    static var reps: Option<Int> { .integer("--reps", valueName: "reps", help: "New reps.") }
    static var rir: Option<Int> { .integer("--rir", valueName: "rir", help: "New reps in reserve, 0–10.") }
    static var exerciseRest: Option<Int> { .integer("--rest", valueName: "seconds", help: "The rest between its sets, 0–3600 seconds ('liftlog rest' counts it down; 0 removes it).") }
    static var rest: Option<Int> { .integer("--rest", valueName: "seconds", help: "Rest before each set, in seconds (default: the time since the session's previous set, when logged live).") }
    static var feel: Option<Int> { .integer("--feel", valueName: "1-5", help: "How it felt, from 1 (awful) to 5 (great).") }
    static var daysPerWeek: Option<Int> { .integer("--days-per-week", valueName: "n", help: "How many days a week the plan is trained (1–7).") }
    static var position: Option<Int> { .integer("--position", valueName: "n", help: "Where to put it, from 1 (default: last).") }
    static var mesocycleWeeks: Option<Int> { .integer("--weeks", valueName: "n", help: "How many weeks it lasts (1–52; default: the plan's duration, else \(TrainingPlan.defaultDurationWeeks)).") }
    static var daysPerWeekOrNone: Option<Int> { .integer("--days-per-week", valueName: "n", help: "How many days a week the plan is trained (1–7; 0 removes it).") }
    static var durationWeeksOrNone: Option<Int> { .integer("--duration-weeks", valueName: "n", help: "How many weeks a run of the plan lasts (1–52; 0 removes it).") }
    static var durationWeeks: Option<Int> { .integer("--duration-weeks", valueName: "n", help: "How many weeks a run of the plan lasts (1–52; a mesocycle's default).") }
}

extension Option where Value == Double {
    static var rpe: Option<Double> { .number("--rpe", valueName: "rpe", help: "New RPE, 1–10 in steps of 0.5.") }
    static var minutes: Option<Double> { .number("--minutes", valueName: "n", help: "How long it lasted.") }
    static var exerciseBar: Option<Double> { .number("--bar", valueName: "weight", help: "The weight of the exercise's own bar in the store's unit (an EZ bar, a trap bar), which plates and warm-ups load on; 0 removes it.") }
    static var bar: Option<Double> { .number("--bar", valueName: "weight", help: "The bar's weight (default: 'liftlog config bar', else \(Formatting.number(PlateLoading.defaultBar(.kg))) kg or \(Formatting.number(PlateLoading.defaultBar(.lbs))) lbs).") }
    static var increment: Option<Double> { .number("--increment", valueName: "weight", help: "The weight a progression adds (positive; default \(Formatting.number(Exercise.defaultWeightIncrement))).") }
}

extension Option where Value == [Double] {
    static var loads: Option<[Double]> {
        Option(spec: OptionSpec(names: ["--loads"], valueName: "list",
                                help: "The weights it is set to when no plates go on it (a rack of dumbbells, a machine's stack), in the store's unit: weights and runs such as 2-30/2,32.5,35; '' removes them.")) { text, _ throws(LiftLogError) in
            try FixedLoads.parse(text)
        }
    }
}

extension Option where Value == LocalDate {
    static var from: Option<LocalDate> { .date("--from", help: "Only sessions on or after this date (YYYY-MM-DD).") }
    static var to: Option<LocalDate> { .date("--to", help: "Only sessions on or before this date (YYYY-MM-DD).") }
    static var lookBackFrom: Option<LocalDate> { .date("--to", help: "Look back from this day, YYYY-MM-DD (default: today).") }
    static var mesocycleStart: Option<LocalDate> { .date("--start", help: "The first day of week 1, YYYY-MM-DD (default: today).") }
}

extension Option where Value == [String] {
    static var pain: Option<[String]> { .list("--pain", valueName: "tags", help: "Comma-separated places that hurt, such as knee,lower-back.") }
    static var days: Option<[String]> { .list("--days", valueName: "list", help: "Comma-separated day names, in order, such as 'Day A,Day B'.") }
    static var secondaryMuscles: Option<[String]> { .list("--secondary", valueName: "list", help: "Comma-separated muscles that only assist (half a hard set each in 'liftlog muscles'); without them, the first of --muscles is the primary one.") }
    static var aliases: Option<[String]> { .list("--aliases", valueName: "list", help: "Comma-separated other names that find it, such as 'sbd squat,hbbs', replacing those it has; '' removes them all.") }
    static var muscles: Option<[String]> { .list("--muscles", valueName: "list", help: "Comma-separated muscle groups, such as quadriceps,glutes.") }
    static var removedValues: Option<[String]> { .list("--remove", valueName: "values", help: "Remove the set's \(SetChange.Removable.allCases.map(\.rawValue).joinedAsAlternatives()) (comma-separated).") }
    static var regions: Option<[String]> { .list("--regions", valueName: "list", help: "Comma-separated regions, such as hips,hamstrings.") }
}

// MARK: Choices (their values come from the types)

extension Option where Value == Session.Kind {
    static var kindFilter: Option<Session.Kind> { .choice("--kind", valueName: "kind", help: "Only {values} sessions.") }
}

extension Option where Value == Exercise.Category {
    static var category: Option<Exercise.Category> { .choice("--category", valueName: "category", help: "{values}.") }
    static var newCategory: Option<Exercise.Category> { .choice("--category", valueName: "category", help: "{values} (default: from the modality).") }
}

extension Option where Value == Exercise.Modality {
    static var modality: Option<Exercise.Modality> { .choice("--modality", valueName: "modality", help: "{values}.") }
}

extension Option where Value == PlanTemplate {
    static var template: Option<PlanTemplate> { .choice("--from", valueName: "template", help: "Start from a public program: {values} (with --max for its lifts).") }
}

extension Option where Value == ProgramSimulation.Assumption {
}

extension Option where Value == WeightUnit {
    static var bodyWeightUnit: Option<WeightUnit> { .choice("--unit", valueName: "unit", help: "The unit of the weight: {values} (default: the store's).") }
    static var importUnit: Option<WeightUnit> { .choice("--unit", valueName: "unit", help: "The unit of weights when the file does not say: {values}. Needed then, in a store of either unit: liftlog never guesses it.") }
}

extension Option where Value == Session.Entry.Method {
    static var method: Option<Session.Entry.Method> { .choice("--method", valueName: "method", help: "How the superset was done: {values} (rest_pause: one set broken by short rests; timed: rounds against the clock).") }
}

extension Option where Value == E1RMFormula {
}

extension Option where Value == WorkoutSet.SetType {
    static var setType: Option<WorkoutSet.SetType> { .choice("--type", valueName: "type", help: "New set type: {values}.") }
}

extension Option where Value == ConflictChoice {
    static var keep: Option<ConflictChoice> { .choice("--keep", valueName: "which", help: "{values}.") }
}

// MARK: Flags

extension Flag {
    static let plates = Flag("--plates", help: "Show the plates on each side of the bar for each target (from 'liftlog config plates' and 'bar').")
    static let recent = Flag("--recent", help: "The last 10 exercises used, newest first, with the day each was last done.")
    static let includeActive = Flag("--include-active", help: "Commit the session in progress too (a backup of a long session); without it the active session stays on this device until it is finished.")
    static let create = Flag("--create", help: "Add the exercise to the library if it is not there.")
    static let done = Flag("--done", help: "Mark the set completed.")
    static let skip = Flag("--skip", help: "Mark the set skipped.")
    static let undo = Flag("--undo", help: "Mark the set not done yet (un-log it).")
    static let activate = Flag("--activate", help: "Make it the active plan.")
    static let replacePlan = Flag("--replace", help: "Replace the days of the plan of the same name (its ID, mesocycles and active mark stay).")
    static let check = Flag("--check", help: "Change nothing; list the files that are not in canonical form.")
    static let staged = Flag("--staged", help: "Only the store files git is about to commit (added or changed in the index).")
    static let dryRun = Flag("--dry-run", help: "Show what would be imported; write nothing.")
    static let requireToken = Flag("--require-token", help: "Require the token on loopback too (behind a reverse proxy on this machine, such as Caddy or Tailscale serve).")
    static let replaceChanged = Flag("--replace-changed", help: "Also replace sessions changed in liftlog since their import with the app's version (else they are left as they are).")
    static let skipBadRows = Flag("--skip-bad-rows", help: "Import the good rows of a file that has bad ones.")
    static let noSeed = Flag("--no-seed", help: "Start with an empty exercise library.")
    static let git = Flag("--git", help: "Also make the store a git repository with a pre-commit hook that runs 'liftlog check' and 'liftlog fmt --check' (on an existing store, only this).")
    static let schemas = Flag("--schemas", help: "On an existing store, write the JSON Schemas and .vscode/settings.json again (a new store always gets them).")
}

// MARK: Positional arguments

extension Argument where Value == [String] {
    static var chosenFiles: Argument<[String]> { .variadic("file", help: "Only these files of the store (default: every file).", isOptional: true) }
}

extension Argument where Value == String {
    static var exercise: Argument<String> { .required("exercise", help: "The exercise's name (any case).") }
    static var exerciseName: Argument<String> { .required("exercise", help: "The exercise's name.") }
    static var sessionID: Argument<String> { .required("id", help: "The session's ID or a unique prefix of at least 4 characters.") }
    static var shownSession: Argument<String> { .required("id", help: "The session's ID, a unique prefix of at least 4 characters, or last (the newest).") }
    static var setNumber: Argument<String> { .required("n", help: "The set number, from 1.") }
    static var newExerciseName: Argument<String> { .required("name", help: "1–100 characters, unique regardless of case.") }
    static var libraryExercise: Argument<String> { .required("name", help: "The exercise's name (any case).") }
    static var currentName: Argument<String> { .required("name", help: "The exercise's current name.") }
    static var renamedTo: Argument<String> { .required("new-name", help: "Its new name.") }
    static var removedExercise: Argument<String> { .required("name", help: "The exercise's name.") }
    static var newPlanName: Argument<String> { .required("name", help: "1–100 characters, unique regardless of case.") }
    static var planName: Argument<String> { .required("name", help: "The plan.") }
    static var planFile: Argument<String> { .required("file", help: "A plan as text (see docs/plan-text.md); - reads standard input.") }
    static var plan: Argument<String> { .required("plan", help: "The plan.") }
    static var mesocyclePlan: Argument<String> { .required("plan", help: "The plan to run.") }
    static var newPlanNameTo: Argument<String> { .required("new-name", help: "Its new name: 1–100 characters, unique regardless of case.") }
    static var newDayName: Argument<String> { .required("new-name", help: "The day's new name.") }
    static var newDay: Argument<String> { .required("day", help: "The new day's name, such as 'Day A' or Push.") }
    static var day: Argument<String> { .required("day", help: "The day.") }
    static var weekdays: Argument<String> { .required("weekdays", help: "The weekdays the day falls on, such as mon,thu; none takes it off the schedule.") }
    static var newPosition: Argument<String> { .required("position", help: "Its new position, from 1.") }
    static var plannedExercise: Argument<String> { .required("exercise", help: "An exercise of the library.") }
    static var plannedSets: Argument<String> { .required("sets", help: "SETSxREPS, such as 3x8-12.") }
    static var existingPlannedExercise: Argument<String> { .required("exercise", help: "The planned exercise.") }
    static var appOrFile: Argument<String> { .required("app", help: "\(ImportSource.allCases.map(\.rawValue).joinedAsAlternatives()) (left out: recognised from the file), or the file.") }
    static var importFile: Argument<String> { .required("file", help: "The exported CSV file.") }
    static var loadWeight: Argument<String> { .required("weight", help: "The weight on the bar, bar included, in the store's unit.") }
    static var workingWeight: Argument<String> { .required("weight", help: "The working weight to warm up to, in the store's unit.") }
    static var exportFormat: Argument<String> { .required("format", help: "csv (liftlog's, Strong-compatible), ndjson, hevy (Hevy's CSV) or fit (a FIT file per session, into --out).") }
    static var bodyWeight: Argument<String> { .required("weight", help: "Your body weight, in the store's unit or with one: 82.4, 82.4kg, 182lbs.") }
    static var mergeBase: Argument<String> { .required("base", help: "The version both sides started from (git's %O; an empty file when both created it).") }
    static var mergeOurs: Argument<String> { .required("ours", help: "This side's version (git's %A): the merged file is written here.") }
    static var mergeTheirs: Argument<String> { .required("theirs", help: "The other side's version (git's %B).") }
    static var editedSession: Argument<String> { .required("id", help: "The session's ID or a unique prefix of at least 4 characters.") }
}

extension Argument where Value == String? {
    static var importFileAfterApp: Argument<String?> { .optional("file", help: "The exported file.") }
    static var recordsExercise: Argument<String?> { .optional("exercise", help: "The exercise's name.") }
    static var month: Argument<String?> { .optional("month", help: "YYYY-MM (default: this month).") }
    static var planToShow: Argument<String?> { .optional("name", help: "The plan (default: the active plan).") }
    static var pendingPlan: Argument<String?> { .optional("plan", help: "The plan, when several have a pending mesocycle.") }
    static var cancelledPlan: Argument<String?> { .optional("plan", help: "The plan whose mesocycle to cancel (default: the active one).") }
    static var shownPlan: Argument<String?> { .optional("plan", help: "The plan (default: the active mesocycle, else the latest).") }
    static var conflictCopy: Argument<String?> { .optional("copy", help: "One conflict copy (its path in the store, or any unique part of it).") }
    static var mergePath: Argument<String?> { .optional("path", help: "The file's path in the repository (git's %P), to know its kind and name it.") }
    static var storeFolder: Argument<String?> { .optional("path", help: "The folder of the new store.") }
    static var settingKey: Argument<String?> { .optional("key", help: "A setting: " + Setting.allCases.map(\.rawValue).joined(separator: ", ") + ".") }
    static var restSeconds: Argument<String?> { .optional("seconds", help: "How long to rest (default: 'liftlog config rest', else \(Store.defaultRestSeconds)).") }
    static var settingValue: Argument<String?> { .optional("value", help: "Its new value.") }
    static var seedFile: Argument<String?> { .optional("file", help: "A JSON file of exercises like DefaultExercises.json.") }
}

extension Argument where Value == [String] {
    static var supersetItems: Argument<[String]> { .variadic("exercise-and-sets", help: "Each exercise's name followed by its sets: 'Bench Press' 80x8x3 'Barbell Row' 70x8x3.") }
    static var cardioSets: Argument<[String]> { .variadic("set", help: "What you did: 5km/25:00, 30min, 2000m/7:45, 400mx6.") }
    static var measurements: Argument<[String]> { .variadic("measurement", help: "NAME=VALUE, such as waist=84, body_fat=18.5 or arm=36.5cm.", isOptional: false) }
    static var sets: Argument<[String]> { .variadic("set", help: "One or more sets in set notation (none: the next planned set, as planned).", isOptional: true) }
}
