# --format popeye prints the play Popeye prints for the file's options
# (sourced by tests/cli.sh): without Option Variation the first moves alone,
# the tries only with Try or Defence, set play whole.  It printed every
# problem as if Option Variation were given.  The reference is Popeye
# 4.103's own output (tests/data/popeye/options.out, py -regression), each
# problem's text between its stipulation line and "solution finished.".
OD=$(mktemp -d /tmp/maat-options.XXXXXX)
awk '/^  [^ ].* [0-9]+ \+ [0-9]+ *$/ { p = 1; next }
	/^solution finished/ { print "solution finished."; p = 0; next } p' \
	tests/data/popeye/options.out >"$OD/popeye"
"$MAAT" solve --format popeye tests/data/popeye/options.inp >"$OD/maat" 2>&1
check "popeye options: the nine problems byte for byte as Popeye prints them" cmp -s "$OD/popeye" "$OD/maat"
cmp -s "$OD/popeye" "$OD/maat" || diff "$OD/popeye" "$OD/maat" | head -10 >&2
# and what is not a Popeye file keeps Olive's Option Variation
"$MAAT" convert tests/data/popeye/options.inp -o "$OD/o.yaml" >/dev/null 2>&1
"$MAAT" solve --format popeye "$OD/o.yaml" >"$OD/yaml" 2>&1
check "popeye options: a YACPDB entry as Olive runs Popeye, with its variations" sh -c "
	grep -c '^   1\\.f2-f4 ! threat:\$' '$OD/yaml' | grep -qx 8"
rm -rf "$OD"
