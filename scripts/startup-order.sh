#!/usr/bin/env bash
# Writes Sources/liftlog/startup.order: the functions the commands users run all day execute,
# those of the short commands a person waits on first (below), then the variables they read or
# write. The linker places
# them together at the start of the binary's code and of its data (Package.swift,
# --symbol-ordering-file), so a short command maps a few dozen pages of code instead of pages
# spread over the binary's 9 MB, and writes a few pages of variables (each a page fault the
# first time) instead of pages spread over its 480 KB of them (BENCHMARKS.md, "The code
# everyday commands run, placed together"). A variable is placed with the others of its
# section: one per variable in the runtime, one per source file in Swift code.
#
#     bash scripts/startup-order.sh      # after `swift build -c release`; needs valgrind, python3
#
# A function renamed since the file was written is only left out of the order: run this again
# when start-up code has changed much. The file is a list of symbol names, one a line.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 1; }
command -v python3 >/dev/null || { echo "python3 is missing: apt-get install -y python3" >&2; exit 1; }
bin="$(swift build -c release --show-bin-path)"
liftlog="$bin/liftlog"
[ -x "$liftlog" ] && [ -x "$bin/liftlog-bench" ] || { echo "Build first: swift build -c release" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/liftlog-order.XXXXXX")"
trap 'rm -rf "$work"' EXIT
store="$work/store"
"$bin/liftlog-bench" --generate "$store" 1000 30 >/dev/null
"$liftlog" reindex --store "$store" >/dev/null
sleep 2.1   # older than the index's two-second window for files changed in place

# The binary's sections and symbols, looked up once for every trace's variables.
readelf -SW "$liftlog" > "$work/sections"
nm -n "$liftlog" > "$work/symbols"

n=0
trace() {
    n=$((n + 1))
    valgrind --tool=callgrind --demangle=no --compress-strings=no --dump-instr=no \
        --callgrind-out-file="$work/$n.out" "$liftlog" "$@" --store "$store" >/dev/null 2>&1 || true
    # A function called within a cycle is also named with the depth (`name'2`): by its name only.
    grep '^fn=' "$work/$n.out" | cut -c4- | sed "s/'[0-9]*$//" | sort -u > "$work/$n.fns"
    # Every load and store, of which those in the binary's variables are kept (by name).
    valgrind --tool=lackey --trace-mem=yes --log-file="$work/$n.mem" "$liftlog" "$@" --store "$store" >/dev/null 2>&1 || true
    python3 - "$work" "$work/$n.mem" > "$work/$n.vars" <<'PYTHON'
import bisect, re, sys
work, trace = sys.argv[1], sys.argv[2]
ranges = []
for line in open(f"{work}/sections"):
    m = re.match(r"\s*\[\s*\d+\]\s+(\.data|\.bss)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m: ranges.append((int(m.group(2), 16), int(m.group(2), 16) + int(m.group(3), 16)))
symbols = sorted((int(f[0], 16), f[2]) for f in (l.split() for l in open(f"{work}/symbols")) if len(f) == 3 and f[1] in "bBdD")
starts = [a for a, _ in symbols]
seen = set()
with open(trace) as accesses:
    for line in accesses:
        if line[:2] not in (" S", " L", " M"): continue
        address = int(line[3:line.index(",")], 16)
        if any(low <= address < high for low, high in ranges):
            name = symbols[bisect.bisect_right(starts, address) - 1][1]
            if name not in seen: seen.add(name); print(name)
PYTHON
    rm -f "$work/$n.mem"
}
middle="$(find "$store/sessions" -name '*.json' | sort | sed -n 500p)"
id="$(sed -n 's/^  "id": "\([0-9a-f]\{8\}\).*/\1/p' "$middle")"

# The short commands a person waits on most (`key`) come first in the order, each group of what
# the same of them run together; then what only the other commands run.
key() { trace "$@"; echo "$n" >> "$work/keys"; }
key history
key history --per-page 5 --page 3
key show "$id"
key status
trace pr "Back Squat"
trace progress "Back Squat"
trace check "$middle"
trace fmt --check "$middle"
trace start
key log "Back Squat" 100x5
key log "Back Squat" 102.5x5@8
key log Plank 1:30
key status
trace superset Pull-up bwx5 Dip bwx8
trace set "Back Squat" 1 --weight 105
trace finish --feel 4
trace today
trace stats
key --version
# The C library's start-up, which the trace names "(below main)" or does not see (under
# valgrind the processor is another), and its functions' resolvers (`*_ifunc`), which run first.
{
    printf '%s\n' _start __libc_start_main_impl __libc_start_call_main main _dl_relocate_static_pie apply_irel \
        __libc_setup_tls __libc_init_secure __tunables_init init_cpu_features.constprop.0 update_active.constprop.0 \
        get_common_indices.constprop.0 get_extended_indices.constprop.0 init_cacheinfo handle_amd handle_intel \
        intel_check_word.constprop.0 _dl_non_dynamic_init __libc_init_first
    awk '$3 ~ /_ifunc$/ { print $3 }' "$work/symbols" | sort -u
    # Then each traced function once: those the most key commands run first, those run by the
    # same key commands together (so that each command's code is close), then those the most
    # commands run, a tie in the order of their names. Then the variables, in the same way (the
    # linker orders each kind of section on its own).
    python3 - "$work" "$n" <<'PYTHON'
import sys
work, count = sys.argv[1], int(sys.argv[2])
keys = {int(line) for line in open(f"{work}/keys")}
for kind in ("fns", "vars"):
    runs = {}
    for trace in range(1, count + 1):
        for name in open(f"{work}/{trace}.{kind}").read().split("\n"):
            if name and not name.startswith(("(below main)", "0x")): runs.setdefault(name, set()).add(trace)
    def rank(name):
        key = sorted(runs[name] & keys)
        return (-len(key), key, -len(runs[name]), name)
    for name in sorted(runs, key=rank): print(name)
PYTHON
} | awk '!seen[$0]++' > Sources/liftlog/startup.order
rm -f "$liftlog"   # the order is read when liftlog is linked: the next build links it again
echo "Wrote Sources/liftlog/startup.order: $(wc -l < Sources/liftlog/startup.order) functions and variables from $n commands"
