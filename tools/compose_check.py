#!/usr/bin/env python3
"""compose_check.py -- issue 22's first measurement of the composer, from
outside: run `maat compose` with its DEFAULT settings on one core for a
fixed time, then check every problem it wrote.

    python3 tools/compose_check.py [--maat ./maat] [--time 90] [--count 200]
                                   [--seed 1] [--keep DIR] GENRE...

A GENRE is GAME:STIP, e.g. "chess:#2", "upuaut:win in 3", "tavlei:help-win in 2";
"all" is the issue's eleven.  For each genre one line: how many problems in
the time (CPU seconds of the compose run), how many pass every check, and
how many fail each check.  The checks (issue 22, "How it is measured"):

  sound     `maat verify` says sound
  idle      no idle man: removing any man but a king leaves no sound problem
            with the same key and the same play (every line after the key:
            each defence with its answers) or the same solutions (help play);
            each such position solved again by `maat verify`
  quiet     the key neither captures nor checks (chess, Upuaut); Morok: no
            capture and no attack on the other king after it (Morok has no
            check: M2); Tavlei: no capture.  Help play: passes
  not-lone  the losing side has more than its king (Tavlei's attackers, who
            have none: more than one man): direct and self play, the side not
            to move (the defender); help play, the side to move
  wins      direct play: at least two different wins (different last moves
            of the play after the key, threat included)
  promoted  no promoted force (chess, Morok: a second queen, a third rook or
            knight, two bishops on one square colour)
  alike     no earlier problem of the run is alike: the same key, turned by
            a symmetry of the game and shifted, with at most two squares
            different

The script reads only the YAML and maat's JSON verdicts (the solver is the
independent check of the composer, whose score it never reads).  Standard
library only.  Not part of `make test`: `make compose-check` runs it.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

from compose_common import documents, first_side, promoted, royal

ALL = [
    "chess:#2", "chess:#3", "chess:h#2", "chess:s#2",
    "upuaut:win in 2", "upuaut:win in 3", "upuaut:help-win in 2",
    "morok:win in 2", "morok:help-win in 2",
    "tavlei:win in 2", "tavlei:help-win in 2",
]
CHECKS = ["sound", "idle", "quiet", "not-lone", "wins", "promoted", "alike"]


def read_board(doc):
    """(grid rows top first, to-move word) of a problem maat compose wrote."""
    rows, to_move, men = None, None, {}
    i = 0
    while i < len(doc):
        line = doc[i]
        if line.startswith("board:"):
            rows = []
            i += 1
            while i < len(doc) and doc[i].startswith("  "):
                rows.append(doc[i].split())
                i += 1
            continue
        if line.startswith("to-move:"):
            to_move = line.split(":", 1)[1].strip()
        if line.startswith("  white:") or line.startswith("  black:"):
            side, text = line.strip().split(":", 1)
            men[side] = [m.strip() for m in text.strip().strip("[]").split(",") if m.strip()]
        i += 1
    if rows is None and men:  # chess's algebraic: form
        rows = [["."] * 8 for _ in range(8)]
        for side, lst in men.items():
            for m in lst:
                letter, sq = (m[0], m[1:]) if m[0].isupper() else ("P", m)
                f, r = ord(sq[0]) - 97, int(sq[1:]) - 1
                letter = "S" if letter == "N" else letter
                rows[7 - r][f] = letter if side == "white" else letter.lower()
        to_move = to_move or "white"
    return rows, to_move


def squares(rows):
    """{(file, rank): letter}, rank 0 the bottom row."""
    n = len(rows)
    return {(f, n - 1 - r): ch for r, row in enumerate(rows) for f, ch in enumerate(row) if ch != "."}


def sq_of(name):
    return ord(name[0]) - 97, int(name[1:]) - 1


def leaves(node, out):
    """The solving side's last moves under a node of maat's JSON tree (its
    moves carry wins_in; 1 on the last: a mate, a king taken, or in Morok
    and self play the move after which the other side must lose)."""
    if node.get("wins_in") == 1:
        out.add(node["text"].rstrip("+#!"))
        return
    for k in node.get("threats", []) + node.get("defences", []) + node.get("continuations", []):
        if not k.get("refutes"):
            leaves(k, out)


def paths(node, path, out):
    """Every line of the play under a node, as tuples of move texts."""
    path = path + (node["text"].rstrip("+#!"),)
    kids = [k for k in node.get("threats", []) + node.get("defences", []) +
            node.get("continuations", []) if not k.get("refutes")]
    if not kids:
        out.add(path)
    for k in kids:
        paths(k, path, out)


def key_and_wins(v):
    """The key, the solving side's different last moves, and the lines of
    the play (help play: the solutions), the idle-man test's picture."""
    if v.get("play") == "help":
        sols = frozenset(tuple(s) for s in v.get("solutions", []))
        return None, frozenset(s[-1] for s in sols if s), sols
    tree = v.get("tree") or []
    if len(tree) != 1:
        return None, frozenset(), frozenset()
    out, lines = set(), set()
    for k in tree[0].get("threats", []) + tree[0].get("defences", []):
        leaves(k, out)
        paths(k, (), lines)
    return tree[0]["move"], frozenset(out), frozenset(lines)


