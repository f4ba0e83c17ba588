/// Each app's names of its built-in exercises that are exercises of liftlog's default library
/// under another name (`Bench Press (Barbell)` is Bench Press, `Pull Up` is Pull-up), so that an
/// import joins the history already logged rather than splitting its records. A name is matched
/// only when the store's library has no exercise of that very name and has the one the table
/// gives; a `--map` file (``ImportOptions/nameMap``) says otherwise for any name, itself
/// included. Names are compared by ``Exercise/nameKey(_:)``. Every entry is listed in the
/// README's "Moving in and out".
enum AppExerciseNames {
    /// The library name each of `app`'s names stands for.
    static func table(for app: ImportSource) -> [String: String] {
        switch app {
        case .strong: strong
        case .hevy: hevy
        case .fitnotes: fitnotes
        case .jefit: jefit
        case .stronglifts: stronglifts
        case .liftosaur: liftosaur
        case .alpha: alpha
        }
    }

    /// Alpha Progression writes an exercise's equipment apart (`Pull-ups · Bodyweight`); the
    /// import names it `Pull-ups (Bodyweight)`, as here.
    static let alpha: [String: String] = [
        "Bench Press (Barbell)": "Bench Press",
        "Squats (Barbell)": "Back Squat",
        "Front Squats (Barbell)": "Front Squat",
        "Deadlifts (Barbell)": "Deadlift",
        "Romanian Deadlifts (Barbell)": "Romanian Deadlift",
        "Overhead Press (Barbell)": "Overhead Press",
        "Barbell Rows (Barbell)": "Barbell Row",
        "Hip Thrusts (Barbell)": "Hip Thrust",
        "Pull-ups (Bodyweight)": "Pull-up",
        "Chin-ups (Bodyweight)": "Chin-up",
        "Dips (Bodyweight)": "Dip",
        "Push-ups (Bodyweight)": "Push-up",
        "Lat Pulldowns (Cable)": "Lat Pulldown",
        "Face Pulls (Cable)": "Face Pull",
        "Lateral Raises (Dumbbells)": "Lateral Raise",
        "Leg Press (Machine)": "Leg Press",
        "Leg Extensions (Machine)": "Leg Extension",
        "Leg Curls (Machine)": "Leg Curl",
    ]

    static let strong: [String: String] = [
        "Bench Press (Barbell)": "Bench Press", "Bench Press (Dumbbell)": "Dumbbell Press",
        "Incline Bench Press (Dumbbell)": "Incline Dumbbell Press", "Squat (Barbell)": "Back Squat",
        "Front Squat (Barbell)": "Front Squat", "Deadlift (Barbell)": "Deadlift",
        "Romanian Deadlift (Barbell)": "Romanian Deadlift", "Overhead Press (Barbell)": "Overhead Press",
        "Bent Over Row (Barbell)": "Barbell Row", "Hip Thrust (Barbell)": "Hip Thrust",
        "Bent Over One Arm Row (Dumbbell)": "Dumbbell Row", "Lateral Raise (Dumbbell)": "Lateral Raise",
        "Bicep Curl (Dumbbell)": "Dumbbell Curl", "Triceps Extension (Dumbbell)": "Dumbbell Tricep Extension",
        "Goblet Squat (Kettlebell)": "Goblet Squat", "Lunge (Dumbbell)": "Dumbbell Lunges",
        "Cable Crossover": "Cable Fly", "Triceps Pushdown (Cable - Straight Bar)": "Tricep Pushdown",
        "Face Pull (Cable)": "Face Pull", "Bicep Curl (Cable)": "Cable Curl", "Lat Pulldown (Cable)": "Lat Pulldown",
        "Seated Row (Cable)": "Seated Cable Row", "Leg Press (Machine)": "Leg Press",
        "Lying Leg Curl (Machine)": "Leg Curl", "Seated Leg Curl (Machine)": "Leg Curl",
        "Leg Extension (Machine)": "Leg Extension", "Chest Press (Machine)": "Chest Press Machine",
        "Shoulder Press (Machine)": "Shoulder Press Machine", "Seated Row (Machine)": "Seated Row Machine",
        "Pull Up": "Pull-up", "Chin Up": "Chin-up", "Triceps Dip": "Dip", "Chest Dip": "Dip", "Push Up": "Push-up",
        "Inverted Row (Bodyweight)": "Inverted Row",
    ]

