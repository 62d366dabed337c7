# Hardening, round 3 (issue 23; sourced by tests/cli.sh after 60-hostile.sh,
# whose row helper it uses): each item's input under tests/hostile/, the
# exit status and an exact line.
H=tests/hostile
R3=$(mktemp -d /tmp/maat-round3.XXXXXX)

# ---- 5: an EPD bm that is no legal move is a claim mismatch, as in YAML
# (it was a warning and "sound", exit 0)
row "epd: bm of a knight the position has not" 1 \
	"$H/epd-bm-illegal.epd:1: claim mismatch  #1  \"bm names no man of the position\": the file's 1.Ncd5 is not a legal move in the diagram; the key is 1.Ra1-a8" \
	-- verify $H/epd-bm-illegal.epd
row "epd: bm of a move the rook cannot make" 1 \
	"$H/epd-bm-illegal.epd:2: claim mismatch  #1  \"bm the rook cannot play\": the file's 1.Rb8 is not a legal move in the diagram; the key is 1.Ra1-a8" \
	-- verify $H/epd-bm-illegal.epd
row "epd: bm the key" 1 "$H/epd-bm-illegal.epd:3: sound  #1  \"bm the key\"  1.Ra1-a8!" \
	-- verify $H/epd-bm-illegal.epd
row "epd: ... the summary" 1 "3 puzzles: 1 sound, 2 claim mismatches" -- verify $H/epd-bm-illegal.epd
printf 'fen: "7k/8/6K1/8/8/8/8/R7 w - - 0 1"\nstipulation: "#1"\nsolution: "1.Ncd5!"\n' >"$R3/bm.yaml"
row "epd: the same claim in YAML" 1 \
	"$R3/bm.yaml: claim mismatch  #1: the file's 1.Ncd5 is not a legal move in the diagram; the key is 1.Ra1-a8" \
	-- verify "$R3/bm.yaml"

rm -rf "$R3"
