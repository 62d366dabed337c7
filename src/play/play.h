/*
** play.h -- the table of plays: one row per kind of play (rules S1-S3,
** S6, S7), each giving its spellings, its family, and its search's goal
** (battle play) or plan (line play).  The family picks the analysis
** (solve/), the verdict rules (judge/verdict.c) and the claim reader
** (claim/); the goal and plan tell the searches what to look for.
**
** Adding a play:
**   1. a value in enum stip_kind (below);
**   2. one row in plays.c: its spellings (stip.c reads them from the row),
**      who moves first, its family, goal or plan (or new ones);
**   3. tests naming its rule id, a record kind in bench/, docs.
** A stipulation whose play has no row is `unsupported`, in one place:
** play_of() returns NULL and the judge says so.
**
** Layer: play -- may use: base, games.
** The layer of what a stipulation asks: the kinds of play, their goals and targets,
** one row per play, and the stipulation's spellings.
*/
#ifndef MAAT_PLAY_H
#define MAAT_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#define STIP_MAX_N 60 /* longest N the solver accepts (ser-h#40 exists in print) */

/* The kind of play (rules S1-S3, S6, S7); each has its row in play.h. */
enum stip_kind {
	STIP_DIRECT = 0,  /* #N: the side to move wins */
	STIP_HELP,        /* h#N, h#N.5: both sides help W to win */
	STIP_SELF,        /* s#N: S forces its opponent to win */
	STIP_REFLEX,      /* r#N: as self, and a side that can win at once must */
	STIP_SERIES,      /* ser-#N: W makes N moves in a row, the last wins */
	STIP_SERIES_HELP, /* ser-h#N: the opponent makes N moves, then W wins at once */
	STIP_HELP_SELF,   /* hs#N: both sides help until S's N-th move, after which
	                     every reply of the opponent wins for it (s#1) */
	STIP_SERIES_SELF, /* ser-s#N: S makes N moves in a row, then every reply
	                     of the opponent wins for it (s#1) */
	STIP_KINDS
};

/* What the last move must leave the opponent in (Popeye's goal): a won
   position (S0: "#", "win") or, where the game has stalemate, stalemated
   ("=": no legal move and not lost; chess O1), or both sides stalemated
   ("==", Popeye's double stalemate: the side to move has no legal move and
   is not in check, and the side that moved would have none either); or,
   a property of the last move rather than of the position, a check ("+")
   or a capture ("x"), for help and series play. */
enum stip_target {
	TARGET_WIN = 0,
	TARGET_STALEMATE,
	TARGET_DOUBLE_STALEMATE,
	TARGET_CHECK,   /* "+": the last move gives check (games with check) */
	TARGET_CAPTURE, /* "x": the last move captures */
	TARGETS
};

/* The goal's sign, as Popeye writes it after the deciding move and in the
   stipulation: "#", "=", "==", "+", "x". */
const char *stip_target_sign(enum stip_target target);

struct stipulation {
	enum stip_kind kind;
	enum stip_target target;
	int n;         /* moves of the winning (or, self and reflex, the solving) side;
	                  series: the length of the series */
	bool half;     /* help play "N.5": the winning side moves first */
	bool popeye;   /* written Popeye's way ("h#2"): White is the winning side */
	char text[32]; /* as written: "#2", "help-win in 2.5" */
};

enum play_family {
	FAMILY_BATTLE, /* keys, tries, threats, variations (direct, self, reflex) */
	FAMILY_LINES   /* every solution line (help, series) */
};

/* The goal of battle play's search (solve/search.h): who must win, and how
   (S1, S3, S6). */
enum goal { GOAL_DIRECT = 0, GOAL_SELF, GOAL_REFLEX, GOALS };

/*
** Who makes each ply of line play (solve/lines.h; S2, S7):
**   PLAN_HELP         the sides alternate; no position before the last ply
**                     may be over (S2);
**   PLAN_SERIES       the winning side moves, its opponent passes, ...;
**   PLAN_SERIES_HELP  the opponent moves, the winning side passes, ..., then
**                     the winning side wins at once;
**   PLAN_HELP_SELF    help play up to the solving side's last move, then the
**                     opponent's forced win (s#1);
**   PLAN_SERIES_SELF  a series, then the opponent's forced win (s#1).
*/
enum line_plan {
	PLAN_HELP = 0,
	PLAN_SERIES,
	PLAN_SERIES_HELP,
	PLAN_HELP_SELF,
	PLAN_SERIES_SELF,
	PLANS
};

/* Do the sides move in turn (help, help-self), numbered in pairs
   ("1.X Y 2.Z W"), rather than one side in a series? */
static inline bool plan_alternates(enum line_plan plan)
{
	return plan == PLAN_HELP || plan == PLAN_HELP_SELF;
}

/* Does a series end with one move of the other side, unnumbered and with
   no pass before it ("1.X 2.Y Z#": series-help, series-self)? */
static inline bool plan_series_reply(enum line_plan plan)
{
	return plan == PLAN_SERIES_HELP || plan == PLAN_SERIES_SELF;
}

/* Does the line end with the opponent's forced replies (self play's s#1:
   help-self, series-self)? */
static inline bool plan_forced_end(enum line_plan plan)
{
	return plan == PLAN_HELP_SELF || plan == PLAN_SERIES_SELF;
}

/* The plan of the plan's set play lines (S8), PLANS when it has none: help
   play's set play is help play one half-move shorter, the winning side
   first; series-help's (Popeye's SetPlay) the winning side's move at once
   after the opponent's pass, a help line of one ply ("1...Kd1-e2 =").  A
   series or help-self play has none. */
static inline enum line_plan plan_set_play(enum line_plan plan)
{
	return plan == PLAN_HELP || plan == PLAN_SERIES_HELP ? PLAN_HELP : PLANS;
}

struct play {
	enum stip_kind kind;
	const char *name;   /* "help": messages and JSON ("play") */
	const char *popeye; /* Popeye's spelling before '#': "h", "ser-h" */
	const char *words;  /* the words before "win in N": "help", "series-help" */
	bool half;          /* "N.5" exists (help play) */
	const char *aim;    /* what the solving side achieves, for messages:
	                       "wins", "forces its opponent to win" */
	enum play_family family;
	enum goal goal;      /* battle play: the search's goal */
	enum line_plan plan; /* line play: the line search's plan */
};

/* The row of a kind of play, NULL when maat has none. */
const struct play *play_of(enum stip_kind kind);
/* Every row, NULL-terminated. */
const struct play *const *play_all(void);

#endif
