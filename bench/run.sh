#!/usr/bin/env bash
# Time `migrator check` and `migrator fix` on the benchmark corpora (figures, not tests).
# usage: bash bench/run.sh [CORPUS_DIR]   (built with bench/make_corpus.sh when missing)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-/tmp/bench-corpus}"
MIGRATOR="${MIGRATOR:-$HERE/../.venv/bin/migrator}"
[ -d "$OUT/gitlab-heavy" ] || PYTHON="$HERE/../.venv/bin/python" bash "$HERE/make_corpus.sh" "$OUT"
for corpus in empty large-clean gitlab-heavy; do
  for run in 1 2 3; do
    /usr/bin/time -f "check $corpus run $run: %e s, %M KB" "$MIGRATOR" check --exit-zero --statistics "$OUT/$corpus" >/dev/null
  done
done
work="$(mktemp -d)"; cp -r "$OUT/gitlab-heavy" "$work/"
/usr/bin/time -f "fix gitlab-heavy: %e s, %M KB" "$MIGRATOR" fix --exit-zero "$work/gitlab-heavy" | tail -1
rm -rf "$work"
