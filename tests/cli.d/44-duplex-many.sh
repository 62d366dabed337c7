# Duplex past the twins a problem may hold: one error, one message, not one
# per twin (maat-puzzle(5) LIMITS: with Duplex, the duplex parts count too)
DM=$(mktemp -d)
{
	printf 'BeginProblem\nPieces White Kc1 Qd1 Black Ka8\nStipulation #2\nOption Duplex\n'
	i=0
	while [ $i -lt 600 ]; do
		printf 'Twin Move d1 d%d\n' $((2 + i % 6))
		i=$((i + 1))
	done
	printf 'EndProblem\n'
} >"$DM/d600.inp"
expect_exact "duplex: 600 twins (1202 problems), Popeye input: one message" 2 -- verify "$DM/d600.inp" <<END
$DM/d600.inp:4:1: Duplex: more than 1000 twins in one problem
$DM/d600.inp:1: error
1 puzzle: 1 error
END
{
	printf -- '---\nalgebraic:\n  white: [Kc1, Qd1]\n  black: [Ka8]\nstipulation: "#2"\noptions:\n  - Duplex\ntwins:\n'
	i=0
	while [ $i -lt 600 ]; do
		printf '  z%d: Move d1 d%d\n' $((i + 1)) $((2 + i % 6))
		i=$((i + 1))
	done
} >"$DM/d600.yaml"
expect_exact "duplex: 600 twins, YAML: one message" 2 -- verify "$DM/d600.yaml" <<END
$DM/d600.yaml:7:3: Duplex: more than 1000 twins in one problem
$DM/d600.yaml: error
1 puzzle: 1 error
END
expect "duplex: ... and not converted" 2 "not converted" -- convert "$DM/d600.yaml" -o "$DM/out.yaml"
rm -rf "$DM"
