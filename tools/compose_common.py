"""compose_common.py -- what tools/compose_check.py and tools/compose_judge.py
both read in the YAML maat compose writes, written once: the documents of a
collection, which side a man is on, which man is royal, and promoted force.
Standard library only; the two scripts import it from their own folder.
"""


def documents(text):
    """The documents of a YAML stream, each as its list of lines ("---" dropped)."""
    doc = []
    for line in text.splitlines():
        if line.startswith("---"):
            if doc:
                yield doc
            doc = []
        else:
            doc.append(line)
    if doc:
        yield doc


def first_side(game, ch):
    """Is man ch of the side that moves first (White; Tavlei's attackers)?"""
    return ch == "t" if game == "tavlei" else ch.isupper()


def royal(game, ch):
    return ch == "K" if game == "tavlei" else ch in "Kk"


def promoted(game, sq):
    """Promoted force on {square: letter} (chess, Morok): a second queen, a
    third rook or knight, two bishops on one square colour."""
    if game not in ("chess", "morok"):
        return False
    for white in (True, False):
        men = {s: ch.upper() for s, ch in sq.items() if ch.isupper() == white}
        n = lambda L: sum(1 for ch in men.values() if ch in L)
        if n("Q") > 1 or n("R") > 2 or n("SN") > 2:
            return True
        col = [(f + r) % 2 for (f, r), ch in men.items() if ch == "B"]
        if col.count(0) > 1 or col.count(1) > 1:
            return True
    return False
