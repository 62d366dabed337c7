# Popeye's options read into what maat understands (issue 23, items 1 and
# 7; sourced by tests/cli.sh, whose row helper it uses).  A YAML entry's
# options: strings and twins were copied word for word into the Option and
# Twin lines of a converted .inp: "Try Protocol victim.txt" made Popeye
# write a file, "SetPlay EndProblem" hid the problems after it; verify
# called them sound.  Now each option is read with its arguments checked or
# refused at the word that is wrong, and the writers write only the values
# maat read (model/options.h).
H=tests/hostile
OP=$(mktemp -d /tmp/maat-options.XXXXXX)

# ---- the issue's three: errors at the extra word, nothing converted
row "options: Try Protocol victim.txt is an error at 'Protocol'" 2 \
	"$H/options-injection.yaml:9:16: options: Try takes no argument, got 'Protocol'" \
	-- verify $H/options-injection.yaml
row "options: Variation LaTeX victim.tex is an error at 'LaTeX'" 2 \
	"$H/options-injection.yaml:15:22: options: Variations takes no argument, got 'LaTeX'" \
	-- verify $H/options-injection.yaml
row "options: SetPlay EndProblem is an error at 'EndProblem'" 2 \
	"$H/options-injection.yaml:21:20: options: SetPlay takes no argument, got 'EndProblem'" \
	-- verify $H/options-injection.yaml
row "options: the three are not converted" 2 "maat: convert: nothing to write (no file made)" \
	-- convert $H/options-injection.yaml -o "$OP/inj.inp"
check "options: no file made of them" test ! -e "$OP/inj.inp"

# ---- a twin in error, one not supported, or one never read is not written:
# the puzzle is left out, named with the reason; the sound one is written
# from what maat read
row "twins: a twin in error is not converted" 2 \
	"$H/twin-injection.yaml#1: not converted: a twin has an error" \
	-- convert $H/twin-injection.yaml -o "$OP/tw.inp"
row "twins: a twin maat does not read is not converted" 2 \
	"$H/twin-injection.yaml#2: not converted: a twin is not supported" \
	-- convert $H/twin-injection.yaml -o "$OP/tw.inp"
row "twins: twins never read (the diagram unsupported) are not converted" 2 \
	"$H/twin-injection.yaml#3: not converted: its twins cannot be read (the diagram is not supported)" \
	-- convert $H/twin-injection.yaml -o "$OP/tw.inp"
cat >"$OP/tw.want" <<'EOF'
BeginProblem
Pieces White Ke1 Qa7 Rh1 Black Kc1
Stipulation #2
Option Try Defence 2 Variations
Twin Move a7 a8

EndProblem
EOF
check "twins: the sound puzzle written from the values maat read" cmp -s "$OP/tw.want" "$OP/tw.inp"

# ---- a twin is written as maat read it, not as the file spelled it: the
# twinnings in full ("REmove" read back from .inp as Remove wrote other bytes
# the second time round; found by fuzz_convert)
printf -- '---\nalgebraic:\n  white: [Ke1, Qa7, Rh1]\n  black: [Kc1]\nstipulation: "#2"\ntwins:\n  b: "move a7 a8"\n  c: "cont REmove a8 stip #3"\n' \
	>"$OP/tw2.yaml"
"$MAAT" convert "$OP/tw2.yaml" -o "$OP/tw2.inp" >/dev/null 2>&1
check "twins: written in full, as read" sh -c "grep -qx 'Twin Move a7 a8' '$OP/tw2.inp' &&
	grep -qx 'Twin Continued Remove a8 Stipulation #3' '$OP/tw2.inp'"

# ---- Popeye input: the same table, the arguments checked
printf 'BeginProblem\nPieces White Ke1 Qa7 Rh1 Black Kc1\nStipulation #2\nOption Defence 2x\nEndProblem\n' \
	>"$OP/d.inp"
row "Option Defence 2x: a number is whole" 2 "$OP/d.inp:4:16: option Defence needs a number" \
	-- verify "$OP/d.inp"

# ---- item 7: PostKeyPlay is another problem (the diagram is the position
# after the key, the other side moves): unsupported, naming the option; maat
# answered the diagram's #2 ("cooked #3: 5 keys" in the issue)
row "Option PostKeyPlay: unsupported, named" 0 \
	"$H/option-postkeyplay.inp:1: unsupported  #2: option 'PostKeyPlay' is not supported: the diagram is the position after the key" \
	-- verify "$H/option-postkeyplay.inp"

