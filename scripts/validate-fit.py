#!/usr/bin/env python3
"""Decodes FIT files with Garmin's own FIT SDK (garmin-fit-sdk on PyPI), independently of
liftlog, and prints one JSON object per file: whether it is a FIT file with a valid CRC, the
decoder's errors, the session's sport, and each set's repetitions, weight and category.

    python3 scripts/validate-fit.py FILE.fit ...
"""
import json
import sys

from garmin_fit_sdk import Decoder, Stream

def whole(value):
    """Whole floats as integers (3600, not 3600.0), as JSON writers of liftlog write them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole(item) for item in value]
    if isinstance(value, dict):
        return {key: whole(item) for key, item in value.items()}
    return value


for path in sys.argv[1:]:
    # Each check reads the stream through: a decoder of its own for each.
    result = {"path": path, "is_fit": Decoder(Stream.from_file(path)).is_fit(),
              "integrity": Decoder(Stream.from_file(path)).check_integrity()}
    messages, errors = Decoder(Stream.from_file(path)).read()
    result["errors"] = [str(error) for error in errors]
    session = (messages.get("session_mesgs") or [{}])[0]
    result["sport"] = str(session.get("sport"))
    result["sub_sport"] = str(session.get("sub_sport"))
    result["total_elapsed_time"] = session.get("total_elapsed_time")
    result["total_distance"] = session.get("total_distance")
    result["sets"] = [{"repetitions": item.get("repetitions"), "weight": item.get("weight"),
                       "category": str(item.get("category")), "unit": str(item.get("weight_display_unit"))}
                      for item in messages.get("set_mesgs", [])]
    print(json.dumps(whole(result), sort_keys=True))
