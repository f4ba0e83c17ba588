import LiftLogKit

/// The command tree of the `liftlog` tool. Its commands are named here and built only when a
/// command line asks for them, so that a command does not pay for building the others.
enum Commands {
    static var root: CommandSpec {
        CommandSpec(
            name: "liftlog",
            abstract: "Keep your training log as plain JSON files you own.",
            discussion: "Log a workout set by set, read your history back, and keep every session as a readable JSON file in a folder you can commit to git or sync.",
            lazySubcommands: [
                Subcommand("init") { StoreCommands.initialize },
                Subcommand("config") { StoreCommands.config },
                Subcommand("seed") { StoreCommands.seed },
                Subcommand("exercises") { ExerciseCommands.list },
                Subcommand("exercise") { ExerciseCommands.exercise },
                Subcommand("start") { WorkoutCommands.start },
                Subcommand("log") { WorkoutCommands.log },
                Subcommand("superset") { WorkoutCommands.superset },
                Subcommand("set") { WorkoutCommands.set },
                Subcommand("drop") { WorkoutCommands.drop },
                Subcommand("status") { WorkoutCommands.status },
                Subcommand("finish") { WorkoutCommands.finish },
                Subcommand("skip") { WorkoutCommands.skip },
                Subcommand("discard") { WorkoutCommands.discard },
                Subcommand("history") { HistoryCommands.history },
                Subcommand("show") { HistoryCommands.show },
                Subcommand("rm") { HistoryCommands.remove },
                Subcommand("progress") { AnalyticsCommands.progress },
                Subcommand("pr") { AnalyticsCommands.pr },
                Subcommand("trends") { TrendsCommand.trends },
                Subcommand("muscles") { TrendsCommand.muscles },
                Subcommand("pain") { TrendsCommand.pain },
                Subcommand("calendar") { KindCommands.calendar },
                Subcommand("stats") { KindCommands.stats },
                Subcommand("today") { PlanCommands.today },
                Subcommand("plan") { PlanCommands.plan },
                Subcommand("meso") { MesoCommands.meso },
                Subcommand("cardio") { WorkoutCommands.cardio },
                Subcommand("stretch") { KindCommands.stretch },
                Subcommand("meditate") { KindCommands.meditate },
                Subcommand("weigh") { BodyCommands.weigh },
                Subcommand("measure") { BodyCommands.measure },
                Subcommand("body") { BodyCommands.body },
                Subcommand("plates") { GymCommands.plates },
                Subcommand("warmup") { GymCommands.warmup },
                Subcommand("rest") { RestCommand.rest },
                Subcommand("check") { DataCommands.check },
                Subcommand("fmt") { DataCommands.fmt },
                Subcommand("edit") { DataCommands.edit },
                Subcommand("resolve") { ResolveCommand.resolve },
                Subcommand("sync") { SyncCommand.sync },
                Subcommand("import") { InterchangeCommands.importCommand },
                Subcommand("export") { InterchangeCommands.export },
                Subcommand("reindex") { StoreCommands.reindex },
                Subcommand("serve") { ServeCommand.serve },
            ])
    }
}
