#!/bin/sh
# compose_rate.sh -- the composer's rate on one core with its default
# settings (issue 22, "How it is measured": at least 10 problems passing
# the checks per CPU-minute for each game's win in 2):
#
#   maat compose --game G --stip "win in 2" --count 10 --seed S -j1
#
# for each game and seed, the CPU time (user + system, /usr/bin/time) and
# the problems per CPU-minute, then `maat verify` on the output.  A rate
# below the target is named; exit 1 when a run fails or a problem is not
# sound.  Slow: about 4 minutes of CPU in all (stop 38).
#
#   sh bench/compose_rate.sh [./maat]     COMPOSE_SEEDS="44 45" COMPOSE_GAMES=...
#
# Kept beside bench/bench.sh (whose section 4 measures the composer with all
# cores and --max-time), which another part of the project owns.
set -u
MAAT=${1:-./maat}
SEEDS=${COMPOSE_SEEDS:-44 45}
GAMES=${COMPOSE_GAMES:-upuaut chess morok tavlei}
TARGET=10
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failed=0

if [ ! -x /usr/bin/time ]; then
	echo "compose_rate: /usr/bin/time is needed" >&2
	exit 1
fi
echo "== composer, one core: $MAAT compose --game G --stip 'win in 2' --count 10 --seed S -j1"
printf '   %-7s %5s %6s %8s %9s %s\n' game seed found "CPU s" "/min CPU" verified
for game in $GAMES; do
	for seed in $SEEDS; do
		/usr/bin/time -f '%U %S' -o "$TMP/time" "$MAAT" compose --game "$game" \
			--stip "win in 2" --count 10 --seed "$seed" -j1 -o "$TMP/c.yaml" 2>"$TMP/c.err"
		rc=$?
		found=$(sed -n 's/^compose: \([0-9]*\)\/.*/\1/p' "$TMP/c.err")
		if [ $rc -ne 0 ] || [ -z "$found" ]; then
			echo "   FAIL: $game seed $seed: $(sed -n 1p "$TMP/c.err")"
			failed=1
			continue
		fi
		cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$TMP/time")
		rate=$(awk -v f="$found" -v s="$cpu" 'BEGIN { printf "%.1f", (s > 0 ? 60 * f / s : 0) }')
		verified=-
		if [ "$found" -gt 0 ]; then
			verified=$("$MAAT" verify "$TMP/c.yaml" 2>&1 | tail -n 1)
			case "$verified" in
			"$found puzzles: $found sound") verified="all sound" ;;
			*)
				failed=1
				verified="FAIL: $verified"
				;;
			esac
		fi
		printf '   %-7s %5s %6s %8s %9s %s\n' "$game" "$seed" "$found" "$cpu" "$rate" "$verified"
		awk -v r="$rate" -v t="$TARGET" 'BEGIN { exit !(r + 0 < t) }' &&
			echo "   $game seed $seed: below the target of $TARGET problems per CPU-minute"
	done
done
exit $failed
