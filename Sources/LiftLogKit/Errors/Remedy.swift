/// What the user can do about an error, as data: each surface (the CLI, the HTTP server, an
/// app) words it in its own terms ("Start one with 'liftlog start'", a Start button).
public enum Remedy: Hashable, Sendable {
    /// Start a session.
    case startSession
    /// Finish or discard the active session first.
    case finishOrDiscardSession
    /// Change a completed session through a validated edit.
    case editSession(Session.ID)
    /// Say that the sets are meant for this completed session (a change of history).
    case logIntoCompletedSession(Session.ID)
    /// Do the same again: a file changed under the command, which wrote nothing (liftlog
    /// itself does so up to three times before it says so).
    case runAgain
    /// Keep one side of a sync conflict: the original or the copy.
    case keepOneSide
    /// Give each of these lifts its training max (a template's parameter).
    case giveTrainingMaxes([String])
    /// Say which unit the file's weights are in, as set in the app that wrote it.
    case giveImportUnit
    /// Say whether the file's dates are day first or month first.
    case giveDateOrder
    /// Import the good rows and list the bad ones.
    case skipBadRows
    /// Name the app the file comes from.
    case nameImportSource
    /// List the sessions to find an ID.
    case listSessions
    /// Rebuild the index.
    case reindex
    /// Create a store at this path.
    case createStore(path: String)
    /// Create a training plan.
    case createPlan
    /// Make one of these plans the active one.
    case activatePlan(among: [String])
    /// Add a day to this plan.
    case addPlanDay(plan: String)
    /// Plan exercises on a day of this plan.
    case addPlannedExercise(plan: String)
    /// Start the pending mesocycle of this plan, or cancel it.
    case startMesocycle(plan: String)
    /// Start a mesocycle that waits.
    case startPendingMesocycle
    /// Complete or cancel the active mesocycle first.
    case completeOrCancelMesocycle
    /// Create a mesocycle (for this plan, or any).
    case createMesocycle(plan: String?)
    /// Compare sync-conflict copies with their originals and keep one side.
    case resolveConflicts
    /// Settle a file git could not merge: keep one side of each value both sides changed.
    case settleMergeConflict(path: String)
    /// Add an exercise to the library.
    case addExercise
    /// Log the sets again, adding the exercise to the library as they are logged.
    case logCreatingExercise
    /// Put files in canonical form (and sessions where their start time says).
    case format
    /// Look at every problem of the store.
    case check
    /// Write the JSON Schemas and the editor settings again.
    case writeSchemas
    /// Import the plan text over the plan of the same name, or rename the plan in the text.
    case replacePlan(file: String)
    /// Correct a set written in the set notation: `offset` is the first wrong character of
    /// `token` (in characters), `suggestion` the nearest valid form when there is one.
    case correctSet(token: String, offset: Int, suggestion: String?)

    /// A stable name of the remedy, for machine-readable output (`details.remedy`).
    public var code: String {
        switch self {
        case .startSession: "start_session"
        case .finishOrDiscardSession: "finish_or_discard_session"
        case .editSession: "edit_session"
        case .logIntoCompletedSession: "log_into_completed_session"
        case .runAgain: "run_again"
        case .keepOneSide: "keep_one_side"
        case .giveTrainingMaxes: "give_training_maxes"
        case .giveImportUnit: "give_import_unit"
        case .giveDateOrder: "give_date_order"
        case .skipBadRows: "skip_bad_rows"
        case .nameImportSource: "name_import_source"
        case .listSessions: "list_sessions"
        case .reindex: "reindex"
        case .createStore: "create_store"
        case .createPlan: "create_plan"
        case .activatePlan: "activate_plan"
        case .addPlanDay: "add_plan_day"
        case .addPlannedExercise: "add_planned_exercise"
        case .startMesocycle: "start_mesocycle"
        case .startPendingMesocycle: "start_pending_mesocycle"
        case .completeOrCancelMesocycle: "complete_or_cancel_mesocycle"
        case .createMesocycle: "create_mesocycle"
        case .resolveConflicts: "resolve_conflicts"
        case .settleMergeConflict: "settle_merge_conflict"
        case .addExercise: "add_exercise"
        case .logCreatingExercise: "log_creating_exercise"
        case .format: "format"
        case .check: "check"
        case .writeSchemas: "write_schemas"
        case .correctSet: "correct_set"
        case .replacePlan: "replace_plan"
        }
    }

    /// What to do, in words for an app's user: no command, flag or file of the tool is named
    /// (the CLI and the HTTP API word remedies their own way). An app shows it under the
    /// error's message (`LocalizedError.recoverySuggestion` with `LiftLogFoundation`).
    public var suggestion: String {
        switch self {
        case .startSession: "Start a workout first."
        case .finishOrDiscardSession: "Finish or discard the workout in progress first."
        case .editSession: "Change a finished workout by editing it."
        case .logIntoCompletedSession: "Say that the sets are meant for that finished workout to add them to its history."
        case .runAgain: "Try again: another program changed the file while it was being saved, and nothing was written."
        case .keepOneSide: "Keep one of the two versions: the original or the copy."
        case .giveTrainingMaxes(let lifts): "Give a training max for \(Remedy.list(lifts))."
        case .giveImportUnit: "Say whether the file's weights are in kilograms or pounds."
        case .giveDateOrder: "Say whether the file's dates put the day or the month first."
        case .skipBadRows: "Import the good rows and leave out the ones listed."
        case .nameImportSource: "Say which app the file was exported from."
        case .listSessions: "Look the workout up in the history."
        case .reindex: "Rebuild the index: it is a cache, and nothing is lost."
        case .createStore(let path): "Create a training log at \(path)."
        case .createPlan: "Create a training plan first."
        case .activatePlan(let plans): plans.isEmpty ? "Make a plan the active one." : "Make one of \(Remedy.list(plans)) the active plan."
        case .addPlanDay(let plan): "Add a day to the plan \(plan)."
        case .addPlannedExercise(let plan): "Plan exercises on a day of \(plan)."
        case .startMesocycle(let plan): "Start the mesocycle that waits for \(plan), or cancel it."
        case .startPendingMesocycle: "Start the mesocycle that waits."
        case .completeOrCancelMesocycle: "Complete or cancel the current mesocycle first."
        case .createMesocycle(let plan): plan.map { "Create a mesocycle for \($0)." } ?? "Create a mesocycle."
        case .resolveConflicts: "Compare each conflict copy with its original and keep one side."
        case .settleMergeConflict: "Two devices changed the same values: choose which to keep of each."
        case .addExercise: "Add the exercise to the library first."
        case .logCreatingExercise: "Log the sets again, adding the exercise to the library."
        case .format: "Put the files in canonical form."
        case .check: "Look at every problem of the training log."
        case .writeSchemas: "Write the JSON Schemas again."
        case .replacePlan(let file): "Replace the plan of the same name with the one in \(file), or rename the plan there."
        case .correctSet(let token, let offset, let suggestion):
            suggestion.map { "Write it as \($0)." } ?? "Correct \"\(token)\" from its character \(offset + 1)."
        }
    }

    /// "A", "A and B", "A, B and C".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
