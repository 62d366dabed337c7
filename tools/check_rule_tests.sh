#!/bin/sh
# check_rule_tests.sh -- every rule id has a test that names it (make test).
#
# The ids are those of rules.md, the project's reference (../shared/rules.md
# beside the checkout), listed in tests/rule_ids.txt so that a clone without
# rules.md is checked too.  Checked here:
#   - the list is rules.md's ids, in order, when rules.md is at hand
#     (RULES_MD=FILE names it; a missing file is skipped, said so);
#   - every id a game declares (.rule_ids = "U1-U10" in src/games/) is listed;
#   - every listed id is cited by the name of a test: a Check test of
#     tests/check_*.c (START_TEST(test_..._U3_...), a sub-rule M5a counting
#     for M5) or a check of tests/cli.d (the name, the first argument of
#     expect/check/same..., holding the id as a word).
# Prints each fault; exits 1 if any.
#
#   sh tools/check_rule_tests.sh --list RULES.md   the list, from rules.md
set -eu
cd "$(dirname "$0")/.."

# list RULES.md: "ID<TAB>the rule's first words" for each rule of the file
list() {
	grep -E '^[A-Z][0-9]+ ' "$1" | sed -E 's/^([A-Z][0-9]+) +/\1	/' |
		awk -F'\t' '{ s = $2
			if (length(s) > 60) { s = substr(s, 1, 60); sub(/ [^ ]*$/, "", s); s = s " ..." }
			print $1 "\t" s }'
}

if [ "${1:-}" = --list ]; then
	cat <<'END'
# The rule ids of rules.md (../shared/rules.md, the project's reference), one
# a line with the rule's first words; tools/check_rule_tests.sh (make test)
# checks that each has a test citing it by name.  Regenerate after rules.md
# changes: sh tools/check_rule_tests.sh --list RULES.md > tests/rule_ids.txt
END
	list "$2"
	exit 0
fi

LIST=tests/rule_ids.txt
ids=$(grep -v '^#' "$LIST" | cut -f1)
faults=0
fault() {
	echo "rule-tests: $*" >&2
	faults=$((faults + 1))
}

RULES_MD=${RULES_MD:-../shared/rules.md}
if [ -f "$RULES_MD" ]; then
	want=$(list "$RULES_MD" | cut -f1)
	if [ "$want" != "$ids" ]; then
		fault "$LIST is not the list of $RULES_MD's ids (regenerate it:" \
			"sh tools/check_rule_tests.sh --list $RULES_MD > $LIST)"
		printf '%s\n' "$ids" >"${TMPDIR:-/tmp}/maat-ids.$$"
		printf '%s\n' "$want" | diff "${TMPDIR:-/tmp}/maat-ids.$$" - | grep '^[<>]' >&2 || true
		rm -f "${TMPDIR:-/tmp}/maat-ids.$$"
	fi
else
	echo "rule-tests: $RULES_MD not found: $LIST not compared with it" >&2
fi

# the games' rule_ids: "O1", "U1-U10"
for decl in $(sed -n 's/.*\.rule_ids = "\([^"]*\)".*/\1/p' src/games/*.c | tr ', ' '\n\n'); do
	case $decl in
	*-*)
		letter=$(printf '%s' "$decl" | sed 's/[0-9].*//')
		from=$(printf '%s' "${decl%-*}" | tr -dc 0-9)
		to=$(printf '%s' "${decl#*-}" | tr -dc 0-9)
		;;
	*)
		letter=$(printf '%s' "$decl" | sed 's/[0-9].*//')
		from=$(printf '%s' "$decl" | tr -dc 0-9)
		to=$from
		;;
	esac
	n=$from
	while [ "$n" -le "$to" ]; do
		printf '%s\n' "$ids" | grep -qx "$letter$n" ||
			fault "a game declares rule $letter$n ($decl), which $LIST does not list"
		n=$((n + 1))
	done
done

# the test names
names=$({
	grep -ho 'START_TEST(test_[A-Za-z0-9_]*)' tests/check_*.c | sed 's/^START_TEST(test_/_/; s/)$/_/'
	grep -hE '^[[:space:]]*(expect|expect_exact|expect_stable|check|same|bad) "' tests/cli.d/*.sh |
		sed -E 's/^[[:space:]]*[a-z_]+ "([^"]*)".*/ \1 /'
})
for id in $ids; do
	printf '%s\n' "$names" | grep -qE "(_${id}[a-z]?_)|([^A-Za-z0-9]${id}[a-z]?[^A-Za-z0-9])" ||
		fault "rule $id has no test citing it by name (test_${id}_... in tests/check_*.c, or a check of tests/cli.d)"
done

[ "$faults" = 0 ] || exit 1
echo "rule-tests: each of the $(printf '%s\n' "$ids" | wc -l) rules of $LIST has a test naming it"
