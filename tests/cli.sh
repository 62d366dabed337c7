#!/bin/sh
# tests/cli.sh MAAT -- end-to-end checks of the command line: exit codes,
# exact error lines, outputs.  Prints "N passed, N failed".
MAAT=${1:-./maat}
pass=0
fail=0

# expect NAME STATUS EXPECTED-OUTPUT-SUBSTRING -- ARGS...
expect() {
	name=$1 want_rc=$2 want_out=$3
	shift 4
	out=$("$MAAT" "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && printf '%s' "$out" | grep -qF -- "$want_out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: exit $rc (want $want_rc); output:" >&2
		printf '%s\n' "$out" | head -5 >&2
	fi
}

for f in tests/cli.d/*.sh; do
	[ -f "$f" ] && . "$f"
done

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
