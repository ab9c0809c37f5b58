#!/usr/bin/env bash
# Plays and labels self-play games for the third evaluation into
# data/selfplay-v3/, a chunk of 100 games at a time, skipping chunks already
# there: stop it at any time and run it again to go on. Its workers claim
# a chunk with a lock file before playing it; run one copy per folder (a
# start removes the locks and partial files an interrupted run left), and
# on other machines with other --from ranges, the chunks merged after.
#
#   scripts/selfplay-v3.sh [--workers N] [--chunks K] [--from GAME] [--exact-empties E]
#
# --workers: chunks played at once (default 1; each on one thread).
# --chunks: stop after this many new chunks (default: no limit).
# --from: the first game number of the chunks to consider (default 1000000,
#   or 2000000 with --exact-empties 24).
# --exact-empties: 20 (default) writes data/selfplay-v3/; 24 labels every
#   position from 24 empties by an exact solve and writes
#   data/selfplay-v3-exact24/ (about 4.5 times the time a chunk).
# Progress goes to target/selfplay-v3.log; data/README.md gives the settings.
set -euo pipefail
cd "$(dirname "$0")/.."
WORKERS=1
CHUNKS=0
FROM=
EXACT=20
while [ $# -gt 0 ]; do
  case "$1" in
    --workers) WORKERS=$2; shift 2 ;;
    --chunks) CHUNKS=$2; shift 2 ;;
    --from) FROM=$2; shift 2 ;;
    --exact-empties) EXACT=$2; shift 2 ;;
    *) echo "usage: scripts/selfplay-v3.sh [--workers N] [--chunks K] [--from GAME] [--exact-empties 20|24]" >&2; exit 2 ;;
  esac
done
GAMES=100
case "$EXACT" in
  20) OUT=data/selfplay-v3; FROM=${FROM:-1000000} ;;
  24) OUT=data/selfplay-v3-exact24; FROM=${FROM:-2000000} ;;
  *) echo "scripts/selfplay-v3.sh: --exact-empties must be 20 or 24, not '$EXACT'" >&2; exit 2 ;;
esac
BIN=${OTHELLO:-target/release/othello}
LOG=target/selfplay-v3.log
mkdir -p "$OUT" target
[ -x "$BIN" ] || cargo build --release -p othello-tools

# Plays the chunk of games from $1 unless it is there or claimed.
play_chunk() {
  local first=$1 name lock
  name=$(printf '%s/chunk-%07d.txt.gz' "$OUT" "$first")
  lock="$name.lock"
  [ -e "$name" ] && return 1
  ( set -o noclobber; echo $$ > "$lock" ) 2>/dev/null || return 1
  local start=$SECONDS text="${name%.gz}.part" packed="$name.part"
  if ! "$BIN" train selfplay --first "$first" --games "$GAMES" --play-level 10 \
    --label-depth 12 --label-confidence 73 --exact-empties "$EXACT" --results yes \
    --threads 1 --out "$text" 2>/dev/null | tail -n 1 >> "$LOG" || [ ! -s "$text" ]; then
    echo "$(date -u +%FT%TZ) $name failed" >> "$LOG"
    rm -f "$text" "$lock"
    return 1
  fi
  # The chunk appears whole or not at all.
  gzip -9 -n -c "$text" > "$packed" && mv "$packed" "$name"
  rm -f "$text" "$lock"
  echo "$(date -u +%FT%TZ) $name $(zcat "$name" | wc -l) positions $((SECONDS - start)) s" >> "$LOG"
}

worker() {
  local first=$FROM made=0
  while [ "$CHUNKS" -eq 0 ] || [ "$made" -lt "$CHUNKS" ]; do
    if play_chunk "$first"; then made=$((made + 1)); fi
    first=$((first + GAMES))
  done
}

# Stale locks of an interrupted run are removed at the start.
rm -f "$OUT"/*.lock "$OUT"/*.part
for _ in $(seq "$WORKERS"); do worker & sleep 1; done
wait
