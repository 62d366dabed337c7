/*
** prove.h -- the game-theoretic value of a position, proved (issue 13).
**
** prove_run() asks df-pn (dfpn.h) whether the side to move wins; when that
** fails everywhere, the failure is walked as the opponent's win, and only
** when that walk meets a draw (or a cycle) is the opponent searched as the
** attacker: both failing is a draw.  Every answer is re-walked with exact
** positions (strategy.h); a win or loss is also turned into a proof file
** (proof_check.h) and checked by the same code as `maat check-proof`.
**
** With `shortest`, the least number of the winner's moves is found with
** depth-bounded df-pn: from the length of the value's win down (the
** table's fact lengths, pn_table.h), each "win within k" proved lowers the
** bound to the length of the win found, until "win within k" is refuted:
** then k + 1 is the least, the refutation re-walked exactly and the win
** within k + 1 re-walked and checked.
**
** Layer: prove -- may use: notation, solve.
** The layer of the game-theoretic value of a whole game, proved and checked.
*/
#ifndef MAAT_PROVE_H
#define MAAT_PROVE_H

#include <stdio.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/stopflag.h"
#include "games/game.h"

enum prove_value { PROVE_UNKNOWN = 0, PROVE_WIN, PROVE_LOSS, PROVE_DRAW };

struct prove_opts {
	size_t hash_mb;
	bool shortest;
	double max_seconds;    /* 0: no limit */
	uint64_t max_nodes;    /* 0: no limit (positions made) */
	const stop_flag *stop; /* NULL: none */
	char *const *rules;    /* NAME=VALUE, for the proof's header */
	FILE *log;             /* each search and walk told here; NULL: quiet */
	int jobs;              /* threads for each search (0, 1: one) */
	int nrules;
};

struct prove_result {
	enum prove_value value;   /* for the side to move */
	int winner;               /* the side that wins, -1 for a draw or unknown */
	int shortest;             /* with opts.shortest: the least number of the
	                             winner's moves (0: the game is over); -1 when
	                             not found */
	int shortest_bound;       /* the least proved so far (when shortest is 0) */
	int depth;                /* the winner's moves along the proof's longest line */
	uint64_t nodes;           /* positions made by the searches */
	double seconds;           /* everything: searches, re-walks, checks */
	double walk_seconds;      /* re-walks of strategies, their local searches included */
	double check_seconds;     /* the last check of the proof */
	size_t proof_positions;   /* lines of the proof */
	size_t refuted_positions; /* positions of the re-walked refutation (shortest, draw) */
	size_t local_searches;    /* re-searches during re-walks */
	size_t table_mb;
	int max_ply;               /* deepest line the search went down */
	uint32_t root_pn, root_dn; /* of the last search when unknown */
	char *proof;               /* the proof file (win or loss), malloc'd */
	size_t proof_len;
	char note[256]; /* why the value is unknown */
};

/* 0, or -1 when the table of opts->hash_mb cannot be had. */
int prove_run(const struct game *g, const void *pos, const struct prove_opts *o,
              struct prove_result *r);
void prove_result_free(struct prove_result *r);

extern const char *const prove_value_names[]; /* "unknown", "win", "loss", "draw" */

#endif
