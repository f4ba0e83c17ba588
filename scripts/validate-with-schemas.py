#!/usr/bin/env python3
"""Validates store files against schemas/*.schema.json with Python's jsonschema (an
independent draft-07 validator). Usage: validate-with-schemas.py STORE_OR_FILE… ; a file's
schema is chosen by its path as in .vscode/settings.json. Prints one line per file:
"ok PATH" or "invalid PATH: reason". Exits 1 if any file is invalid.
"""
import fnmatch
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schemas = {name: json.loads((root / "schemas" / name).read_text()) for name in
           ["liftlog.schema.json", "exercise.schema.json", "plan.schema.json", "session.schema.json", "body.schema.json"]}


def schema_for(relative):
    if relative == "liftlog.json":
        return "liftlog.schema.json"
    if fnmatch.fnmatch(relative, "exercises/*.json"):
        return "exercise.schema.json"
    if fnmatch.fnmatch(relative, "plans/*.json"):
        return "plan.schema.json"
    if fnmatch.fnmatch(relative, "sessions/*/*/*.json"):
        return "session.schema.json"
    if fnmatch.fnmatch(relative, "body/*/*.json"):
        return "body.schema.json"
    return None


def files(argument):
    path = pathlib.Path(argument)
    if path.is_dir():
        for file in sorted(path.rglob("*.json")):
            relative = file.relative_to(path).as_posix()
            if not relative.startswith((".", "schemas/")):
                yield file, relative
    else:
        # "STORE::RELATIVE" names a file by its place in a store.
        store, _, relative = argument.partition("::")
        yield pathlib.Path(store) / relative, relative


failed = False
for argument in sys.argv[1:]:
    for file, relative in files(argument):
        name = schema_for(relative)
        if name is None:
            continue
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
            jsonschema.Draft7Validator(schemas[name], format_checker=None).validate(document)
            print(f"ok {relative}")
        except Exception as error:
            failed = True
            message = str(error).splitlines()[0]
            print(f"invalid {relative}: {message}")
sys.exit(1 if failed else 0)
