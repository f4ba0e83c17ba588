#!/usr/bin/env python3
"""Regenerates SampleData/store: five months of a three-day A/B barbell program with linear
progression, stalls and a deload (its last twelve weeks a completed mesocycle whose sessions
record their week), plus stretch and meditation sessions; and every other kind of set: an
evening accessory session following a second plan (weighted pull-ups by double progression,
3x5-8 then +2.5 kg, in a superset with dips; planks; a warm-up),
Saturday runs (a tempo run, or 400 m intervals), and weigh-ins with monthly measurements.

Deterministic: the same script writes the same bytes. Session IDs are name-based UUIDs; the
exercise library is the one `liftlog init` seeds (run it first, see below).

    rm -rf SampleData/store && .build/debug/liftlog init SampleData/store && python3 scripts/make-sample-data.py && rm -rf SampleData/store/.liftlog
"""
import datetime
import json
import pathlib
import random
import uuid

ROOT = pathlib.Path(__file__).resolve().parent.parent / "SampleData" / "store"
NAMESPACE = uuid.UUID("6c69667b-6c6f-472d-9a41-4e0b8f527d13")
rng = random.Random(20250602)


def canonical_numbers(value):
    """Whole floats as integers, as liftlog writes them (100, not 100.0)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [canonical_numbers(item) for item in value]
    if isinstance(value, dict):
        return {key: canonical_numbers(item) for key, item in value.items()}
    return value


def write(path, value):
    value = canonical_numbers(value)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def stamp(moment):
    return moment.isoformat(timespec="seconds")


def paris(year, month, day, hour, minute):
    # Central European time: +02:00 until the last Sunday of October 2025, then +01:00.
    offset = 2 if (month, day) < (10, 26) else 1
    return datetime.datetime(year, month, day, hour, minute, tzinfo=datetime.timezone(datetime.timedelta(hours=offset)))


exercises = {}
for path in (ROOT / "exercises").glob("*.json"):
    entry = json.loads(path.read_text())
    exercises[entry["name"]] = entry["id"]

plan_days = {
    "Day A": [("Back Squat", 3, 5), ("Bench Press", 3, 5), ("Barbell Row", 3, 5)],
    "Day B": [("Back Squat", 3, 5), ("Overhead Press", 3, 5), ("Deadlift", 1, 5)],
}
write(ROOT / "plans" / "beginner-5x5.json", {
    "id": str(uuid.uuid5(NAMESPACE, "plan:beginner 5x5")),
    "name": "Beginner 5x5",
    "days_per_week": 3,
    "is_active": True,
    "notes": "Add 2.5 kg each session while every set hits 5 reps; deload 10% after three stalls.",
    "days": [
        {"name": day, "exercises": [
            {"exercise_name": name, "exercise_id": exercises[name], "sets": sets, "reps": str(reps)}
            for name, sets, reps in items
        ]}
        for day, items in plan_days.items()
    ],
    "mesocycles": [{
        "id": str(uuid.uuid5(NAMESPACE, "mesocycle:beginner 5x5:2025-08-25")),
        "start_date": "2025-08-25",
        "duration_weeks": 12,
        "status": "completed",
        "created_at": "2025-08-24T20:00:00+02:00",
    }],
})
MESO_START = datetime.date(2025, 8, 25)
MESO_WEEKS = 12

weights = {"Back Squat": 60.0, "Bench Press": 45.0, "Barbell Row": 45.0, "Overhead Press": 30.0, "Deadlift": 80.0}
increments = {"Deadlift": 5.0}
stalls = {name: 0 for name in weights}
day = datetime.date(2025, 6, 2)
end = datetime.date(2025, 11, 14)
next_day = "Day A"
count = 0
while day <= end:
    weekday = day.weekday()
    if weekday in (0, 2, 4) and rng.random() > 0.06:
        start = paris(day.year, day.month, day.day, 7, rng.choice([0, 5, 10, 15, 30]))
        clock = start + datetime.timedelta(minutes=8)
        entries = []
        for order, (name, sets, reps) in enumerate(plan_days[next_day], start=1):
            target = weights[name]
            logged = []
            if name in ("Back Squat", "Deadlift"):
                for number, fraction in enumerate([0.5, 0.75], start=1):
                    logged.append({"set_number": number, "set_type": "warmup", "weight": round(target * fraction / 2.5) * 2.5,
                                   "unit": "kg", "reps": 5, "status": "completed", "completed_at": stamp(clock)})
                    clock += datetime.timedelta(minutes=2)
            failed = rng.random() < 0.12 + 0.01 * max(0, target - 60) / 5
            for index in range(sets):
                done = reps if not (failed and index == sets - 1) else rng.choice([3, 4])
                entry_set = {"set_number": len(logged) + 1, "set_type": "normal", "weight": target, "unit": "kg",
                             "reps": done, "target_reps": reps, "target_weight": target, "status": "completed",
                             "completed_at": stamp(clock), "rest_seconds": 180}
                if index == sets - 1:
                    entry_set["rpe"] = 9.5 if failed else rng.choice([7.5, 8, 8.5, 9])
                logged.append(entry_set)
                clock += datetime.timedelta(minutes=rng.choice([3, 4, 5]))
            if failed:
                stalls[name] += 1
                if stalls[name] >= 3:
                    weights[name] = round(target * 0.9 / 2.5) * 2.5
                    stalls[name] = 0
            else:
                stalls[name] = 0
                weights[name] = target + increments.get(name, 2.5)
            entry = {"exercise_id": exercises[name], "exercise_name": name, "order": order, "sets": logged}
            if failed:
                entry["notes"] = "Missed the last set."
            entries.append(entry)
        session_id = str(uuid.uuid5(NAMESPACE, f"session:{start.isoformat()}"))
        session = {
            "id": session_id, "kind": "lifting", "status": "completed", "started_at": stamp(start),
            "completed_at": stamp(clock + datetime.timedelta(minutes=3)), "plan": "Beginner 5x5", "plan_day": next_day,
            "session_rpe": rng.choice([3, 4, 4, 4, 5]), "entries": entries,
        }
        week = (day - MESO_START).days // 7 + 1
        if 1 <= week <= MESO_WEEKS:
            session["week_number"] = week
        if rng.random() < 0.05:
            session["pain_tags"] = [rng.choice(["knee", "lower-back", "shoulder"])]
        if rng.random() < 0.15:
            session["notes"] = rng.choice(["Slept badly.", "Great energy today.", "Gym was packed; rested longer.", "New shoes."])
        name = f"{start:%Y-%m-%d-%H%M}-{session_id[:8]}.json"
        write(ROOT / "sessions" / f"{start:%Y}" / f"{start:%m}" / name, session)
        next_day = "Day B" if next_day == "Day A" else "Day A"
        count += 1
    elif weekday in (1, 5) and rng.random() < 0.5:
        start = paris(day.year, day.month, day.day, 19, 30)
        minutes = rng.choice([10, 15, 20])
        session_id = str(uuid.uuid5(NAMESPACE, f"stretch:{start.isoformat()}"))
        session = {"id": session_id, "kind": "stretch", "status": "completed", "started_at": stamp(start),
                   "completed_at": stamp(start + datetime.timedelta(minutes=minutes)), "duration_seconds": minutes * 60,
                   "regions": rng.sample(["hips", "hamstrings", "shoulders", "thoracic spine", "calves"], 2)}
        write(ROOT / "sessions" / f"{start:%Y}" / f"{start:%m}" / f"{start:%Y-%m-%d-%H%M}-{session_id[:8]}.json", session)
        count += 1
    elif weekday == 6 and rng.random() < 0.6:
        start = paris(day.year, day.month, day.day, 21, 0)
        minutes = rng.choice([10, 12, 15])
        session_id = str(uuid.uuid5(NAMESPACE, f"meditation:{start.isoformat()}"))
        session = {"id": session_id, "kind": "meditation", "status": "completed", "started_at": stamp(start),
                   "completed_at": stamp(start + datetime.timedelta(minutes=minutes)), "duration_seconds": minutes * 60,
                   "meditation_type": rng.choice(["breath", "body scan"])}
        write(ROOT / "sessions" / f"{start:%Y}" / f"{start:%m}" / f"{start:%Y-%m-%d-%H%M}-{session_id[:8]}.json", session)
        count += 1
    day += datetime.timedelta(days=1)
# Every other kind of set, from a second random stream so the program above stays as it was.
extra = random.Random(20251123)
run_id = str(uuid.uuid5(NAMESPACE, "exercise:run"))
write(ROOT / "exercises" / "run.json", {
    "id": run_id, "name": "Run", "modality": "cardio", "category": "cardio", "muscle_groups": ["quadriceps", "calves"],
    "secondary_muscles": ["calves"], "is_custom": True, "weight_increment": 5, "created_at": "2025-06-01T10:00:00+02:00",
})


def session_file(kind, start, entries, minutes, **more):
    session_id = str(uuid.uuid5(NAMESPACE, f"{kind}:{start.isoformat()}"))
    session = {"id": session_id, "kind": kind, "status": "completed", "started_at": stamp(start),
               "completed_at": stamp(start + datetime.timedelta(minutes=minutes)), "entries": entries, **more}
    write(ROOT / "sessions" / f"{start:%Y}" / f"{start:%m}" / f"{start:%Y-%m-%d-%H%M}-{session_id[:8]}.json", session)


# The evening accessories follow a plan of their own, by double progression: the pull-ups' reps
# climb from 5 to 8 at one added load, then 2.5 kg more and back to 5 (`dp(2.5kg, 5, 8)`).
write(ROOT / "plans" / "evening-accessories.json", {
    "id": str(uuid.uuid5(NAMESPACE, "plan:evening accessories")),
    "name": "Evening Accessories",
    "days_per_week": 1,
    "is_active": False,
    "notes": "Wednesday evenings: weighted pull-ups in a superset with dips, then planks.",
    "days": [{"name": "Pull", "exercises": [
        {"exercise_name": "Pull-up", "exercise_id": exercises["Pull-up"], "sets": 3, "reps": "5-8", "weight": 5, "unit": "kg",
         "progress": "dp(2.5kg, 5, 8)"},
        {"exercise_name": "Dip", "exercise_id": exercises["Dip"], "sets": 3, "reps": "10-15"},
    ]}],
})
body_weight = 82.4
added = 5.0
pull_target = 5
run_pace = 345  # seconds per km
day = datetime.date(2025, 6, 2)
while day <= end:
    weekday = day.weekday()
    if weekday in (0, 3):
        # Weigh-ins, Monday and Thursday mornings; measurements on the first weigh-in of a month.
        moment = paris(day.year, day.month, day.day, 6, 45)
        body_weight = round(body_weight - 0.04 + extra.uniform(-0.35, 0.35), 1)
        measurements = {"body_weight": {"unit": "kg", "value": body_weight}}
        if day.day <= 3 or (day.day <= 4 and weekday == 3):
            measurements["waist"] = {"unit": "cm", "value": round(86 - (day - datetime.date(2025, 6, 2)).days / 60, 1)}
            measurements["body_fat"] = {"unit": "%", "value": round(19.5 - (day - datetime.date(2025, 6, 2)).days / 90, 1)}
        entry_id = str(uuid.uuid5(NAMESPACE, f"body:{moment.isoformat()}"))
        write(ROOT / "body" / f"{moment:%Y}" / f"{moment:%Y-%m-%d-%H%M}-{entry_id[:8]}.json",
              {"id": entry_id, "measured_at": stamp(moment), "measurements": measurements})
    if weekday == 2 and extra.random() < 0.8:
        # Evening accessories: weighted pull-ups and dips as a superset, then planks.
        start = paris(day.year, day.month, day.day, 18, 30)
        clock = start + datetime.timedelta(minutes=5)
        pulls = [{"set_number": 1, "set_type": "warmup", "bodyweight": True, "reps": 5, "status": "completed", "completed_at": stamp(clock)}]
        dips = []
        for round_number in range(3):
            clock += datetime.timedelta(minutes=2)
            reps = pull_target if extra.random() > 0.15 else pull_target - 1
            pulls.append({"set_number": round_number + 2, "set_type": "normal", "bodyweight": True, "weight": added, "unit": "kg", "reps": reps,
                          "target_reps": pull_target, "target_weight": added, "status": "completed", "completed_at": stamp(clock)})
            clock += datetime.timedelta(minutes=1)
            dips.append({"set_number": round_number + 1, "set_type": "normal", "bodyweight": True, "reps": extra.choice([10, 12, 12, 15]),
                         "status": "completed", "completed_at": stamp(clock), "rest_seconds": 60})
        fewest = min(item["reps"] for item in pulls[1:])
        if fewest >= 8:
            added, pull_target = added + 2.5, 5
        elif fewest >= pull_target:
            pull_target = min(8, fewest + 1)
        planks = []
        for number in (1, 2):
            clock += datetime.timedelta(minutes=2)
            planks.append({"set_number": number, "set_type": "normal", "duration_seconds": extra.choice([60, 75, 90]), "status": "completed",
                           "completed_at": stamp(clock)})
        session_file("lifting", start, [
            {"exercise_id": exercises["Pull-up"], "exercise_name": "Pull-up", "order": 1, "superset": "A", "method": "standard", "sets": pulls},
            {"exercise_id": exercises["Dip"], "exercise_name": "Dip", "order": 2, "superset": "A", "method": "standard", "sets": dips},
            {"exercise_id": exercises["Plank"], "exercise_name": "Plank", "order": 3, "sets": planks},
        ], 35, session_rpe=4, plan="Evening Accessories", plan_day="Pull")
    if weekday == 5 and extra.random() < 0.85:
        # Saturday runs: a tempo 5-8 km, or every third week 400 m intervals.
        start = paris(day.year, day.month, day.day, 9, 0)
        if day.isocalendar()[1] % 3 == 0:
            sets = [{"set_number": number, "set_type": "normal", "distance_m": 400, "duration_seconds": extra.choice([88, 90, 92, 95]),
                     "rest_seconds": 90, "status": "completed"} for number in range(1, 7)]
            session_file("cardio", start, [{"exercise_id": run_id, "exercise_name": "Run", "order": 1, "superset": "A",
                                            "method": "timed", "notes": "6 x 400 m, 90 s rest", "sets": sets}], 30)
        else:
            kilometres = extra.choice([5, 5, 6, 8])
            run_pace = max(285, run_pace - extra.choice([0, 1, 2, 3]))
            seconds = int(kilometres * (run_pace + extra.uniform(-6, 10)))
            session_file("cardio", start, [{"exercise_id": run_id, "exercise_name": "Run", "order": 1, "sets": [
                {"set_number": 1, "set_type": "normal", "distance_m": kilometres * 1000, "duration_seconds": seconds, "status": "completed"}]}],
                seconds // 60 + 1)
    day += datetime.timedelta(days=1)
print(f"wrote {count} sessions")
