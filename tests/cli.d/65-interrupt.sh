# Ctrl-C (sourced by tests/cli.sh): SIGINT in the middle of a batch, of a
# solve, of a diagram being written and of a composition.  What was finished
# is reported, with the summary; the status is 130; no output file is left
# half written and no temporary file behind.
ID=$(mktemp -d /tmp/maat-interrupt.XXXXXX)

# wait_for CONDITION...: up to 60 s for a shell condition to hold
wait_for() {
	wn=0
	while ! eval "$1" 2>/dev/null; do
		wn=$((wn + 1))
		[ $wn -le 1200 ] || return 1
		sleep 0.05
	done
}
# start ARGS...: maat in the background, its output in $ID/out and $ID/err.
# A background job of a non-interactive shell ignores SIGINT (POSIX); GNU
# timeout catches it, so maat starts with SIGINT as from a terminal; and no
# run outlives the test, whatever happens.  The signals go to maat itself
# (sig, below), not through timeout.
# The files are emptied here, not only by the background job's redirection:
# that happens when the job is scheduled, and a wait_for run before it read
# the last run's output ("#1: sound"), stopped a maat that had not started,
# and saw an empty file (seen under ASan on a loaded machine).
start() {
	: >"$ID/out"
	: >"$ID/err"
	timeout --foreground -s KILL 120 "$MAAT" "$@" >"$ID/out" 2>"$ID/err" &
	ipid=$!
}
# sig SIGNAL: the signal to maat (or, before it runs, to $ipid).  Not
# through timeout: timeout has a window after its fork, before it knows
# its child, in which a signal makes it exit 128+signal and leave maat
# running (coreutils' timeout.c, cleanup()); on a loaded machine maat
# printed its first result in that window and the checks after Ctrl-C
# failed, maat's summary never written (stop 42, about one run in ten).
sig() {
	if maat_pid; then
		kill "-$1" "$mp"
	else
		kill "-$1" "$ipid"
	fi
}
# stop: Ctrl-C, then the status in $irc
stop() {
	sig INT
	wait "$ipid"
	irc=$?
}
# Nothing below waits a fixed time and hopes: each signal is sent when an
# event shows that maat is where the check wants it, however loaded the
# machine (a sleep of 1 s was too short on a busy one).
# maat_pid: maat's process, the child of timeout (or $ipid itself)
maat_pid() {
	mp=$(cat "/proc/$ipid/task/$ipid/children" 2>/dev/null)
	mp=${mp%% *}
	[ -n "$mp" ] || mp=$ipid
	[ "$(cat "/proc/$mp/comm" 2>/dev/null)" = maat ]
}
# catching: maat catches SIGINT now (its handler is in place)
catching() {
	maat_pid || return 1
	mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$mp/status" 2>/dev/null)
	[ -n "$mask" ] && [ $((0x${mask#"${mask%??}"} & 2)) != 0 ]
}
# busy TICKS: maat catches SIGINT and has used TICKS clock ticks of CPU
# (100 a second): it is deep in its search, whatever the load
busy() {
	catching || return 1
	# after "PID (comm) ": the state is field 3 of proc(5), here $2;
	# utime and stime are fields 14 and 15, here $13 and $14
	set -- "$1" $(sed 's/^.*) //' "/proc/$mp/stat" 2>/dev/null)
	[ $# -gt 14 ] && eval "[ \$((\${13} + \${14})) -ge $1 ]"
}
# asleep: maat catches SIGINT and sleeps (blocked on a FIFO with no writer)
asleep() {
	catching && [ "$(sed 's/^.*) //' "/proc/$mp/stat" 2>/dev/null | cut -d' ' -f1)" = S ]
}
# ignoring: maat runs, SIGINT ignored (from its parent)
ignoring() {
	maat_pid || return 1
	mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' "/proc/$mp/status" 2>/dev/null)
	[ -n "$mask" ] && [ $((0x${mask#"${mask%??}"} & 2)) != 0 ]
}
# threads N: maat runs at most N threads
threads() {
	maat_pid && [ "$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$mp/status")" -le "$1" ]
}

# same NAME WANT-STATUS EXACT-LINE FILE: the status and a whole line of FILE
same() {
	if [ "$irc" = "$2" ] && grep -qxF -- "$3" "$4"; then
		ok
	else
		bad "interrupt: $1: exit $irc (want $2), want the line: $3"
		head -5 "$ID/out" "$ID/err" >&2
	fi
}

S=tests/data/slow-collection.yaml

# ---- verify, one thread: #1 reported, #2 cut, #3 never started
start verify -j 1 --hash 8 "$S"
wait_for "grep -q '#1: sound' '$ID/out'" || bad "interrupt: verify -j 1: no first result"
stop
same "verify -j 1: the finished puzzle" 130 "$S#1: sound  #1  1.Ra1-a8#!" "$ID/out"
same "verify -j 1: the summary" 130 "3 puzzles: 1 sound, 2 not checked (interrupted)" "$ID/out"
check "interrupt: verify -j 1: nothing about the cut puzzle" sh -c "! grep -q '#2' '$ID/out'"

# ---- verify, two threads: #3 finished beside the slow one, reported too
# (results come in input order: #3 is known to be done when the thread
# that did #1 and #3 has ended, maat's main thread and #2's left)
start verify -j 2 --hash 8 "$S"
wait_for "grep -q '#1: sound' '$ID/out'" || bad "interrupt: verify -j 2: no first result"
wait_for "threads 2" || bad "interrupt: verify -j 2: #3's thread never ended"
stop
same "verify -j 2: the puzzle after the cut one" 130 "$S#3: sound  #1  1.Ra1-a8#!" "$ID/out"
same "verify -j 2: the summary" 130 "3 puzzles: 2 sound, 1 not checked (interrupted)" "$ID/out"

# ---- Ctrl-C while the files are still read (issue 11: maat died by the
# signal, no summary): a FIFO named on the command line waits for a writer
mkfifo "$ID/wait.yaml"
start verify -j 1 tests/verdicts/sound.yaml "$ID/wait.yaml"
wait_for asleep || bad "interrupt: verify: never waited on the FIFO"
stop
same "verify: Ctrl-C while reading the files: the summary" 130 \
	"1 puzzle: 1 not checked (interrupted), 1 file not read" "$ID/out"
rm -f "$ID/wait.yaml"

# ---- convert and render: Ctrl-C while the files are read writes nothing
# and says so (both ended with status 130 and nothing said)
mkfifo "$ID/wait.yaml"
echo old >"$ID/old.yaml"
start convert tests/verdicts/sound.yaml "$ID/wait.yaml" -o "$ID/old.yaml"
wait_for asleep || bad "interrupt: convert: never waited on the FIFO"
stop
same "convert: Ctrl-C while reading: said" 130 \
	"maat: convert: interrupted while reading the files: nothing written (the file is as it was)" "$ID/err"
check "interrupt: convert: Ctrl-C while reading: the old file" test "$(cat "$ID/old.yaml")" = old
start render tests/verdicts/sound.yaml "$ID/wait.yaml" -o "$ID/r.pdf"
wait_for asleep || bad "interrupt: render: never waited on the FIFO"
stop
same "render: Ctrl-C while reading: said" 130 \
	"maat: render: interrupted while reading the files: nothing written (the file is as it was)" "$ID/err"
check "interrupt: render: Ctrl-C while reading: no file" test ! -e "$ID/r.pdf"
rm -f "$ID/wait.yaml" "$ID/old.yaml"

# ---- SIGINT ignored (nohup, a background job): maat goes on to the end
ignored() { # ARGS...: maat with SIGINT ignored, in the background
	sh -c 'trap "" INT; exec "$@"' sh "$MAAT" "$@" >"$ID/out" 2>"$ID/err" &
	ipid=$!
}
ignored verify --max-time 2 --hash 8 tests/data/keys-then-timeout.yaml
wait_for ignoring || bad "interrupt: verify, SIGINT ignored: maat never ran"
stop
same "verify, SIGINT ignored: to the end (two keys before --max-time: cooked)" 1 "2 puzzles: 1 sound, 1 cooked" "$ID/out"

# ---- verify --json: the objects so far, the count on stderr
start verify --json --no-time -j 1 --hash 8 "$S"
wait_for "grep -q '\"index\":1' '$ID/out'" || bad "interrupt: verify --json: no first result"
stop
same "verify --json: interrupted" 130 "maat: interrupted: 2 of 3 puzzles not checked" "$ID/err"
check "interrupt: verify --json: one whole object" sh -c "[ \$(grep -c '^{.*}\$' '$ID/out') = 1 ]"

# ---- solve --game/--position: the report all the same (issue 23, 19: maat
# died by the signal, with nothing said)
start solve --hash 8 --game chess --position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
	--stip "#9"
wait_for "busy 20" || bad "interrupt: solve: never searched"
stop
same "solve: the report" 130 "(command line): timeout  #9: interrupted before an answer" "$ID/out"
same "solve: said so" 130 "maat: interrupted" "$ID/err"
start solve --json --no-time --hash 8 --game chess --stip "#9"
wait_for "busy 20" || bad "interrupt: solve --json: never searched"
stop
check "interrupt: solve --json: the object" sh -c "[ \$(grep -c '^{.*\"verdict\":\"timeout\".*}\$' '$ID/out') = 1 ]"

# ---- prove: what is known is reported, and Ctrl-C is said to be no limit
# (it was "value: unknown (stopped by a limit)", nothing on stderr)
start prove --game tavlei --hash 8 --no-time
wait_for "busy 20" || bad "interrupt: prove: never searched"
stop
same "prove: the value" 130 "value: unknown (interrupted)" "$ID/out"
same "prove: said so" 130 "maat: interrupted" "$ID/err"

# ---- prove --shortest: Ctrl-C while shortening writes and checks nothing
# after it (issue 25 part 4: the value's proof, kept for the shortening,
# was still made, checked and written over --proof FILE): no proof was
# checked before the stop, so the value is not told, and the file stays
# as it was.  The value's search here is 3 s of CPU, "within 18" 8 s more.
echo old >"$ID/old.proof"
start prove --game upuaut --position "bbkb1/5/5/5/5/1BKBB w" --shortest --verbose --hash 64 \
	--proof "$ID/old.proof"
wait_for "grep -q 'black wins within 19? yes' '$ID/err'" || bad "interrupt: prove --shortest: never shortened"
stop
same "prove --shortest: the value, not checked" 130 \
	"value: unknown (interrupted while shortening the win)" "$ID/out"
same "prove --shortest: said so" 130 \
	"maat: prove: interrupted: no proof written (the file is as it was)" "$ID/err"
check "interrupt: prove --shortest: nothing checked after the stop" \
	sh -c "! grep -q 'proof checked' '$ID/err'"
check "interrupt: prove --shortest: the old file" test "$(cat "$ID/old.proof")" = old
check "interrupt: prove --shortest: no temporary file" sh -c "! ls '$ID' | grep -q tmp"
rm -f "$ID/old.proof"

# ---- prove: Ctrl-C while the proof is checked stops the check (issue 25
# part 4: the check of a complete proof went on to the end, and the value
# and the proof were told).  The log is read as maat writes it, through a
# FIFO, and Ctrl-C sent the moment the re-walk is told complete: the proof
# is made and checked next (0.3 s of CPU here; the search before it 3 s).
echo old >"$ID/old.proof"
mkfifo "$ID/log"
: >"$ID/err"
timeout --foreground -s KILL 120 "$MAAT" prove --game upuaut --position "bbkb1/5/5/5/5/1BKBB w" \
	--verbose --hash 64 --proof "$ID/old.proof" >"$ID/out" 2>"$ID/log" &
ipid=$!
sent=
while IFS= read -r line; do
	printf '%s\n' "$line" >>"$ID/err"
	case $line in
	*"strategy re-walked: complete"*)
		[ -n "$sent" ] || sig INT
		sent=1
		;;
	esac
done <"$ID/log"
wait "$ipid"
irc=$?
rm -f "$ID/log"
check "interrupt: prove, checking: Ctrl-C sent" [ -n "$sent" ]
same "prove, checking: the value, not checked" 130 \
	"value: unknown (interrupted while checking the proof)" "$ID/out"
check "interrupt: prove, checking: the check stopped" grep -q "^prove: proof checked: stopped" "$ID/err"
same "prove, checking: said so" 130 \
	"maat: prove: interrupted: no proof written (the file is as it was)" "$ID/err"
check "interrupt: prove, checking: the old file" test "$(cat "$ID/old.proof")" = old
rm -f "$ID/old.proof"

# ---- render into one PDF: Ctrl-C while the temporary file is written
i=0
while [ $i -lt 20 ]; do
	cat puzzles/chess/*.yaml && echo "---"
	i=$((i + 1))
done >"$ID/many.yaml"
start render "$ID/many.yaml" -o "$ID/many.pdf"
wait_for "ls '$ID'/many.pdf.tmp* >/dev/null 2>&1" || bad "interrupt: render: no temporary file seen"
stop
check "interrupt: render: exit 130" [ "$irc" = 130 ]
check "interrupt: render: no PDF, no temporary file" sh -c "! ls '$ID' | grep -q -e pdf -e tmp"

# ---- render, SIGINT ignored: the whole PDF all the same (issue 11)
ignored render "$ID/many.yaml" -o "$ID/ignored.pdf"
wait_for "ls '$ID'/ignored.pdf.tmp* >/dev/null 2>&1" || bad "interrupt: render, SIGINT ignored: no temporary file seen"
stop
check "interrupt: render, SIGINT ignored: exit 0" [ "$irc" = 0 ]
check "interrupt: render, SIGINT ignored: the PDF, whole" sh -c "tail -c 8 '$ID/ignored.pdf' | grep -q EOF"
rm -f "$ID/ignored.pdf"

# ---- render into a directory: the files written are whole, none half
start render "$ID/many.yaml" -o "$ID/png/" --format png
wait_for "[ \$(ls '$ID/png' 2>/dev/null | wc -l) -ge 3 ]" || bad "interrupt: render -o DIR: no files seen"
stop
check "interrupt: render -o DIR: exit 130" [ "$irc" = 130 ]
check "interrupt: render -o DIR: no temporary file" sh -c "! ls '$ID/png' | grep -q tmp"
check "interrupt: render -o DIR: every PNG whole" sh -c "for f in '$ID'/png/*.png; do
	tail -c 12 \"\$f\" | od -An -c | tr -d ' \n' | grep -q 'IEND' || exit 1; done"

# ---- convert --solve: Ctrl-C while solving leaves the old file as it was
# (it was replaced by the puzzles without the solutions not yet found)
for ext in yaml inp; do
	echo old >"$ID/old.$ext"
	start convert --solve --hash 8 "$S" -o "$ID/old.$ext"
	wait_for "busy 20" || bad "interrupt: convert --solve: never searched"
	stop
	same "convert --solve -o .$ext: nothing written" 130 \
		"maat: convert: interrupted: nothing written (the file is as it was)" "$ID/err"
	check "interrupt: convert --solve -o .$ext: the old file" test "$(cat "$ID/old.$ext")" = old
	check "interrupt: convert --solve -o .$ext: no temporary file" sh -c "! ls '$ID' | grep -q tmp"
done

# ---- render's solving (--solutions, --key): Ctrl-C while solving draws
# and writes nothing, and says so with the puzzle it was solving (maat died
# by the signal, exit 130, with nothing said); the old file as it was
for ext in pdf tex; do
	echo old >"$ID/old.$ext"
	start render "$S" --solutions -o "$ID/old.$ext"
	wait_for "busy 20" || bad "interrupt: render --solutions: never searched"
	stop
	same "render --solutions -o .$ext: said so" 130 \
		"maat: render: interrupted while solving $S#2: nothing written (the file is as it was)" "$ID/err"
	check "interrupt: render --solutions -o .$ext: the old file" test "$(cat "$ID/old.$ext")" = old
	check "interrupt: render --solutions -o .$ext: no temporary file" sh -c "! ls '$ID' | grep -q tmp"
done
start render "$S" --key -o "$ID/keys/"
wait_for "busy 20" || bad "interrupt: render --key: never searched"
stop
same "render --key -o DIR/: said so" 130 \
	"maat: render: interrupted while solving $S#2: nothing written" "$ID/err"
check "interrupt: render --key -o DIR/: no file" sh -c "! ls '$ID/keys' 2>/dev/null | grep -q ."

# ---- check-proof: Ctrl-C while the proof is checked gives no verdict and
# says so (maat died by the signal, exit 130, nothing said).  1.5 million
# lines of one position (each one checked, the repeats errors): about a
# second of checking, far longer than the 0.05 s between looks; the signal
# is sent once maat's handler is in place, before the file is read
{
	head -4 tests/fuzz/corpus-proof/upuaut-47c8593f.proof
	awk 'BEGIN { for (i = 0; i < 1500000; i++) print "2B2/3B1/1k1K1/5/2B2/5 w d5d6" }'
} >"$ID/long.proof"
start check-proof "$ID/long.proof"
wait_for catching || bad "interrupt: check-proof: never caught SIGINT"
stop
same "check-proof: said so" 130 \
	"maat: check-proof: interrupted: $ID/long.proof not checked (no verdict; nothing written)" "$ID/err"
check "interrupt: check-proof: no verdict" test ! -s "$ID/out"
rm -f "$ID/long.proof"

# ---- compose: Ctrl-C or SIGTERM ends the search, and what it found is
# written, whole (issue 11: all of it was thrown away)
mkdir "$ID/composed"
start compose --game upuaut --stip "win in 2" --count 100000 --seed 7 -j 1 -o "$ID/composed/out.yaml"
wait_for "busy 100" || bad "interrupt: compose: never searched"
stop
check "interrupt: compose: exit 130" [ "$irc" = 130 ]
same "interrupt: compose: what was found is written" 130 \
	"compose: interrupted: stopped, $(grep -c '^---' "$ID/composed/out.yaml" 2>/dev/null) problems found and written" "$ID/err"
expect "interrupt: compose: each of them sound" 0 " sound" -- verify "$ID/composed/out.yaml"
check "interrupt: compose: no temporary file" sh -c "! ls '$ID/composed' | grep -q tmp"
# (a second of CPU finds dozens, whatever the load)
start compose --game upuaut --stip "win in 2" --count 100000 --seed 8 -j 1 -o "$ID/composed/dir/"
wait_for "busy 100" || bad "interrupt: compose SIGTERM: never searched"
sig TERM
wait "$ipid"
irc=$?
check "interrupt: compose SIGTERM: exit 143" [ "$irc" = 143 ]
same "interrupt: compose SIGTERM: the files written" 143 \
	"compose: terminated: stopped, $(ls "$ID/composed/dir" | grep -c 'yaml$') problems found and written" "$ID/err"
check "interrupt: compose SIGTERM: some found" test "$(ls "$ID/composed/dir" | wc -l)" -gt 0

rm -rf "$ID"