# ---- item 8: SetPlay where the play has none (ser-#2; h#0.5, hs#1 and hr#1
# are too short) is said, as Popeye says "SetPlay not applicable - ignored";
# hs#4's set play (Popeye's issue 439, Zujevas) is worked out and printed
row "Option SetPlay in ser-#2: a warning at the option" 1 \
	"$H/option-setplay-ser.inp:4:12: option SetPlay ignored: the play has no set play (Popeye: not applicable): warning" \
	-- verify "$H/option-setplay-ser.inp"
printf -- '---\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nstipulation: "hs#1"\noptions: [SetPlay]\n' >"$OP/sp.yaml"
row "options: SetPlay in hs#1: a warning at the entry" 1 \
	"$OP/sp.yaml:4:11: option SetPlay ignored: the play has no set play (Popeye: not applicable): warning" \
	-- verify "$OP/sp.yaml"
# (the plain run only: 8.5 s of CPU under ASan, 2.6 plain, a third of this
# file's; the sanitized run has the same code in smaller trees: the set play
# of hs#2 and ser-s#2 in Popeye's text (tests/data/popeye/reflex.inp, the
# claims suite), solve --format popeye of a .inp (49-popeye-language.sh))
if [ -z "$CLI_SANITIZED" ]; then
	row "hs#4 SetPlay: Popeye's first set-play line" 1 \
		"  1...a4-a3   2.Kd1-c2 Rb4-a4   3.Kc2-b3 Bf1-e2   4.Rd3-d1 + Be2*d1 #" \
		-- solve --format popeye "$H/option-setplay-hs4.inp"
	# (the same solve's output: one run)
	row_also "hs#4 SetPlay: Popeye's second set-play line" \
		"  1...Rb4-b1 +   2.Kd1-c2 Rb1-d1   3.Rd3-d4 Bf1-b5   4.Rd4*a4 + Bb5*a4 #"
fi

# ---- every hostile YAML converted to Popeye input: no line maat did not
# make (its commands, each with what maat read; the text lines Popeye reads
# to their end).  The option words and the twinnings are Popeye's English.
bad_lines() {
	awk '
	BEGIN {
		n = split("Defence SetPlay WhiteToPlay Variations MoveNumbers StartMoveNumber NoWk " \
			"Duplex NoBk Threat NoThreat Try MaxSolutions MaxFlightsquares Search " \
			"MultiSolutions NoSymmetry NonTrivial KeepMatingPiece EnPassant NoBoard " \
			"NoShortVariations HalfDuplex PostKeyPlay Intelligent MaxTime NoCastling " \
			"Quodlibet StopOnShortSolutions Beep SuppressGrid WriteGrid " \
			"CastlingMutuallyExclusive GoalIsEnd unpublishedoption NullMoves " \
			"UpToMoveNumber TrivialTriesAvoid MatesIn1", w, " ")
		for (i = 1; i <= n; i++) opt[w[i]] = 1
		n = split("continued move exchange remove add substitute stipulation rotate " \
			"mirror shift polishtype white black", w, " ")
		for (i = 1; i <= n; i++) tw[w[i]] = 1
	}
	function arg(a) { return a ~ /^[0-9]+(:[0-9]+)*$/ || a ~ /^([a-h][1-8])+$/ }
	/^$/ || /^(BeginProblem|NextProblem|EndProblem)$/ { next }
	/^(Author|Origin|Award|Title) / { next }
	/^Pieces( White( [KQRBSP][a-h][1-8])+)?( Black( [KQRBSP][a-h][1-8])+)?$/ { next }
	/^Stipulation [^ ]+$/ { next }
	/^Option / {
		ok = NF > 1
		for (i = 2; i <= NF; i++)
			if (!($i in opt) && !arg($i)) ok = 0
		if (ok) next
	}
	/^(Twin|ZeroPosition) / {
		ok = NF > 1
		for (i = 2; i <= NF; i++) {
			t = tolower($i)
			if (!(t in tw) && !arg(t) && t !~ /^[kqrbsp]([a-h][1-8])+$/ &&
			    t !~ /^[kqrbsp]$/ && t !~ /^[a-z-]*[#=+x0~][0-9.]*$/ && t !~ /^-?[0-9]+$/)
				ok = 0
		}
		if (ok) next
	}
	{ print FILENAME ": " $0; bad++ }
	END { exit bad > 0 }' "$@"
}
converted=0
for f in $H/*.yaml; do
	out="$OP/all/$(basename "$f" .yaml).inp"
	mkdir -p "$OP/all"
	timeout 60 "$MAAT" convert "$f" -o "$out" >/dev/null 2>&1
	[ -e "$out" ] && converted=$((converted + 1))
done
check "hostile YAML -> .inp: some converted (the check has something to check)" test "$converted" -ge 10
check "hostile YAML -> .inp: every line one maat makes" bad_lines "$OP"/all/*.inp

rm -rf "$OP"
