#!/bin/sh
# tests/cli.sh MAAT -- end-to-end checks of the command line: exit codes,
# exact error lines, outputs.  Prints "N passed, N failed".  CLI_TESTS=FILE...
# runs those files of tests/cli.d only.
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

# ok / bad NAME...: count a check that passed / failed (and say which).
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL $*" >&2
}
# check NAME COMMAND...: passes when the command succeeds.
check() {
	check_name=$1
	shift
	if "$@"; then ok; else bad "$check_name"; fi
}

# expect_exact NAME STATUS -- ARGS... <<'END': the whole output (stdout, then
# stderr) must be the text on standard input, and the exit status STATUS.
expect_exact() {
	name=$1 want_rc=$2
	shift 3
	want=$(cat)
	out=$("$MAAT" "$@" 2>&1)
	rc=$?
	exact_check
}

# The same with the node counts left out (JSON "nodes", solve's "(N
# positions"): they change with every speed-up of the search, and
# everything else is deterministic.
expect_stable() {
	name=$1 want_rc=$2
	shift 3
	want=$(cat)
	out=$("$MAAT" "$@" 2>&1)
	rc=$?
	out=$(printf '%s\n' "$out" | sed -e 's/,"nodes":[0-9]*//' -e 's/^([0-9]* positions/(N positions/')
	exact_check
}

exact_check() {
	if [ "$rc" = "$want_rc" ] && [ "$out" = "$want" ]; then
		ok
	else
		bad "$name: exit $rc (want $want_rc); differences (< want, > got):"
		printf '%s\n' "$want" >"${TMPDIR:-/tmp}/maat-cli-want.$$"
		printf '%s\n' "$out" | diff "${TMPDIR:-/tmp}/maat-cli-want.$$" - | head -20 >&2
		rm -f "${TMPDIR:-/tmp}/maat-cli-want.$$"
	fi
}

rows=0
# row NAME STATUS EXACT-LINE -- ARGS...: the exit status STATUS and the whole
# line EXACT-LINE among the output's lines; bounded by `timeout`, so a hang
# fails the row (status 124) instead of stopping the suite.  Here, not in
# one of cli.d's files, so that each file that uses it runs alone
# (CLI_TESTS=tests/cli.d/64-options.sh).  rows counts them.
row() {
	rname=$1 rwant=$2 rline=$3
	shift 4
	rows=$((rows + 1))
	rout=$(timeout 60 "$MAAT" "$@" 2>&1)
	rrc=$?
	if [ "$rrc" = "$rwant" ] && printf '%s\n' "$rout" | grep -qxF -- "$rline"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL hostile: $rname: exit $rrc (want $rwant), want the line:" >&2
		echo "  $rline" >&2
		echo "output:" >&2
		printf '%s\n' "$rout" | head -5 | cut -c1-200 >&2
	fi
}

# row_also NAME EXACT-LINE: another whole line of the last row's output,
# with its status: one run of a slow command for several lines of it.
row_also() {
	rows=$((rows + 1))
	if [ "$rrc" = "$rwant" ] && printf '%s\n' "$rout" | grep -qxF -- "$2"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL hostile: $1: exit $rrc (want $rwant), want the line:" >&2
		echo "  $2" >&2
	fi
}

# CLI_TESTS: some of the files only (make tex-test)
for f in ${CLI_TESTS:-tests/cli.d/*.sh}; do
	[ -f "$f" ] && . "$f"
done

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
