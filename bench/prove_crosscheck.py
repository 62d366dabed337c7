#!/usr/bin/env python3
"""The prover against the exact search (issue 13): every Upuaut puzzle.

For each position of the puzzle files given (default: puzzles/upuaut/),
`maat prove --shortest` gives the value and the least number of the
winner's moves S.  `maat solve` (the full-width search, nothing shared with
the prover but the move generator) must then agree:

  the side to move wins in S:  `solve --stip "win in S"` has keys, and the
      least of their "wins in" is S (so no win in S-1);
  the side to move loses:      after each of its moves (perft --divide 1,
      the move made on the position string, rules U3-U5), the winner's
      `solve --stip "win in S"` has keys, and the largest of the least
      "wins in" is S.

With --proof FILE N, N positions spread over a proof file (the winner to
move there) are compared in the same way, those whose shortest win is at
most 6 moves (deeper ones are too slow for the full-width search): the
start position's proof, for instance, position by position.

Prints one line per position and exits 1 at the first disagreement, with
the position where prover and search part.

    python3 bench/prove_crosscheck.py [./maat] [--proof FILE N] [FILE...]
"""
import json
import subprocess
import sys


def run(maat, *args):
    out = subprocess.run([maat, *args], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("maat %s: exit %d: %s" % (" ".join(args), out.returncode, out.stderr))
    return out.stdout


def positions(maat, files):
    seen = []
    for line in run(maat, "solve", "--json", "--no-time", "--max-time", "1", *files).splitlines():
        p = json.loads(line)
        if p.get("game") == "upuaut" and p["position"] not in seen:
            seen.append(p["position"])
    return seen


def after(position, move):
    """The Upuaut position string after the move (from-to; the piece on the
    target, of either colour, is taken: U4, U5); the other side to move."""
    board, side = position.split()
    grid = []
    for rank in board.split("/"):  # rank 6 first
        row = ""
        for ch in rank:
            row += "." * int(ch) if ch.isdigit() else ch
        grid.append(list(row))

    def at(sq):
        return 6 - int(sq[1]), ord(sq[0]) - ord("a")

    (r0, f0), (r1, f1) = at(move[:2]), at(move[2:4])
    grid[r1][f1], grid[r0][f0] = grid[r0][f0], "."
    ranks = []
    for row in grid:
        text, run_ = "", 0
        for ch in row:
            if ch == ".":
                run_ += 1
                continue
            text += (str(run_) if run_ else "") + ch
            run_ = 0
        ranks.append(text + (str(run_) if run_ else ""))
    return "/".join(ranks) + (" b" if side == "w" else " w")


def least_win(maat, position, n):
    """The least number of moves in which the side to move wins, within n
    (None: no win within n), by maat solve."""
    out = json.loads(run(maat, "solve", "--game", "upuaut", "--position", position,
                         "--stip", "win in %d" % n, "--json", "--no-time"))
    return min(out["keys"].values()) if out["keys"] else None


def proof_sample(path, n):
    """n positions spread evenly over the proof file's lines."""
    with open(path) as f:
        lines = [l.rsplit(" ", 1)[0] for l in f if l.strip() and not l.startswith("#")]
    step = max(1, len(lines) // n)
    return lines[::step][:n]


MAX_SOLVE = 6  # deeper wins take the full-width search too long


def main():
    args = sys.argv[1:]
    maat = args.pop(0) if args and args[0] != "--proof" and not args[0].endswith((".yaml", "/")) \
        else "./maat"
    sample = []
    if args[:1] == ["--proof"]:
        sample = proof_sample(args[1], int(args[2]))
        args = args[3:]
    todo = positions(maat, args or ["puzzles/upuaut/"]) if args or not sample else []
    agree = 0
    for pos in todo + sample:
        p = json.loads(run(maat, "prove", "--game", "upuaut", "--position", pos,
                           "--shortest", "--json", "--hash", "64"))
        s = p.get("shortest")
        if pos in sample and (s is None or s > MAX_SOLVE):
            print("%-28s prove: %s, %s wins in %s; too deep for solve, skipped"
                  % (pos, p["value"], p.get("winner"), s))
            continue
        if p["value"] == "win":
            got = least_win(maat, pos, s)
            how = "solve: wins in %s" % got
            ok = got == s
        elif p["value"] == "loss":
            divide = json.loads(run(maat, "perft", "--game", "upuaut", "--position", pos,
                                    "--divide", "--json", "1"))["divide"]
            worst, ok = 0, True
            for m in sorted(divide):
                got = least_win(maat, after(pos, m), s)
                if got is None:
                    print("%s: after %s the prover's winner has no win in %d by solve"
                          % (pos, m, s))
                    ok = False
                    break
                worst = max(worst, got)
            how = "solve: every reply answered, the longest in %d" % worst
            ok = ok and worst == s
        else:
            how, ok = "no win to compare", False
        print("%-28s prove: %s, %s wins in %s; %s: %s"
              % (pos, p["value"], p.get("winner"), s, how, "agree" if ok else "DISAGREE"))
        if not ok:
            return 1
        agree += 1
    print("prove and solve agree on all %d positions" % agree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
