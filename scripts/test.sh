#!/usr/bin/env bash
# The test suite, from a fresh clone: installs what the tests use outside the Swift toolchain
# when it is missing (Debian's util-linux and librsvg2-bin, Python's jsonschema), builds with
# warnings as errors, and runs `swift test`. Run it as often as you like; it leaves nothing in
# /tmp: every temporary file goes into one folder that is removed when the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- what the tests need outside the toolchain -------------------------------------------------
missing=()
command -v git >/dev/null 2>&1 || missing+=(git)
command -v setpriv >/dev/null 2>&1 || missing+=(util-linux)            # a read-only store as another user
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)     # renders the SVG charts
[ -e /usr/share/zoneinfo/Europe/Berlin ] || missing+=(tzdata)         # daylight-saving changes
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "== installing ${missing[*]} (Debian packages the tests use)"
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "Note: the tests that need ${missing[*]} will fail until it is installed (apt-get install ${missing[*]})." >&2
    fi
fi
if ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "== installing Python's jsonschema (validates the JSON Schemas independently)"
    python3 -m pip install --quiet --disable-pip-version-check jsonschema \
        || echo "Note: the schema tests will fail until 'python3 -m pip install jsonschema' works." >&2
fi

# --- temporary files: one folder, removed however the run ends ------------------------------------
# (outside the repository, so that the stores the tests make are not inside its git work tree)
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/liftlog-tests.XXXXXX")"
chmod 755 "$TMPDIR"   # a test runs the tool as an unprivileged user inside it
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# --- build (warnings are errors) and test ----------------------------------------------------------
echo "== build (warnings are errors)"
log="$TMPDIR/build.log"
swift build --build-tests 2>&1 | tee "$log"
if grep -E "warning:" "$log" | grep -v "^warning: 'main'"; then
    echo "The build has warnings." >&2
    exit 1
fi

echo "== tests"
swift test --skip-build
