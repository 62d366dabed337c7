/*
** lines.h -- the line searches of help and series play (rules S2, S7):
** every sequence of exactly L plies from the position whose last ply wins
** (S0), under the plan's rules for the plies before it.
**
** A plan says who makes each ply:
**   PLAN_HELP         the sides alternate; no position before the last ply
**                     may be over (S2);
**   PLAN_SERIES       the winning side W moves, its opponent passes, ...,
**                     W wins; no move of W before the last may leave the
**                     opponent in check or end the game (S7);
**   PLAN_SERIES_HELP  the opponent moves, W passes, ..., the opponent's
**                     last move, then W wins at once; no move of the
**                     opponent may leave W in check or end the game;
**   PLAN_HELP_SELF    as help play up to the solving side S's last move,
**                     after which the opponent has a move and every move
**                     it has wins for it (s#1); each such reply ends a
**                     line of its own (L + 1 plies);
**   PLAN_SERIES_SELF  as a series up to S's last move (no move before it may
**                     leave the opponent in check or end the game), then
**                     the opponent's forced replies as in help-self play.
** The passive side's having no move is not tested during a series (a pass
** is no move).  Every line is found: the table only remembers where there
** is none ("no line of k more plies from here"), so it can never lose one.
*/
#ifndef MAAT_LINES_H
#define MAAT_LINES_H

#include <stdbool.h>

#include "base/strbuf.h"
#include "play/play.h"
#include "solve/analysis.h"
#include "solve/search.h"

/* Plies of a line of the stipulated length (passes included). */
int lines_plies(enum line_plan plan, int n, bool half);

/*
** Every line of exactly `plies` plies from the search's position, in the
** plan's order, added to `out` (passes left out).  The search's position is
** left as it was.  Returns 0, or -1 out of memory; a timeout longjmps to
** s->abort as every search does.
*/
int lines_find(struct search *s, enum line_plan plan, int plies, struct line_set *out);

/*
** Line i of a set as Popeye numbers it: help play "1.X Y 2.Z W#", from
** "1...W" when the winning side makes the line's first move (h#N.5, the set
** play of h#N); a series "1.X 2.Y 3.Z#"; a helping series "1.X 2.Y Z#".
** Appended to b whole, however long (a ser-h#60 of long moves: a fixed
** buffer cut it, issue 21 part 5).
*/
void lines_format(const struct line_set *set, int i, enum line_plan plan, bool winner_first,
                  struct strbuf *b);

/* Move p (text) of a line of `plies` moves, numbered as lines_format
   numbers it, appended to b: for every text of a line (a claim's words
   too), so that the numbering is written once. */
void lines_put_move(struct strbuf *b, int p, int plies, enum line_plan plan, bool winner_first,
                    const char *text);

#endif
