#!/usr/bin/env bash
# Plays and labels self-play games for the third evaluation into
# data/selfplay-v3/, a chunk of 100 games at a time, skipping chunks already
# there: stop it at any time and run it again to go on. Its workers claim
# a chunk (or a slice of one) with a lock file before playing it; run one
# copy per folder (a start removes the locks and partial files an
# interrupted run left), and on other machines with other --from ranges,
# the chunks merged after.
#
#   scripts/selfplay-v3.sh [--workers N] [--chunks K] [--from GAME]
#                          [--exact-empties E] [--slice G] [--seconds S]
#
# --workers: chunks (or slices) played at once (default 1; each on one thread).
# --chunks: stop after this many new chunks (default: no limit).
# --from: the first game number of the chunks to consider (default 1000000,
#   or 2000000 with --exact-empties 24).
# --exact-empties: 20 (default) writes data/selfplay-v3/; 24 labels every
#   position from 24 empties by an exact solve and writes
#   data/selfplay-v3-exact24/ (about 4.5 times the time a chunk).
# --slice: play the chunks in slices of G games (G divides 100; default
#   100, the whole chunk), each kept in target/selfplay-slices/ once whole;
#   a chunk is its slices' files in order (a game depends only on its
#   number), written when the last one is played. On a many-core machine
#   lent for minutes, slices of 5 games lose little at the end.
# --seconds: stop after S seconds, the games under way cut short (their
#   slices are played again by the next run).
# Progress goes to target/selfplay-v3.log; data/README.md gives the settings.
set -euo pipefail
cd "$(dirname "$0")/.."
WORKERS=1
CHUNKS=0
FROM=
EXACT=20
SLICE=100
SECONDS_LIMIT=0
usage="usage: scripts/selfplay-v3.sh [--workers N] [--chunks K] [--from GAME] [--exact-empties 20|24] [--slice G] [--seconds S]"
while [ $# -gt 0 ]; do
  case "$1" in
    --workers) WORKERS=$2; shift 2 ;;
    --chunks) CHUNKS=$2; shift 2 ;;
    --from) FROM=$2; shift 2 ;;
    --exact-empties) EXACT=$2; shift 2 ;;
    --slice) SLICE=$2; shift 2 ;;
    --seconds) SECONDS_LIMIT=$2; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
GAMES=100
case "$EXACT" in
  20) OUT=data/selfplay-v3; FROM=${FROM:-1000000} ;;
  24) OUT=data/selfplay-v3-exact24; FROM=${FROM:-2000000} ;;
  *) echo "scripts/selfplay-v3.sh: --exact-empties must be 20 or 24, not '$EXACT'" >&2; exit 2 ;;
esac
if ! [ "$SLICE" -gt 0 ] 2>/dev/null || [ $((GAMES % SLICE)) -ne 0 ]; then
  echo "scripts/selfplay-v3.sh: --slice must divide $GAMES, not '$SLICE'" >&2; exit 2
fi
if ! [ "$SECONDS_LIMIT" -ge 0 ] 2>/dev/null; then
  echo "scripts/selfplay-v3.sh: --seconds must be a number of seconds, not '$SECONDS_LIMIT'" >&2; exit 2
fi
BIN=${OTHELLO:-target/release/othello}
LOG=target/selfplay-v3.log
SLICES=target/selfplay-slices/$(basename "$OUT")
DEADLINE=$(( SECONDS_LIMIT > 0 ? $(date +%s) + SECONDS_LIMIT : 0 ))
mkdir -p "$OUT" "$SLICES"
[ -x "$BIN" ] || cargo build --release -p othello-tools

# Seconds left before the deadline (a large number without one).
seconds_left() {
  if [ "$DEADLINE" -eq 0 ]; then echo 1000000000; else echo $(( DEADLINE - $(date +%s) )); fi
}

chunk_name() { printf '%s/chunk-%07d.txt.gz' "$OUT" "$1"; }
slice_name() { printf '%s/slice-%07d.txt' "$SLICES" "$1"; }
# The first game of each slice of the chunk from $1.
slices_of() { seq "$1" "$SLICE" $(($1 + GAMES - 1)); }

# Plays the slice of games from $1 unless it is there or claimed.
play_slice() {
  local first=$1 name lock left
  name=$(slice_name "$first")
  lock="$name.lock"
  [ -e "$name" ] && return 1
  left=$(seconds_left)
  [ "$left" -gt 0 ] || return 1
  ( set -o noclobber; echo $$ > "$lock" ) 2>/dev/null || return 1
  local text="$name.part"
  if ! timeout "$left" "$BIN" train selfplay --first "$first" --games "$SLICE" --play-level 10 \
    --label-depth 12 --label-confidence 73 --exact-empties "$EXACT" --results yes \
    --threads 1 --out "$text" 2>/dev/null | tail -n 1 >> "$LOG" || [ ! -s "$text" ]; then
    echo "$(date -u +%FT%TZ) $name failed or cut short" >> "$LOG"
    rm -f "$text" "$lock"
    return 1
  fi
  mv "$text" "$name"
  rm -f "$lock"
}

# Writes the chunk from $1 once every slice of it is there.
pack_chunk() {
  local first=$1 name slice files=()
  name=$(chunk_name "$first")
  for slice in $(slices_of "$first"); do
    [ -e "$(slice_name "$slice")" ] || return 0
    files+=("$(slice_name "$slice")")
  done
  ( set -o noclobber; echo $$ > "$name.lock" ) 2>/dev/null || return 0
  # Another worker may have written it since the slices were counted.
  if [ -e "$name" ]; then rm -f "$name.lock"; return 0; fi
  # The chunk appears whole or not at all.
  cat "${files[@]}" | gzip -9 -n > "$name.part" && mv "$name.part" "$name"
  rm -f "${files[@]}" "$name.lock"
  echo "$(date -u +%FT%TZ) $name $(zcat "$name" | wc -l) positions" >> "$LOG"
}

worker() {
  local first=$FROM made=0 slice
  while [ "$CHUNKS" -eq 0 ] || [ "$made" -lt "$CHUNKS" ]; do
    [ "$(seconds_left)" -gt 0 ] || return 0
    if [ ! -e "$(chunk_name "$first")" ]; then
      for slice in $(slices_of "$first"); do
        play_slice "$slice" || true
      done
      pack_chunk "$first"
      if [ -e "$(chunk_name "$first")" ]; then made=$((made + 1)); fi
    fi
    first=$((first + GAMES))
  done
}

# Stale locks and partial files of an interrupted run are removed at the
# start; whole slices stay.
rm -f "$OUT"/*.lock "$OUT"/*.part "$SLICES"/*.lock "$SLICES"/*.part
for _ in $(seq "$WORKERS"); do worker & sleep 1; done
wait
