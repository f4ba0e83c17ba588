import LiftLogKit

extension Remedy {
    /// The remedy in the CLI's words: which command to run.
    var cliText: String {
        switch self {
        case .startSession: return "Start one with 'liftlog start'."
        case .finishOrDiscardSession: return "Finish it with 'liftlog finish' or discard it with 'liftlog discard' first."
        case .editSession(let id): return "Change it with 'liftlog edit \(id.short)'."
        case .logIntoCompletedSession(let id): return "Name it with '--session \(id.short)' to add the sets to its history."
        case .runAgain: return "Run the command again."
        case .keepOneSide: return "Keep one with --keep original or --keep copy."
        case .giveTrainingMaxes(let lifts): return "Add " + lifts.map { "--max '\($0)=100'" }.joined(separator: " ") + "."
        case .giveImportUnit: return "Import it with --unit kg or --unit lbs, as set in the app."
        case .giveDateOrder: return "Give --dates day-first or --dates month-first, as your phone writes dates."
        case .skipBadRows: return "--skip-bad-rows imports the others."
        case .nameImportSource: return "Name the app if it is one of them: liftlog import strong FILE."
        case .listSessions: return "'liftlog history' lists sessions with their IDs."
        case .reindex: return "Run 'liftlog reindex' if this persists."
        case .createStore(let path): return "Create one with 'liftlog init \(path)'."
        case .createPlan: return "Create one with 'liftlog plan create NAME'."
        case .activatePlan(let plans): return "Activate one with 'liftlog plan activate NAME' (plans: \(plans.joined(separator: ", ")))."
        case .addPlanDay(let plan): return "Add one with 'liftlog plan add-day \"\(plan)\" DAY'."
        case .addPlannedExercise(let plan): return "Add some with 'liftlog plan add-exercise \"\(plan)\" DAY EXERCISE 3x8-12'."
        case .startMesocycle(let plan): return "Start it with 'liftlog meso start' or cancel it with 'liftlog meso cancel \"\(plan)\"'."
        case .startPendingMesocycle: return "Start one with 'liftlog meso start'."
        case .completeOrCancelMesocycle: return "Complete it with 'liftlog meso complete' or cancel it with 'liftlog meso cancel' first."
        case .createMesocycle(let plan?): return "Create one with 'liftlog meso create \"\(plan)\" --start DATE --weeks N'."
        case .replacePlan(let file): return "Update it from the file with 'liftlog plan import \(PlanCommands.quoted(file)) --replace', or rename the plan on the file's '#' line."
        case .createMesocycle(nil): return "Create one with 'liftlog meso create PLAN --start DATE --weeks N'."
        case .resolveConflicts: return "'liftlog resolve' does this."
        case .settleMergeConflict(let path): return "Run 'liftlog resolve \(PlanCommands.quoted(path))': it keeps what each side changed and asks which to keep of each value both changed. Or by hand: keep the lines of one side between '<<<<<<<', '=======' and '>>>>>>>', remove those three marker lines, then 'git add' the file."
        case .addExercise: return "'liftlog exercise add NAME' adds it."
        case .logCreatingExercise: return "Log it with --create to add it to the library."
        case .format: return "'liftlog fmt' moves it."
        case .check: return "'liftlog check' says why."
        case .writeSchemas: return "'liftlog init --schemas' writes them."
        case .correctSet: return ""
        }
    }
}

extension FileProblem {
    /// The hint with the remedy in the CLI's words.
    var cliHint: String? {
        guard let remedy else { return hint }
        return (hint.map { $0 + " " } ?? "") + remedy.cliText
    }
}

extension LiftLogError {
    /// The message with its remedy in the CLI's words, as the CLI shows it.
    var cliMessage: String {
        guard let remedy, !remedy.cliText.isEmpty else { return message }
        return message + " " + remedy.cliText
    }
}

extension Remedy {
    /// The lines shown under an error's message on a terminal: the token with a caret under
    /// the first wrong character (`bw+x5` / `   ^`).
    var cliDetail: String? {
        guard case .correctSet(let token, let offset, _) = self else { return nil }
        return "  \(token)\n  \(String(repeating: " ", count: offset))^\n"
    }
}
