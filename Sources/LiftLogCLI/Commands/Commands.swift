import LiftLogKit

/// The command tree of the `liftlog` tool.
enum Commands {
    static var root: CommandSpec {
        CommandSpec(
            name: "liftlog",
            abstract: "Keep your training log as plain JSON files you own.",
            discussion: "Log a workout set by set, read your history back, and keep every session as a readable JSON file in a folder you can commit to git or sync.",
            subcommands: [
                StoreCommands.initialize, StoreCommands.config, StoreCommands.seed,
                ExerciseCommands.list, ExerciseCommands.exercise,
                WorkoutCommands.start, WorkoutCommands.log, WorkoutCommands.superset, WorkoutCommands.set, WorkoutCommands.drop,
                WorkoutCommands.status, WorkoutCommands.finish, WorkoutCommands.discard,
                HistoryCommands.history, HistoryCommands.show, HistoryCommands.remove,
                AnalyticsCommands.progress, AnalyticsCommands.pr, TrendsCommand.trends, TrendsCommand.muscles, KindCommands.calendar, KindCommands.stats,
                PlanCommands.today, PlanCommands.plan, MesoCommands.meso,
                WorkoutCommands.cardio, KindCommands.stretch, KindCommands.meditate, BodyCommands.weigh, BodyCommands.measure, BodyCommands.body, GymCommands.plates, GymCommands.warmup, RestCommand.rest,
                DataCommands.check, DataCommands.fmt, DataCommands.edit, ResolveCommand.resolve, SyncCommand.sync,
                InterchangeCommands.importCommand, InterchangeCommands.export, StoreCommands.reindex, ServeCommand.serve,
            ])
    }
}