    static let hevy: [String: String] = [
        "Bench Press (Barbell)": "Bench Press", "Bench Press (Dumbbell)": "Dumbbell Press",
        "Incline Bench Press (Dumbbell)": "Incline Dumbbell Press", "Squat (Barbell)": "Back Squat",
        "Deadlift (Barbell)": "Deadlift",
        "Romanian Deadlift (Barbell)": "Romanian Deadlift", "Overhead Press (Barbell)": "Overhead Press",
        "Bent Over Row (Barbell)": "Barbell Row", "Hip Thrust (Barbell)": "Hip Thrust", "Lateral Raise (Dumbbell)": "Lateral Raise", "Bicep Curl (Dumbbell)": "Dumbbell Curl",
        "Triceps Extension (Dumbbell)": "Dumbbell Tricep Extension", "Lunge (Dumbbell)": "Dumbbell Lunges",
        "Cable Fly Crossovers": "Cable Fly", "Triceps Pushdown": "Tricep Pushdown", "Bicep Curl (Cable)": "Cable Curl",
        "Lat Pulldown (Cable)": "Lat Pulldown", "Seated Cable Row - V Grip (Cable)": "Seated Cable Row",
        "Leg Press (Machine)": "Leg Press", "Lying Leg Curl (Machine)": "Leg Curl", "Seated Leg Curl (Machine)": "Leg Curl",
        "Leg Extension (Machine)": "Leg Extension", "Chest Press (Machine)": "Chest Press Machine",
        "Shoulder Press (Machine)": "Shoulder Press Machine", "Seated Row (Machine)": "Seated Row Machine",
        "Pull Up": "Pull-up", "Chin Up": "Chin-up", "Triceps Dip": "Dip", "Chest Dip": "Dip", "Push Up": "Push-up",
    ]

    static let fitnotes: [String: String] = [
        "Flat Barbell Bench Press": "Bench Press", "Flat Dumbbell Bench Press": "Dumbbell Press",
        "Incline Dumbbell Bench Press": "Incline Dumbbell Press", "Barbell Squat": "Back Squat",
        "Barbell Front Squat": "Front Squat", "One-Arm Dumbbell Row": "Dumbbell Row",
        "Lateral Dumbbell Raise": "Lateral Raise", "Cable Crossover": "Cable Fly", "Lying Leg Curl Machine": "Leg Curl",
        "Leg Extension Machine": "Leg Extension", "Pull Up": "Pull-up", "Chin Up": "Chin-up",
        "Parallel Bar Triceps Dip": "Dip", "Push Up": "Push-up",
    ]

    static let jefit: [String: String] = [
        "Barbell Bench Press": "Bench Press", "Dumbbell Bench Press": "Dumbbell Press",
        "Dumbbell Incline Bench Press": "Incline Dumbbell Press", "Barbell Squat": "Back Squat",
        "Barbell Front Squat": "Front Squat", "Barbell Deadlift": "Deadlift", "Barbell Bent Over Row": "Barbell Row",
        "Dumbbell Lateral Raise": "Lateral Raise", "Dumbbell Bicep Curl": "Dumbbell Curl", "Cable Crossover": "Cable Fly",
        "Pull Up": "Pull-up", "Chin Up": "Chin-up", "Push Up": "Push-up",
    ]

    static let stronglifts: [String: String] = ["Squat": "Back Squat"]

    static let liftosaur: [String: String] = [
        "Squat": "Back Squat", "Bent Over Row": "Barbell Row", "Pull Up": "Pull-up", "Chin Up": "Chin-up", "Push Up": "Push-up",
    ]
}
