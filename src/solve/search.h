/*
** search.h -- the proof search of battle play (rules S0, S1, S3, S6), for
** every game: direct, self and reflex "in N".
**
** Two mutually recursive questions, asked of a working copy of the position:
**   search_attack(s, n):  the solving side S is to move; can it force its
**                         goal within n of its moves?  n = 0 asks whether
**                         the goal is reached already.
**   search_after(s, n):   S has just made the first of n moves and its
**                         opponent O is to move; is the goal forced?
** The goal is the search's (search_set_goal) and is looked at only at the
** leaves:
**   GOAL_DIRECT  O has lost (S0) after a move of S;
**   GOAL_SELF    S has lost after a move of O, O avoiding it while it can:
**                after S's move every move of O wins for O, and O has one;
**   GOAL_REFLEX  as self, but a side that can win with its next move must
**                (S6): O's winning move reaches the goal at once, and a
**                line fails for S whenever S could win.
** "Won" and "win" above are the stipulation's target (search_set_target):
** the side lost (S0; the default), or, where the game has stalemate,
** stalemated ("=2", "s=3", "r=2") or both sides stalemated ("==2"); in
** reflex play a side that can reach the target with its next move must.
** Both are exact; the transposition table only saves work, and entries of
** different goals and targets never mix (both are part of the key).  Fast
** paths that hold for a mate alone (only a checking move can mate) are used
** only when the target is a win, some of them in direct play alone.
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

#include "base/stopflag.h"
#include "games/game.h"
#include "play/play.h"
#include "play/stip.h"
#include "solve/tt.h"

#define SEARCH_MAX_PLY 256 /* plies below the root: 2 * STIP_MAX_N, passes and claims */

/* Where a search must stop: a deadline (monotonic seconds, 0 = none) and a
   flag (Ctrl-C; NULL = none). */
struct search_limits {
	double deadline;
	const stop_flag *stop;
};

struct search {
	const struct game *g;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE]; /* working position */
	struct tt *tt;                                /* the caller's, or own_tt */
	struct tt own_tt;
	uint64_t nodes;
	int ply; /* plies below the root of the last make */
	enum goal goal;
	uint64_t salt; /* XORed into table keys: one per goal or line kind */
	/* What the stipulation's last move leaves the side to move in: lost
	   (TARGET_WIN, S0; the default), stalemated ("h=3", "=2"), both sides
	   stalemated ("==2"); set with search_set_target */
	enum stip_target target;
	struct search_limits limits;
	jmp_buf abort; /* armed by the caller before searching */
	/* help play's win plan (lines.c, the game's win_plan_new): here, not
	   in the walk, so that a search left through abort frees it */
	void *plan;
	/* help play of this many plies or more is walked with the game's win
	   pictures (0: lines.c's PICTURE_MIN_PLIES; the tests take 1, every
	   length) */
	int picture_plies;
	/* help and series play without the table of positions that have no
	   line (lines.c): the plain search a test compares the pruned one
	   with */
	bool no_line_table;
	/* battle play: searches this many plies below the root or fewer go to
	   the table whatever their length (0: only by their length): the
	   analysis asks about these positions again (tries, trees) */
	int table_plies;
	move_t killer[SEARCH_MAX_PLY];
	_Alignas(16) unsigned char undo[SEARCH_MAX_PLY][MAX_UNDO_SIZE];
	move_t moves[SEARCH_MAX_PLY][MAX_MOVES];
};

/* A new search over a copy of pos, using table tt (a new generation of it)
   or, when tt is NULL, a table of its own of tt_megabytes.  The goal is
   GOAL_DIRECT until set.  NULL when out of memory. */
struct search *search_new(const struct game *g, const void *pos, struct tt *tt,
                          size_t tt_megabytes);
void search_free(struct search *s);
/* Start again from pos (same game and table, killers cleared). */
void search_reset(struct search *s, const void *pos);
void search_set_goal(struct search *s, enum goal goal);
void search_set_target(struct search *s, enum stip_target target);

bool search_attack(struct search *s, int n);
bool search_after(struct search *s, int n);
/* Least k in 1..n with search_after(s, k), or 0. */
int search_after_min(struct search *s, int n);
/* Least k in 0..n with search_attack(s, k), or -1. */
int search_attack_min(struct search *s, int n);

/* The side to move can reach the target with one move (S0 right after it,
   or the stalemate). */
bool search_wins_now(struct search *s);
/* The side to move has lost already (S0). */
bool search_lost(struct search *s);
/* The side to move is where the stipulation's target leaves it: lost (S0),
   or stalemated (and its opponent immobile too) when the target says so. */
bool search_at_goal(struct search *s);
/* The same, given the status of the side to move (search_status, or the
   game's status()).  A check is the side to move in check; a capture is
   the last move's, which only its caller knows (false here). */
bool search_status_at_goal(struct search *s, enum result r);

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
/* Abort (longjmp) when the limits say so; counted like a node. */
void search_tick(struct search *s);
/* Have the limits passed (the deadline, the stop flag), asked now?  For a
   step of the search that makes no nodes (help play's mate pictures). */
bool search_limits_passed(const struct search *s);

double search_clock(void);

#endif
