/*
** stip.h -- stipulations: the kind of play, its length, and who moves first.
**
** Every game has two spellings (rules S1-S3, S6, S7): Popeye's ("#2",
** "h#2.5", "s#3", "r#2", "ser-#3", "ser-h#3") and words ("win in 2",
** "help-win in 2.5", "self-win in 3", "reflex-win in 2", "series-win in 3",
** "series-help-win in 3"), and the stalemate goals ("=2", "s=3", "h=3",
** "ser-h=5", "help-stalemate in 3"; double stalemate "h==3",
** "help-double-stalemate in 3") where the game has stalemate, and the
** check and capture goals ("h+2", "hx1.5", "ser-x3", "help-check in 2",
** "series-capture in 3").  Other Popeye stipulations
** (other goals, proof
** games, help-self play, ...) are recognised so that a collection written
** for Popeye gets an honest "not supported" instead of "malformed".
*/
#ifndef MAAT_STIP_H
#define MAAT_STIP_H

#include <stdbool.h>
#include <stddef.h>

#include "play/play.h"

/* Parse a stipulation.  Returns 0, or -1 with a one-line message in err, or
   -2 for a stipulation Popeye knows but maat does not solve ("==3", "hs#2",
   "PG 12.5"); err then holds the reason, e.g. "help-self play (hs#2) is
   not supported". */
int stip_parse(const char *text, struct stipulation *out, char *err, size_t errlen);

/* The row of the stipulation's play (play.h); every question about the
   play is the row's.  The stipulation must have been parsed (its kind has
   a row). */
const struct play *stip_play(const struct stipulation *st);

/* The goal's word in the word form: "win", "stalemate", "double-stalemate",
   "check", "capture". */
const char *stip_target_word(enum stip_target target);

/* Does the side that wins (direct, help, series) or solves (self, reflex,
   help-self) make the first move?  No in "h#N", "ser-h#N" and "hs#N.5"
   (the row's solver_first, turned by N.5). */
bool stip_solver_starts(const struct stipulation *st);

/* The side that moves first when side 0 (White) is the winning (solving)
   side, as Popeye's spellings have it: 1 in h#N, ser-h#N and hs#N.5, else
   0.  What a caption takes as usual, Popeye input's side to move. */
int stip_usual_first(const struct stipulation *st);

/* Is a solution's first ply the second half of move 1, written "1...X"?
   In help and help-self play of N.5 moves (h#2.5, hs#2.5), else not. */
bool stip_dots_first(const struct stipulation *st);

/* Does the spelling make side 0 the winning (solving) side, whatever the
   position says?  Popeye's spellings of every play but direct ("h#2",
   "s#2"; not "#2", nor the words). */
bool stip_fixes_side(const struct stipulation *st);

/*
** The side that moves first.  `named` is the side the position names
** (a FEN, to-move:, --position), or -1 when it names none (algebraic:).
** Where the spelling fixes the side (stip_fixes_side) the first mover
** follows (Black in h#2, White in s#2 and h#2.5) and a position naming the
** other side is an error; direct play "#N" and the word forms take the
** side named (default: side 0 solves).  Returns the side, or -1 with the
** reason in err.
*/
int stip_first_mover(const struct stipulation *st, int named, const char *const side_name[2],
                     char *err, size_t errlen);

/* The stipulation of set play's lines (S8), by the row's set play: for
   help play one half-move shorter, h#2 -> h#1.5, h#2.5 -> h#2; for
   series-help the winning side's move at once, ser-h=5 -> h=0.5 (Popeye's
   SetPlay).  Returns false when there is none: plays whose row has none,
   and help plays whose set play would have no move before the end (h#0.5,
   hr#1: Popeye's "SetPlay not applicable"). */
bool stip_set_play(const struct stipulation *st, struct stipulation *out);

/* Popeye's option WhiteToPlay, where the row says it applies: in help play
   of whole moves the winning side starts, half a move sooner: h#3 ->
   h#2.5 (the text too, "h#2.5").  Popeye ignores it elsewhere ("not
   applicable"); so does this, returning false with *st unchanged. */
bool stip_white_to_play(struct stipulation *st);

/* The stipulation in its own spelling, made from its row: Popeye's
   ("ser-h=5", "h#2.5") or the words ("help-win in 2.5", "stalemate in 2"). */
void stip_spell(const struct stipulation *st, char *buf, size_t len);

#endif
