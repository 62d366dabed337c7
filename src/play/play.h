/*
** play.h -- the table of plays: one row per kind of play (rules S1-S3,
** S6-S8), saying everything about it: its spellings, who moves first, its
** half moves (N.5), its set play, Popeye's WhiteToPlay, the goals it takes,
** its family, and its search's goal (battle play) or plan (line play).  The
** family picks the analysis (solve/), the verdict rules (judge/verdict.c)
** and the claim reader (claim/); the goal and plan tell the searches what
** to look for.  Every layer asks the row (play_of(kind)); none asks the kind.
**
** Adding a play:
**   1. a value in enum stip_kind (below);
**   2. one row in plays.c: its spellings (stip.c reads them from the row),
**      who moves first, its set play, its family, goal or plan (or new
**      ones);
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
	STIP_DIRECT = 0,    /* #N: the side to move wins */
	STIP_HELP,          /* h#N, h#N.5: both sides help W to win */
	STIP_SELF,          /* s#N: S forces its opponent to win */
	STIP_REFLEX,        /* r#N: as self, and a side that can win at once must */
	STIP_SERIES,        /* ser-#N: W makes N moves in a row, the last wins */
	STIP_SERIES_HELP,   /* ser-h#N: the opponent makes N moves, then W wins at once */
	STIP_HELP_SELF,     /* hs#N: both sides help until S's N-th move, after which
	                       every reply of the opponent wins for it (s#1) */
	STIP_SERIES_SELF,   /* ser-s#N: S makes N moves in a row, then every reply
	                       of the opponent wins for it (s#1) */
	STIP_HELP_REFLEX,   /* hr#N: help play until S's N-th move, after which the
	                       opponent wins at once; as in r#, a side that can win
	                       with its next move must (Popeye's hr#) */
	STIP_SERIES_REFLEX, /* ser-r#N: S makes N moves in a row, then the
	                       opponent wins at once; a side that can win with
	                       its next move must (Popeye's ser-r#) */
	STIP_KINDS
};

/* What the last move must leave the opponent in (Popeye's goal): a won
   position (S0: "#", "win") or, where the game has stalemate, stalemated
   ("=": no legal move and not lost; chess O1), or both sides stalemated
   ("==", Popeye's double stalemate: the side to move has no legal move and
   is not in check, and the side that moved would have none either), or
   either of a win and a stalemate ("#=", Popeye's mate or stalemate); or,
   a property of the last move rather than of the position, a check ("+"),
   a capture ("x"), a castling ("00") or any move at all ("~"), for help and
   series play; or Popeye's double mate ("##": after the last move both
   sides are in check and neither has a legal move, the mover's own king
   left in check by that move, which the mover could make because it had
   a legal move) and counter-mate ("##!": the same, the mover mated before
   its move).  Legal moves never reach these two: the last move is one the
   rules refuse only for the self-check (games/game.h: gen_self_checks). */
enum stip_target {
	TARGET_WIN = 0,
	TARGET_STALEMATE,
	TARGET_DOUBLE_STALEMATE,
	TARGET_CHECK,             /* "+": the last move gives check (games with check) */
	TARGET_CAPTURE,           /* "x": the last move captures */
	TARGET_MATE_OR_STALEMATE, /* "#=": the side to move lost or stalemated */
	TARGET_ANY,               /* "~": any move (help and series play) */
	TARGET_CASTLING,          /* "00": the last move castles (games with castling) */
	TARGET_DOUBLE_MATE,       /* "##": both sides mated by a self-checking move */
	TARGET_COUNTER_MATE,      /* "##!": the same, by a mated side */
	TARGETS
};

/* The goal's sign, as Popeye writes it in the stipulation: "#", "=", "==",
   "+", "x", "#=", "~", "00", "##", "##!". */
const char *stip_target_sign(enum stip_target target);
/* ... and after the deciding move: the same, but none for "~" and "00"
   (the move says it: Popeye marks none). */
const char *stip_target_mark(enum stip_target target);

