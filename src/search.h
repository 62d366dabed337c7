/*
** search.h -- the win-in-N proof search (rules S0, S1), for every game.
**
** Two mutually recursive questions, asked of a working copy of the position:
**   search_attack(s, n):  the solving side is to move; can it force a won
**                         position (S0) within n of its moves?
**   search_after(s, n):   the solving side has just made the first of n
**                         moves and the defender is to move; is it won?
** Both are exact.  The transposition table only saves work.
**
** Limits: a search can be given a deadline, or a flag to watch; when the
** deadline passes or the flag is set (Ctrl-C in a batch), the search
** longjmps to the jmp_buf the caller armed with setjmp (the one use of
** longjmp in maat) and the caller reports a timeout.  Both are looked at
** every 4096 nodes; a search with neither never longjmps.
*/
#ifndef MAAT_SEARCH_H
#define MAAT_SEARCH_H

#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "tt.h"
#include "stopflag.h"

#define SEARCH_MAX_PLY 64

struct search {
	const struct game *g;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE]; /* working position */
	struct tt *tt;                                /* the caller's, or own_tt */
	struct tt own_tt;
	uint64_t nodes;
	int ply;                           /* plies below the root of the last make */
	double deadline;                   /* monotonic seconds; 0 = none */
	const stop_flag *stop; /* when set (Ctrl-C), abort as at the deadline */
	jmp_buf abort;                     /* armed by the caller before searching */
	move_t killer[SEARCH_MAX_PLY];
	_Alignas(16) unsigned char undo[SEARCH_MAX_PLY][MAX_UNDO_SIZE];
	move_t moves[SEARCH_MAX_PLY][MAX_MOVES];
};

/* A new search over a copy of pos, using table tt (a new generation of it)
   or, when tt is NULL, a table of its own of tt_megabytes.  NULL when out
   of memory. */
struct search *search_new(const struct game *g, const void *pos, struct tt *tt,
                          size_t tt_megabytes);
void search_free(struct search *s);

bool search_attack(struct search *s, int n);
bool search_after(struct search *s, int n);
/* Least k in 1..n with search_after(s, k), or 0: the solving side has just
   moved, the defender is to move. */
int search_after_min(struct search *s, int n);
/* Least k in 1..n with search_attack(s, k), or 0. */
int search_attack_min(struct search *s, int n);

/* Make/unmake on the working position, tracking the ply (for callers that
   walk the tree: analysis, tries, claims). */
void search_make(struct search *s, move_t m);
void search_unmake(struct search *s, move_t m);
void search_make_null(struct search *s);
void search_unmake_null(struct search *s);

/* Status of the working position for the side to move, with its moves. */
enum result search_status(struct search *s, move_t *moves, int *n);
/* Order the defender's moves as the search does: `first` (a refutation seen
   before; MOVE_NONE for none) in front, then checks, then captures. */
void search_order_defences(struct search *s, move_t *moves, int n, move_t first);
/* The defence that refuted at the given ply most recently (MOVE_NONE if none). */
move_t search_last_refutation(const struct search *s, int ply);

double search_clock(void);

#endif
