#!/usr/bin/env python3
"""magazine_lines.py POPEYE.out MAAT [--latex] -- every line of play Popeye
prints is in maat's magazine text (solve --format magazine) or in LaTeX's
\\solution (render --solutions -o X.tex, with --latex), problem by problem,
and they print no line that Popeye does not (issue 24 part 3: "every move
and mark Popeye's output has, maat's text has, in every writer").

Both texts are cut into their problems (Popeye's: from the line of the
stipulation and piece count to "solution finished."; maat's: by the
"FILE:LINE:" of its verdict lines, or one \\solution each), each problem
into its parts ("a)", "b) -Se1, #4", "+c)"), each part into its lines of
play: every move is a node, the path from the first move to it, as the
claim reader follows a line ("N." the solving side's Nth move, "N..." the
defence to it, a bare move the next ply, a threat after a pass).  A
magazine move matches Popeye's long one by its man, its squares as far as
it names them, capture, promotion, e.p. and the check and mate signs
("Rxg3" is "Rg7*g3", "hxg3" "h2*g3", "B~" a move of a bishop); "zugzwang"
is a node of its own after the move it follows.  Prints the differences
and "N problems, M lines of Popeye's, K wrong"; exit 1 when any is."""
import re
import sys

MOVE_NUMBER = re.compile(r"^(\d+)(\.\.\.|\.)(.*)$")
A_MOVE = re.compile(r"^([KQRBSP]?[a-h]?[1-8]?[-*x]?[a-h][1-8]|[KQRBS]~|0-0)")
PART = re.compile(r"^\+?[a-z]\)")
# LaTeX's figurines (the diagram package's German letters) and marks
TEX = [(r"\wK{}", "K"), (r"\wD{}", "Q"), (r"\wT{}", "R"), (r"\wL{}", "B"),
       (r"\wS{}", "S"), (r"{$\sim$}", "~"), (r"\#", "#")]


def lines_of_play(text):
    """[set of paths] per part; a path a tuple of (move, signs), None a pass."""
    text = text.replace(" e.p.", "ep.").replace(" ep.", "ep.")
    parts = [[]]
    stack, last = [], -1
    for line in text.split("\n"):
        s = line.strip()
        if PART.match(s):
            # the twin's line: its twinning, no play
            if parts[-1] or stack:
                parts.append([])
            stack, last = [], -1
            continue
        for t in s.split():
            if t in ("+", "#", "=", "!", "?") and stack and stack[-1]:
                # Popeye's signs stand apart: "Rg3-h3 +", the last node's
                stack[-1] = (stack[-1][0], stack[-1][1] + t)
                parts[-1][-1] = tuple(stack)
                continue
            if t.startswith("zugzwang") and stack:
                parts[-1].append(tuple(stack) + (("zugzwang", ""),))
                continue
            m = MOVE_NUMBER.match(t)
            if m:
                n, dots, move = int(m.group(1)), m.group(2), m.group(3)
                ply = 2 * (n - 1) if dots == "." else 2 * n - 1
            else:
                move, ply = t, last + 1
            move = move.rstrip(",")
            if not A_MOVE.match(move):
                continue  # "threat:", "but", a twin's words
            del stack[ply:]
            while len(stack) < ply:
                stack.append(None)  # the pass before a threat
            signs = ""
            while move and move[-1] in "+#=!?":
                signs = move[-1] + signs
                move = move[:-1]
            stack.append((move, signs))
            last = ply
            parts[-1].append(tuple(stack))
    return [set(p) for p in parts if p] or [set()]


LONG = re.compile(r"^([KQRBS]?)([a-h][1-8])([-*])([a-h][1-8])(?:=([QRBS]))?(ep\.)?$")
SHORT = re.compile(r"^([KQRBS]?)([a-h]?)([1-8]?)(x?)([a-h][1-8])(?:=([QRBS]))?(ep\.)?$")


