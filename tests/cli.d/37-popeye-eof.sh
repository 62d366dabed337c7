# A command without its value, at the end of a Popeye file or before the
# next command (sourced by tests/cli.sh): file:line:column of the command,
# named as the file writes it, exit 2 (it named an empty word: "fairy
# condition '' is not supported", "Option: unknown option ''").  Popeye
# says "could not recognize condition" / "option".
ED=$(mktemp -d /tmp/maat-eof.XXXXXX)
eof_row() { # NAME LAST-LINES EXPECTED-LINE
	printf 'BeginProblem\nStipulation #1\nPieces White Kg6 Ra1 Black Kh8\n%s' "$2" >"$ED/e.inp"
	expect "popeye eof: $1" 2 "$ED/e.inp:$3" -- verify "$ED/e.inp"
}
eof_row "Condition" "Condition" "4:1: Condition needs a condition (as 'Circe') at the end of the file"
eof_row "Condition and a line end" "Condition
" "4:1: Condition needs a condition (as 'Circe') at the end of the file"
eof_row "Option" "Option" "4:1: Option needs an option (as 'Try') at the end of the file"
eof_row "abbreviated, after blanks" "   opti  " "4:4: opti needs an option (as 'Try') at the end of the file"
eof_row "SStipulation" "SStipulation" "4:1: SStipulation needs a stipulation (as 'ser-h#3') at the end of the file"
eof_row "Pieces" "Pieces" "4:1: Pieces needs pieces (as 'White Ke1') at the end of the file"
eof_row "Forsyth" "Forsyth" "4:1: Forsyth needs a position at the end of the file"
eof_row "Condition before a command" "Condition
Option Try
EndProblem" "4:1: Condition needs a condition (as 'Circe') before the next command"
eof_row "Option before a command" "Option
Condition Circe
EndProblem" "4:1: Option needs an option (as 'Try') before the next command"
printf 'AnfangProblem\nForderung #1\nSteine Weiss Kg6 Ta1 Schwarz Kh8\nBedingung' >"$ED/d.inp"
expect "popeye eof: German, the command as written" 2 "$ED/d.inp:4:1: Bedingung needs a condition (as 'Circe') at the end of the file" \
	-- verify "$ED/d.inp"
# a condition given is still what maat does not play
printf 'BeginProblem\nStipulation #1\nPieces White Kg6 Ra1 Black Kh8\nCondition Circe\nEndProblem\n' >"$ED/c.inp"
expect "popeye eof: a condition given, unsupported" 0 "fairy condition 'Circe' is not supported" -- verify "$ED/c.inp"
rm -rf "$ED"
