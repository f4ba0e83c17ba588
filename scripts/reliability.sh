#!/usr/bin/env bash
# The long run of the reliability tests (RELIABILITY.md): thousands of kills and damaged files
# instead of hundreds. Prints the figures each test reports. CI runs the quick version as part
# of `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
LIFTLOG_LONG=1 swift test --filter 'FaultInjectionTests|KillTortureTests|ReliabilityConcurrencyTests|HostileInputTests|FuzzTests|FuzzCommandTests|StoreFilesTests|HandEditRaceTests|SyncMergeTests' 2>&1 \
    | tee /tmp/liftlog-reliability.log \
    | grep -E "^(fault injection|kill torture|concurrency|hostile input|full disk|fuzz|race harness)|Test run with"
