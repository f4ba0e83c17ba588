#!/usr/bin/env bash
# Runs a command (the README's: `swift test -Xswiftc -warnings-as-errors`) where the tests have
# what they use outside the Swift toolchain: installs what is missing (Debian's git, util-linux,
# librsvg2-bin, tzdata, chromium and chromium-driver; Python's jsonschema, garmin-fit-sdk and selenium) and points TMPDIR at one private folder that is
# removed however the run ends, so that nothing, the compiler's files included, is left in /tmp.
#
#   bash scripts/test-env.sh swift test -Xswiftc -warnings-as-errors
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: bash scripts/test-env.sh COMMAND [ARGUMENT ...]" >&2; exit 2; }

# --- what the tests need outside the toolchain -------------------------------------------------
missing=()
command -v git >/dev/null 2>&1 || missing+=(git)
command -v setpriv >/dev/null 2>&1 || missing+=(util-linux)            # a read-only store as another user
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)     # renders the SVG charts
[ -e /usr/share/zoneinfo/Europe/Berlin ] || missing+=(tzdata)         # daylight-saving changes
command -v chromium >/dev/null 2>&1 || missing+=(chromium)             # the web app, in a real browser
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
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

if ! python3 -c "import garmin_fit_sdk" >/dev/null 2>&1; then
    echo "== installing Garmin's garmin-fit-sdk (decodes the FIT files liftlog writes, independently)"
    python3 -m pip install --quiet --disable-pip-version-check garmin-fit-sdk \
        || echo "Note: the FIT export tests will fail until 'python3 -m pip install garmin-fit-sdk' works." >&2
fi

if ! python3 -c "import selenium" >/dev/null 2>&1; then
    echo "== installing Python's selenium (drives Chromium through the web app)"
    python3 -m pip install --quiet --disable-pip-version-check selenium \
        || echo "Note: the browser tests will fail until 'python3 -m pip install selenium' works." >&2
fi
export SE_OFFLINE=true   # Selenium uses Debian's chromedriver, never downloads one

# --- temporary files: one folder, removed however the run ends ------------------------------------
# (outside the repository, so that the stores the tests make are not inside its git work tree)
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/liftlog-tests.XXXXXX")"
chmod 755 "$TMPDIR"   # a test runs the tool as an unprivileged user inside it
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# --- the command --------------------------------------------------------------------------------
echo "== $*"
"$@"
