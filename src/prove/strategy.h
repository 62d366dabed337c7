/*
** strategy.h -- the re-walk: a prover's answer turned into something that
** rests on exact positions only.
**
** strategy_extract() walks the winner's strategy from the root with exact
** position keys (posmap.h): at the winner's positions one move the table
** says wins (a fresh local search where the table has forgotten), at the
** loser's every move, down to positions where the game is over.  The
** table only chooses the moves: every line is followed to its end, a line
** that comes back to a position on it is refused (a cycle is no win), and
** a budget, when given, is kept.  What comes out is a complete strategy,
** whatever the table held.
**
** strategy_refute_bounded() does the same for "no win within k": at the
** attacker's positions every move, at the defender's one refutation, down
** to the end of the budget.  strategy_refute() does it without a budget:
** the defender's positions form a closed set that never reaches a win of
** the attacker (lines may go round: endless play is no win).
*/
#ifndef MAAT_STRATEGY_H
#define MAAT_STRATEGY_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "prove/dfpn.h"
#include "prove/posmap.h"

struct strategy {
	const struct game *g;
	int winner;
	struct posmap map; /* every position walked, both sides' */
	_Alignas(16) unsigned char root[MAX_POS_SIZE];
	int depth;             /* the winner's moves along the longest line */
	size_t positions;      /* winner's positions on the strategy (lines) */
	size_t local_searches; /* re-searches where the table had forgotten */
	bool stopped;          /* a limit of the search stopped the walk */
};

/* Walk the winner's strategy.  The table of s is about `attacker` (the
   winner, or -- unbounded only -- the loser, whose failure everywhere on
   the walk is the winner's win when every line ends in a win).  0 when the
   strategy is complete, -1 when it is not (a collision, a cycle, a draw at
   the end of a line, a limit, or no memory). */
int strategy_extract(struct strategy *st, struct pn_search *s, const void *root, int winner,
                     int attacker, int budget);
void strategy_free(struct strategy *st);

/* The proof file's lines: "POSITION MOVE\n" for each of the winner's
   positions the strategy reaches from the root, sorted.  A malloc'd text
   (NUL-terminated), or NULL when out of memory. */
char *strategy_lines(struct strategy *st, size_t *len);

/* Call fn for each position the strategy reaches from the root (both
   sides'), once each, with the winner's moves it needs from there at the
   most (its walked depth); 0, or -1 when out of memory. */
int strategy_each(struct strategy *st, void (*fn)(void *ctx, const void *pos, int depth),
                  void *ctx);

/* 0 when "attacker wins within budget" is refuted with exact positions,
   -1 when not (or stopped, or no memory). */
int strategy_refute_bounded(struct pn_search *s, const struct game *g, const void *root,
                            int attacker, int budget, size_t *positions);
/* The same without a budget (the attacker never wins). */
int strategy_refute(struct pn_search *s, const struct game *g, const void *root, int attacker,
                    size_t *positions);

#endif
