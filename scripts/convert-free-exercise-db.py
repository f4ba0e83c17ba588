#!/usr/bin/env python3
"""Maps free-exercise-db (https://github.com/yuhonas/free-exercise-db, public domain under the
Unlicense) onto liftlog's seed-file format, writing SampleData/FullExercises.json:

    python3 scripts/convert-free-exercise-db.py path/to/free-exercise-db.json
    python3 scripts/embed-resources.py

- name: as is (surrounding spaces removed);
- modality: from equipment: barbell and e-z curl bar -> barbell, dumbbell, machine, cable,
  body only -> bodyweight; cardio exercises -> cardio; anything else -> other;
- category: strength, powerlifting, olympic weightlifting, strongman and plyometrics ->
  strength; stretching -> flexibility; cardio -> cardio;
- muscleGroups: primary then secondary muscles, each once;
- secondaryMuscles: the secondary muscles that are not also primary (each counts half a hard set);
- notes: the instructions, one step per line.
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
source = json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))

MODALITY = {"barbell": "barbell", "e-z curl bar": "barbell", "dumbbell": "dumbbell", "machine": "machine",
            "cable": "cable", "body only": "bodyweight"}
CATEGORY = {"stretching": "flexibility", "cardio": "cardio"}

exercises = []
for item in sorted(source, key=lambda item: item["name"].strip().lower()):
    category = CATEGORY.get(item.get("category"), "strength")
    modality = "cardio" if category == "cardio" else MODALITY.get(item.get("equipment"), "other")
    muscles = []
    for muscle in (item.get("primaryMuscles") or []) + (item.get("secondaryMuscles") or []):
        if muscle.lower() not in muscles:
            muscles.append(muscle.lower())
    primary = [muscle.lower() for muscle in item.get("primaryMuscles") or []]
    secondary = [muscle for muscle in muscles if muscle not in primary]
    entry = {"name": " ".join(item["name"].split()), "modality": modality, "category": category, "muscleGroups": muscles}
    if secondary:
        entry["secondaryMuscles"] = secondary
    steps = [step.strip() for step in item.get("instructions") or [] if step.strip()]
    if steps:
        entry["notes"] = "\n".join(steps)
    exercises.append(entry)

(root / "SampleData" / "FullExercises.json").write_text(
    json.dumps({"exercises": exercises}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
print(f"{len(exercises)} exercises")