struct stipulation {
	enum stip_kind kind;
	enum stip_target target;
	int n;         /* moves of the winning (or, self and reflex, the solving) side;
	                  series: the length of the series */
	bool half;     /* help play "N.5": the winning side moves first */
	bool popeye;   /* written Popeye's way ("h#2"): White is the winning side */
	bool exact;    /* "exact-h#3": exactly N moves, no line of fewer moves is
	                  looked for (no short solutions; line play only) */
	char text[64]; /* as written, whole: "#2", "help-win in 2.5" (stip_parse refuses
	                  longer text) */
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
**   PLAN_SERIES_SELF  a series, then the opponent's forced win (s#1);
**   PLAN_HELP_REFLEX  help play up to the solving side's last move, then the
**                     opponent's win at once (r#1); a side that can win
**                     with its next move must (S6): the solving side may
**                     never have a winning move, and where the opponent
**                     has one the line ends with it;
**   PLAN_SERIES_REFLEX a series, then the opponent's win at once, under the
**                     same obligation (the opponent's at each of its
**                     passes).
*/
enum line_plan {
	PLAN_HELP = 0,
	PLAN_SERIES,
	PLAN_SERIES_HELP,
	PLAN_HELP_SELF,
	PLAN_SERIES_SELF,
	PLAN_HELP_REFLEX,
	PLAN_SERIES_REFLEX,
	PLANS
};

/* Do the sides move in turn (help, help-self), numbered in pairs
   ("1.X Y 2.Z W"), rather than one side in a series? */
static inline bool plan_alternates(enum line_plan plan)
{
	return plan == PLAN_HELP || plan == PLAN_HELP_SELF || plan == PLAN_HELP_REFLEX;
}

/* Does a series end with one move of the other side, unnumbered and with
   no pass before it ("1.X 2.Y Z#": series-help, series-self)? */
static inline bool plan_series_reply(enum line_plan plan)
{
	return plan == PLAN_SERIES_HELP || plan == PLAN_SERIES_SELF || plan == PLAN_SERIES_REFLEX;
}

/* Does the line end with the opponent's forced replies (self play's s#1:
   help-self, series-self; reflex play's r#1: help-reflex, series-reflex)? */
static inline bool plan_forced_end(enum line_plan plan)
{
	return plan == PLAN_HELP_SELF || plan == PLAN_SERIES_SELF || plan == PLAN_HELP_REFLEX ||
	       plan == PLAN_SERIES_REFLEX;
}

/* Must a side that can win with its next move win (S6: help-reflex,
   series-reflex)? */
static inline bool plan_reflex(enum line_plan plan)
{
	return plan == PLAN_HELP_REFLEX || plan == PLAN_SERIES_REFLEX;
}

/* After the i-th of the `moves` moves of a line as written (passes not
   written), does the other side pass?  In a series between the series'
   moves, not before a series-help's or series-self's last move, which is
   the other side's. */
static inline bool plan_pass_after(enum line_plan plan, int i, int moves)
{
	return plan == PLAN_SERIES ? i + 1 < moves : plan_series_reply(plan) && i + 2 < moves;
}

/* How set play's lines (S8) are as long as the play's: half a move shorter
   (help play: h#2 -> h#1.5, h#2.5 -> h#2), or the winning side's move at
   once (series-help, Popeye's SetPlay: ser-h=5 -> h=0.5). */
enum set_length { SET_HALF_MOVE_SHORTER = 0, SET_WINNING_MOVE };

struct play {
	enum stip_kind kind;
	const char *name;   /* "help": messages and JSON ("play") */
	const char *popeye; /* Popeye's spelling before '#': "h", "ser-h" */
	const char *words;  /* the words before "win in N": "help", "series-help" */
	const char *aim;    /* what the solving side achieves, for messages:
	                       "wins", "forces its opponent to win" */
	const char *role;   /* the side the play is about, for messages:
	                       "winning" (direct, help, series), "solving" (self,
	                       reflex and their help and series forms) */

	/* ---- who moves first ---- */
	bool solver_first; /* in N whole moves the winning (solving) side makes
	                      the first move: not in h#N, ser-h#N */
	bool half;         /* "N.5" exists: half a move more, the other side's,
	                      first (h#2.5: the winning side starts; hs#2.5: its
	                      opponent), written "1...X" */
	bool any_side;     /* Popeye's spelling leaves the winning side to the
	                      position ("#2" with Black to move: Black mates);
	                      in the others it makes White the winning (solving)
	                      side, so the first mover follows (Black in h#2) */

	/* ---- set play (S8) and Popeye's WhiteToPlay ---- */
	const struct play *set;     /* the play of set play's lines, NULL: none */
	enum set_length set_length; /* how long they are */
	bool white_to_play;         /* Popeye's WhiteToPlay applies: in N whole
	                               moves the winning side starts, half a move
	                               sooner (h#3 -> h#2.5) */

	unsigned targets; /* the goals maat solves in it: 1u << enum stip_target */
	enum play_family family;
	enum goal goal;      /* battle play: the search's goal */
	enum line_plan plan; /* line play: the line search's plan */
};

/* The row of a kind of play, NULL when maat has none. */
const struct play *play_of(enum stip_kind kind);
/* Every row, NULL-terminated. */
const struct play *const *play_all(void);

#endif
