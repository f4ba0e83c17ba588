#!/usr/bin/env bash
# A tour of liftlog on a copy of SampleData/store: nothing in the repository is changed.
set -euo pipefail
cd "$(dirname "$0")/.."

# The build's own output goes to standard error only when it fails (an up-to-date build prints
# nothing worth showing). The compiler's temporary files go to a folder of the demo's own.
build_tmp="$(mktemp -d "${TMPDIR:-/tmp}/liftlog-demo-build.XXXXXX")"
build_log="$(TMPDIR="$build_tmp" swift build -c release --product liftlog 2>&1)" || { rm -rf "$build_tmp"; printf '%s\n' "$build_log" >&2; exit 1; }
liftlog="$(TMPDIR="$build_tmp" swift build -c release --show-bin-path)/liftlog"
rm -rf "$build_tmp"

store="$(mktemp -d "${TMPDIR:-/tmp}/liftlog-demo.XXXXXX")"
trap 'rm -rf "$store"' EXIT
cp -R SampleData/store/. "$store"
export LIFTLOG_STORE="$store"

step() { printf '\n\033[1m$ liftlog %s\033[0m\n' "$*"; "$liftlog" "$@"; }

step history --per-page 10
latest="$("$liftlog" history --kind lifting --per-page 1 --json | sed -n 's/.*"id": "\([0-9a-f]\{8\}\).*/\1/p' | head -n 1)"
step show "$latest"
step history --exercise "Back Squat" --from 2025-10-01 --per-page 5
step exercises --search press
step today
step start --plan-day next
step log "Back Squat"
step log "back squat" 150x5 150x4
step log "Overhead Press" 100x5x3@8
step log Deadlift 167.5x5
step log "Zercher Squat" 60x8 --create
step superset Pull-up bw+17.5x5x3 Dip bwx12x3
step log Plank 1:30 20x45s
step status
step finish --feel 4 --notes "Demo workout"
step history --per-page 3
step today
step progress "Back Squat"
step pr "Back Squat"
step plan show
step meso show "Beginner 5x5"
step plan export "Evening Accessories"
step plan simulate "Evening Accessories" --weeks 3
step trends --to 2025-11-14
step muscles --to 2025-11-14 --weeks 4
step cardio Run 5km/26:10
step progress Run
step weigh 80.9
step body --weeks 60
step stats
step calendar 2025-10
printf '\nThe demo store was a temporary copy of SampleData/store; it is removed now.\n'
