# What Popeye's own files hold, read as Popeye reads them (sourced by
# tests/cli.sh): each problem below is copied from the file named, and maat
# said something of it that Popeye does not (maat verify over BEISPIEL,
# EXAMPLES, REGRESSIONS, TESTS of Popeye 4.103).
PF=$(mktemp -d /tmp/maat-pyfiles.XXXXXX)
pf_row() { # NAME STATUS EXPECTED-LINE PROBLEM-LINES
	printf 'BeginProblem\n%s\nEndProblem\n' "$4" >"$PF/p.inp"
	expect "popeye files: $1" "$2" "$3" -- verify "$PF/p.inp"
	out=$("$MAAT" verify "$PF/p.inp" 2>&1)
	case $out in *warning*|*"unknown command"*) bad "popeye files: $1: $out" ;; *) ok ;; esac
}
# REGRESSIONS/4_51_to_4_53.inp: a=>b's second Forsyth is the position to
# reach, not more men on the diagram ("two pieces on one square" for each of
# its men), and its length "1.0" is the stipulation's ("unknown command")
pf_row "a=>b: the position after the stipulation is the target" 0 \
	"$PF/p.inp:1: unsupported  \"to castle in proof games and a=>b\": proof game (A=>B1.0) is not supported" \
	"title to castle in proof games and a=>b
forsyth krR5/8/8/8/8/8/8/4K3
stip A=>B 1.0
forsyth k1r5/8/8/8/8/8/8/5RK1"
# REGRESSIONS/4_63_to_4_65.inp: EnPassant of four squares (py-engl.txt:
# "Must be followed by 3-4 squares"), Einstein chess's triple step
pf_row "EnPassant with four squares" 0 \
	"$PF/p.inp:1: unsupported  #1: EnPassant d8d7d6d5: a pawn's step over two squares is not supported" \
	"pieces white ke1 pc6e5 black ke8 pd5
stip #1
option enpassant d8d7d6d5"
# REGRESSIONS/4_89_to_4_91.inp: a length past maat's is good Popeye
pf_row "ser-h#277" 0 "$PF/p.inp:1: unsupported: ser-h#277: maat plays up to 60 moves" \
	"pieces white ka1 black kh8
stip ser-h#277"
# REGRESSIONS/4_79_to_4_81.inp, 4_75_to_4_77.inp: no king (Popeye says "both
# sides need a king", and solves: REGRESSIONTESTS/4_79_to_4_81.reg)
pf_row "no king" 0 "$PF/p.inp:1: unsupported  hx1: a position without kings is not supported" \
	"pieces white pe5 black pc7d5
option enpassant d7d6d5
stipulation hx1"
pf_row "no black king" 0 "$PF/p.inp:1: unsupported  #1: a position without a black king is not supported" \
	"pieces white KH1
stipulation #1"
pf_row "a twin that takes a king away" 0 "$PF/p.inp:1 twin b): unsupported  #1: a position without a black king is not supported" \
	"pieces white kg6 ra1 black kh8
stipulation #1
twin remove h8"
# EXAMPLES/proteanp.inp: "cond prot" is ProteanChess, not Protocol (the
# word after Condition is read as a condition first)
pf_row "a condition that starts as a command" 0 "$PF/p.inp:1: unsupported  #1: fairy condition 'prot' is not supported" \
	"pieces white kg6 ra1 black kh8
stip #1
cond prot"
# REGRESSIONS/4_43_to_4_45.inp: the same in series play
pf_row "ser-a=>b" 0 "$PF/p.inp:1: unsupported  \"some solutions were not found in ser-a=>b without black king\": " \
	"title some solutions were not found in ser-a=>b without black king
Pieces
White Ka2
Black Rh8 Pa4
Stipulation ser-a=>b2
Pieces
White Ka4
Black Rh8
Option NoBk"
# BEISPIEL/verlorenesteine.inp: 'ohnebk' is no option (NoBk is OhneSk):
# Popeye's "Option nicht erkannt", not an unknown command
printf 'AnfangProblem\nsteine weiss ba3b4 schwarz bb5\noption ohnewk ohnebk\nforderung ~1\nendeproblem\n' >"$PF/d.inp"
expect "popeye files: a word after the options that is none" 2 "$PF/d.inp:3:15: Option: unknown option 'ohnebk'" -- verify "$PF/d.inp"
rm -rf "$PF"
