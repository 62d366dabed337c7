/*
** analysis.h -- everything the verifier knows about a direct "win in N":
** every key with the least number of moves it needs, tries with their
** refutations, and the solution tree of the keys (threats, variations,
** duals), built on the proof search of search.h.
*/
#ifndef MAAT_ANALYSIS_H
#define MAAT_ANALYSIS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "tt.h"
#include "stopflag.h"

#define ANALYSIS_MAX_TREE 20000 /* tree nodes kept per puzzle; more = truncated */
#define ANALYSIS_MAX_REFS 8     /* --tries K is at most this */

struct key_info {
	move_t move;
	int moves;     /* least number of moves this key needs */
	char text[32]; /* pretty */
	char canon[16];
};

struct try_info {
	move_t move;
	char text[32], canon[16];
	int nrefs;
	char ref_text[ANALYSIS_MAX_REFS][32];
	char ref_canon[ANALYSIS_MAX_REFS][16];
};

/* A solution tree node.  Children of a solving-side move are the defences;
   children of a defence are the continuations that win in the least number
   of moves left (more than one: a dual).  Threats hang under the key as
   children flagged `threat`. */
struct tree_node {
	move_t move;
	char text[32]; /* pretty, with '+' / '#' marks */
	char canon[16];
	uint8_t by_solver;  /* the solving side's move */
	uint8_t ends;       /* the game is won right after this move */
	uint8_t dual;       /* one of several continuations after a defence */
	uint8_t threat;     /* a threat (after the defender passes) */
	uint8_t covered;    /* defence answered by the threat (Popeye omits it) */
	int moves_left;     /* solving-side moves from here to the win, this one included */
	int child, sibling; /* indices into nodes[], -1 = none */
};

enum verdict {
	VERDICT_SOUND = 0,
	VERDICT_COOKED,
	VERDICT_SHORT,
	VERDICT_NO_SOLUTION,
	VERDICT_CLAIM_MISMATCH,
	VERDICT_TIMEOUT,
	VERDICT_UNSUPPORTED,
	VERDICT_ERROR,
	VERDICT_COUNT
};

extern const char *const verdict_names[VERDICT_COUNT];
extern const char *const verdict_plurals[VERDICT_COUNT];

struct analysis_opts {
	int max_refs;       /* tries: moves failing to at most this many defences; 0 = none */
	bool tree;          /* build the solution tree */
	double max_seconds; /* 0 = no limit */
	const stop_flag *stop; /* set (Ctrl-C): end as on a timeout; may be NULL */
	size_t hash_mb;
};

struct analysis {
	int n;
	int nkeys;
	struct key_info *keys; /* sorted: fewest moves first, then by text */
	int ntries;
	struct try_info *tries;
	struct tree_node *nodes;
	int nnodes, cap;
	bool truncated;
	int *key_nodes; /* nkeys entries: tree node of each key, -1 if not built */
	int duals, last_move_duals;
	bool timeout;
	bool no_threats; /* the game has no passing, threats undefined */
	uint64_t nodes_searched;
	double seconds;
};

/* Analyse "win in n" for the side to move in pos.  Returns 0, or -1 out of memory. */
/* tt: a table to reuse (one per thread), or NULL for one of o->hash_mb. */
int analysis_run(const struct game *g, const void *pos, int n, const struct analysis_opts *o,
                 struct tt *tt, struct analysis *a);
void analysis_free(struct analysis *a);

#endif