def same_move(short, long_):
    """Is maat's node `short` Popeye's `long_`?"""
    if short is None or long_ is None:
        return short is None and long_ is None
    (s, ssigns), (l, lsigns) = short, long_
    if "zugzwang" in (s, l):
        return s == l
    # the check and mate signs; the key's '!' and a try's '?' are the
    # line's first move's, which both print
    # maat may say "=" where a defence ends the game in stalemate, which
    # Popeye leaves unsaid outside a stalemate goal ("but 1...Kxb3=!")
    if ssigns.strip("!?") not in (lsigns.strip("!?"), lsigns.strip("!?") + "="):
        return False
    if l.startswith("0-0") or s.startswith("0-0"):
        return s == l
    m = LONG.match(l)
    if not m:
        return False
    man, frm, capture, to, promo, ep = m.group(1) or "P", m.group(2), m.group(3) == "*", \
        m.group(4), m.group(5) or "", bool(m.group(6))
    if s.endswith("~"):
        return s[0] == man
    k = SHORT.match(s)
    if not k:
        return False
    return ((k.group(1) or "P") == man and k.group(2) in ("", frm[0]) and
            k.group(3) in ("", frm[1]) and bool(k.group(4)) == capture and k.group(5) == to and
            (k.group(6) or "") == promo and bool(k.group(7)) == ep)


def popeye_problems(text):
    out, cur = [], None
    for line in text.split("\n"):
        if re.match(r"^  \S.* \d+ \+ \d+ *$", line):
            cur = []
        elif re.match(r"^(solution finished|Loesung beendet|solution terminee)\.", line):
            if cur is not None:
                out.append("\n".join(cur))
            cur = None
        elif cur is not None and not re.match(r"^ +\d+  \(.*\) *$", line):
            cur.append(line)
    return out


def maat_problems(text):
    out, keys = [], {}
    for line in text.split("\n"):
        m = re.match(r"^(\S+?): (sound|cooked|duals|no solution|short|claim mismatch)", line)
        if m:
            if m.group(1) not in keys:
                keys[m.group(1)] = len(out)
                out.append([])
            cur = out[keys[m.group(1)]]
            continue
        if out:
            cur.append(line)
    return ["\n".join(p) for p in out]


def latex_problems(text):
    out = []
    for m in re.finditer(r"\\solution\{(.*?)\}\n\\end\{diagram\}", text, re.S):
        # maat's verdict under a problem that is not sound quotes moves
        s = re.sub(r"\\textit\{maat: .*$", "", m.group(1), flags=re.S)
        # each line "\maatline{INDENT}{LINE}"
        s = re.sub(r"\\maatline\{[0-9.]+\}\{(.*?)\}(?=\\newline|$)", r"\1", s, flags=re.S)
        s = s.replace("\\newline", "\n")
        for tex, plain in TEX:
            s = s.replace(tex, plain)
        out.append(s)
    return out


def main():
    popeye = popeye_problems(open(sys.argv[1], encoding="utf-8").read())
    text = open(sys.argv[2], encoding="utf-8").read()
    maat = latex_problems(text) if "--latex" in sys.argv[3:] else maat_problems(text)
    if len(popeye) != len(maat) or not popeye:
        print("problems: Popeye %d, maat %d" % (len(popeye), len(maat)))
        return 1
    wrong = total = 0
    for i, (p, q) in enumerate(zip(popeye, maat)):
        theirs, mine = lines_of_play(p), lines_of_play(q)
        if len(theirs) != len(mine):
            print("problem %d: parts: Popeye %d, maat %d" % (i + 1, len(theirs), len(mine)))
            wrong += 1
            continue
        for k, (P, M) in enumerate(zip(theirs, mine)):
            total += len(P)
            for path in sorted(P, key=str):
                if not any(len(q) == len(path) and all(map(same_move, q, path)) for q in M):
                    print("problem %d part %d: Popeye's line not in maat's: %s" % (i + 1, k, path))
                    wrong += 1
            for q in sorted(M, key=str):
                if not any(len(q) == len(path) and all(map(same_move, q, path)) for path in P):
                    print("problem %d part %d: maat's line not in Popeye's: %s" % (i + 1, k, q))
                    wrong += 1
    print("%d problems, %d lines of Popeye's, %d wrong" % (len(popeye), total, wrong))
    return 1 if wrong else 0


sys.exit(main())