# ---- Morok: does the side that just moved attack the other king? ----
STEPS = {"k": [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)],
         "s": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]}
STEPS["n"] = STEPS["s"]
LINES = {"r": [(1, 0), (-1, 0), (0, 1), (0, -1)], "b": [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
LINES["q"] = LINES["r"] + LINES["b"]


def attacks(sq, by_white, target):
    for (f, r), ch in sq.items():
        if ch.isupper() != by_white:
            continue
        p = ch.lower()
        if p == "p":
            d = 1 if by_white else -1
            if target in ((f - 1, r + d), (f + 1, r + d)):
                return True
        for dx, dy in STEPS.get(p, []):
            if (f + dx, r + dy) == target:
                return True
        for dx, dy in LINES.get(p, []):
            x, y = f + dx, r + dy
            while 0 <= x < 8 and 0 <= y < 8:
                if (x, y) == target:
                    return True
                if (x, y) in sq:
                    break
                x, y = x + dx, y + dy
    return False


def morok_key_attacks_king(sq, key, white_moves):
    a, b = sq_of(key[:2]), sq_of(key[2:4])
    after = dict(sq)
    after[b] = after.pop(a)
    if len(key) > 4:
        after[b] = key[4].upper() if white_moves else key[4]
    king = [s for s, ch in after.items() if ch == ("k" if white_moves else "K")]
    return bool(king) and attacks(after, white_moves, king[0])


# ---- alike: symmetries of the game, and shifts ----
def symmetries(game, sq, size):
    w, h = size
    maps = [lambda f, r: (f, r), lambda f, r: (w - 1 - f, r)]
    pawns = any(ch in "Pp" for ch in sq.values()) if game in ("chess", "morok") else True
    if game == "tavlei" or (game in ("chess", "morok") and not pawns):
        maps += [lambda f, r: (f, h - 1 - r), lambda f, r: (w - 1 - f, h - 1 - r)]
        if w == h:
            maps += [lambda f, r: (r, f), lambda f, r: (w - 1 - r, f),
                     lambda f, r: (r, h - 1 - f), lambda f, r: (w - 1 - r, h - 1 - f)]
    return maps


def alike(p, q):
    if p["game"] != q["game"] or not p["key"] or not q["key"]:
        return False
    pa, pb = sq_of(p["key"][:2]), sq_of(p["key"][2:4])
    qa, qb = sq_of(q["key"][:2]), sq_of(q["key"][2:4])
    for t in symmetries(p["game"], p["sq"], p["size"]):
        ta, tb = t(*pa), t(*pb)
        dx, dy = qa[0] - ta[0], qa[1] - ta[1]
        if (tb[0] + dx, tb[1] + dy) != qb:
            continue
        moved = {}
        for s, ch in p["sq"].items():
            x, y = t(*s)
            moved[(x + dx, y + dy)] = ch
        if len(set(moved.items()) ^ set(q["sq"].items())) <= 4 and \
           len({s for s, _ in set(moved.items()) ^ set(q["sq"].items())}) <= 2:
            return True
    return False


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def verdicts(maat, path, maxtime):
    r = run([maat, "verify", "--json", "--no-time", "-j", "1", "--max-time", str(maxtime), path])
    return [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]


def write_problem(fh, game, stip, rows, to_move):
    fh.write("---\ngame: %s\nboard: |\n" % game)
    for row in rows:
        fh.write("  " + " ".join(row) + "\n")
    fh.write("to-move: %s\nstipulation: \"%s\"\n" % (to_move, stip))


def genre(args, spec, tmp):
    game, stip = spec.split(":", 1)
    out = os.path.join(tmp, "%s-%s.yaml" % (game, stip.replace(" ", "_").replace("#", "M")))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run([args.maat, "compose", "--game", game, "--stip", stip, "--count", str(args.count),
             "--seed", str(args.seed), "-j", "1", "--max-time", str(args.time), "--quiet",
             "-o", out])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0 and not os.path.exists(out):
        return {"genre": spec, "problems": 0, "cpu": cpu, "pass": 0, "fails": {}, "error": r.stderr.strip()}
    with open(out, encoding="utf-8") as fh:
        docs = [d for d in documents(fh.read()) if any(l.startswith("stipulation:") for l in d)]
    vs = verdicts(args.maat, out, args.verify_time)
    probs = []
    variants = []  # (problem index, path of the variant)
    vpath = os.path.join(tmp, "variants.yaml")
    with open(vpath, "w", encoding="utf-8") as vf:
        for i, (doc, v) in enumerate(zip(docs, vs)):
            rows, to_move = read_board(doc)
            sq = squares(rows)
            key, wins, play = key_and_wins(v)
            p = {"game": game, "sq": sq, "size": (len(rows[0]), len(rows)), "key": key,
                 "wins": wins, "play": play, "v": v, "rows": rows, "to_move": to_move}
            probs.append(p)
            for (f, rk), ch in sorted(sq.items()):
                if royal(game, ch):
                    continue
                t = [row[:] for row in rows]
                t[len(rows) - 1 - rk][f] = "."
                write_problem(vf, game, stip, t, to_move)
                variants.append(i)
    idle = [0] * len(probs)
    if variants:
        for i, w in zip(variants, verdicts(args.maat, vpath, args.verify_time)):
            k, _, play = key_and_wins(w)
            if w.get("verdict") == "sound" and k == probs[i]["key"] and play == probs[i]["play"]:
                idle[i] += 1
    fails = {c: 0 for c in CHECKS}
    passing = 0
    lines = []
    for i, p in enumerate(probs):
        v, sq = p["v"], p["sq"]
        play = v.get("play")
        white_first = p["to_move"] in ("white", "attackers")
        c = {}
        c["sound"] = v.get("verdict") == "sound"
        c["idle"] = idle[i] == 0
        if play == "help":
            c["quiet"] = True
        else:
            text = v["tree"][0]["text"] if v.get("tree") else ""
            c["quiet"] = bool(text) and "x" not in text and (game == "tavlei" or "+" not in text)
            if game == "morok" and c["quiet"]:
                c["quiet"] = not morok_key_attacks_king(sq, p["key"], p["to_move"] == "white")
        # the losing side: direct play, the defender (not to move); help play,
        # the side to move (it loses); self play, the defender too, whose
        # men give the last win
        loser_first = white_first if play == "help" else not white_first
        loser = [ch for ch in sq.values() if first_side(game, ch) == loser_first]
        c["not-lone"] = len(loser) > 1
        c["wins"] = play != "direct" or len(p["wins"]) >= 2
        c["promoted"] = not promoted(game, sq)
        c["alike"] = not any(alike(q, p) for q in probs[:i])
        bad = [k for k in CHECKS if not c[k]]
        for k in bad:
            fails[k] += 1
        passing += not bad
        lines.append("  %2d %-24s %-10s wins %d%s" % (
            i + 1, v.get("position", "")[:24], (v["tree"][0]["text"] if play != "help" and v.get("tree") else "-"),
            len(p["wins"]), ("  FAILS " + ",".join(bad)) if bad else ""))
    return {"genre": spec, "problems": len(probs), "cpu": cpu, "pass": passing, "fails": fails,
            "lines": lines}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--maat", default="./maat")
    ap.add_argument("--time", type=int, default=90, help="compose's --max-time (default 90)")
    ap.add_argument("--count", type=int, default=200, help="compose's --count, a cap (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verify-time", type=int, default=20, help="verify's --max-time a problem")
    ap.add_argument("--keep", help="keep the composed files in this directory")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line a problem")
    ap.add_argument("genres", nargs="+")
    args = ap.parse_args()
    specs = []
    for g in args.genres:
        specs += ALL if g == "all" else [g]
    tmp = args.keep or tempfile.mkdtemp(prefix="compose-check-")
    os.makedirs(tmp, exist_ok=True)
    # compose's --max-time is wall time: on a loaded machine the run gets
    # less than its seconds of CPU, so the rate per 90 CPU seconds is shown
    # beside the count (the count itself when --count stopped the run)
    print("%-24s %8s %6s %7s %9s  %s" % ("genre", "problems", "cpu s", "passing", "pass/90cpu",
                                        "failed checks"))
    for spec in specs:
        r = genre(args, spec, tmp)
        failed = ", ".join("%s %d" % (k, n) for k, n in r["fails"].items() if n) or "-"
        if r.get("error"):
            failed = "error: " + r["error"][:60]
        rate = r["pass"] if r["problems"] >= args.count or r["cpu"] <= 0 else r["pass"] * 90.0 / r["cpu"]
        print("%-24s %8d %6.1f %7d %9.0f  %s" % (r["genre"], r["problems"], r["cpu"], r["pass"], rate,
                                                 failed))
        if args.verbose:
            print("\n".join(r.get("lines", [])))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
