#!/usr/bin/env python3
"""compose_judge.py -- the first checks a judge makes of composed problems
(issue 22), from outside: it reads the YAML maat compose writes (or any
collection in that shape) with its own small parser and looks only at the
diagram and the solution text, never at maat's score.

    python3 tools/compose_judge.py FILE.yaml [FILE.yaml ...]

For each problem, five checks (1 point each, the mark is their sum, at
least 1):
  quiet      the key neither captures ('x') nor checks ('+'); in Morok no
             attack on the king either cannot be seen from the text, so
             Morok's keys are checked for captures only
  not-lone   the side that does not win has more than its king
             (direct play; help and self play pass)
  wins       at least two different wins: different winning moves after
             the key (threat and variations; help play: different last
             moves of the solutions)
  legal      no promoted force (chess, Morok: more than one queen, two
             rooks, knights, or a second bishop on one square colour)
  unique     no earlier problem of the files has the same key with at most
             two squares different (near-duplicate)
These marks are a stand-in for a judge's, not a judge: they say whether a
problem passes the issue's first checks, nothing of its beauty.
Standard library only.
"""
import re
import sys

from compose_common import documents, first_side, promoted

PIECES_CHESS = "KQRBSNP"


def parse(doc):
    p = {"board": None, "white": [], "black": [], "solution": [], "game": "chess"}
    i = 0
    while i < len(doc):
        line = doc[i]
        if line.startswith("game:"):
            p["game"] = line.split(":", 1)[1].strip()
        elif line.startswith("stipulation:"):
            p["stip"] = line.split(":", 1)[1].strip().strip('"')
        elif line.startswith("title:"):
            p["title"] = line.split(":", 1)[1].strip().strip('"')
        elif "Title:" in line and line.strip().startswith('- "Title:'):
            p["title"] = line.split("Title:", 1)[1].strip().strip('"')
        elif line.startswith("to-move:"):
            p["to_move"] = line.split(":", 1)[1].strip()
        elif line.startswith("fen:"):
            p["fen"] = line.split(":", 1)[1].strip().strip('"')
        elif line.startswith("  white:") or line.startswith("  black:"):
            side, men = line.strip().split(":", 1)
            p[side] = [m.strip() for m in men.strip().strip("[]").split(",") if m.strip()]
        elif line.startswith("board:"):
            rows = []
            i += 1
            while i < len(doc) and doc[i].startswith("  "):
                rows.append(doc[i].split())
                i += 1
            p["board"] = rows
            continue
        elif line.startswith("solution:"):
            i += 1
            while i < len(doc) and (doc[i].startswith("  ") or not doc[i].strip()):
                p["solution"].append(doc[i].strip())
                i += 1
            continue
        i += 1
    return p


def squares(p):
    """{square: letter} with upper case for the first side."""
    out = {}
    if p.get("fen"):
        rows = p["fen"].split()[0].split("/")
        for r, row in enumerate(rows):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    out[(f, len(rows) - 1 - r)] = ch
                    f += 1
    elif p["board"]:
        rows = p["board"]
        for r, row in enumerate(rows):
            for f, ch in enumerate(row):
                if ch != ".":
                    out[(f, len(rows) - 1 - r)] = ch
    else:
        for side in ("white", "black"):
            for m in p[side]:
                letter, sq = (m[0], m[1:]) if m[0] in PIECES_CHESS else ("P", m)
                f, r = ord(sq[0]) - 97, int(sq[1:]) - 1
                out[(f, r)] = letter if side == "white" else letter.lower()
    return out


def key_and_wins(p):
    key = None
    wins = set()
    for line in p["solution"]:
        m = re.match(r"1\.(\S+)!", line)
        if m:
            key = m.group(1)
            t = re.search(r"threat: 2\.(\S+)", line)
            if t:
                wins.add(t.group(1))
            continue
        if key:
            m = re.match(r"1\.\.\.\S+ 2\.(\S+)", line)
            if m:
                wins.add(m.group(1))
    return key, wins


def help_wins(p):
    last = set()
    for line in p["solution"]:
        moves = [w for w in line.split() if not re.match(r"^\d+\.+$", w)]
        moves = [re.sub(r"^\d+\.+", "", w) for w in moves if w]
        if moves:
            last.add(moves[-1])
    return last


def main(paths):
    problems = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for doc in documents(fh.read()):
                p = parse(doc)
                if p.get("stip") and p["solution"]:
                    p["file"] = path
                    problems.append(p)
    marks = []
    seen = []
    for n, p in enumerate(problems, 1):
        sq = squares(p)
        stip = p["stip"]
        help_play = stip.startswith("h") or "help" in stip or "ser" in stip
        direct = not help_play and not stip.startswith(("s#", "r#", "self", "reflex"))
        checks = {}
        if help_play:
            key, wins = None, help_wins(p)
            checks["quiet"] = True
        else:
            key, wins = key_and_wins(p)
            checks["quiet"] = bool(key) and "x" not in key and "+" not in key
        # the defending side: the one not to move in direct play
        first = [v for v in sq.values() if first_side(p["game"], v)]
        second = [v for v in sq.values() if not first_side(p["game"], v)]
        to_move_first = True
        if p.get("fen") and len(p["fen"].split()) > 1:
            to_move_first = p["fen"].split()[1] == "w"
        elif p.get("to_move"):
            to_move_first = p["to_move"] in ("white", "attackers")
        defender = second if to_move_first else first
        checks["not-lone"] = not direct or len(defender) > 1
        checks["wins"] = not direct or len(wins) >= 2
        checks["legal"] = not promoted(p["game"], sq)
        dup = False
        for q_key, q_sq in seen:
            if key and q_key == key:
                diff = set(sq.items()) ^ set(q_sq.items())
                if len({s for s, _ in diff}) <= 2:
                    dup = True
        seen.append((key, sq))
        checks["unique"] = not dup
        mark = max(1, sum(checks.values()))
        marks.append(mark)
        failed = [k for k, v in checks.items() if not v]
        print("%3d %s %-8s %-34s key %-10s wins %d mark %d%s" % (
            n, p["game"], stip, p.get("title", "?")[:34], key or "-", len(wins), mark,
            (" (fails: " + ", ".join(failed) + ")") if failed else ""))
    if marks:
        passing = sum(1 for m in marks if m == 5)
        print("%d problems: mean mark %.2f, %d pass every check, lowest %d" % (
            len(marks), sum(marks) / len(marks), passing, min(marks)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
