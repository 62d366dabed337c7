/*
** analysis.h -- everything the verifier knows about one problem, for every
** play: the problem as one value (what is asked, and the limits of every
** search made for it), and what the analysis found.
**
** Two shapes of answer, one per family of plays (play/play.h):
**  - battle play (direct, self, reflex; rules S1, S3, S6): every key with
**    the least number of moves it needs, tries with their refutations, and
**    a solution tree for keys, tries and set play (threats, variations,
**    duals);
**  - line play (help, series; S2, S7): every solution line, the short
**    solutions, the set play lines, and where solutions branch (duals).
**
** Layer: solve -- may use: play.
** The layer of the searches (battle and line play), their table, and the analysis
** of one problem.
*/
#ifndef MAAT_ANALYSIS_H
#define MAAT_ANALYSIS_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/stopflag.h"
#include "games/game.h"
#include "play/stip.h"
#include "solve/search.h"
#include "solve/tt.h"

#define ANALYSIS_MAX_TREE 20000 /* tree nodes kept per problem; more = truncated */
#define ANALYSIS_MAX_REFS 8     /* --tries K is at most this */
#define ANALYSIS_MAX_LINES 5000 /* solution lines kept per kind; more are counted */
#define ANALYSIS_MAX_PLIES (2 * STIP_MAX_N + 2)

enum verdict {
	VERDICT_SOUND = 0,
	VERDICT_COOKED,
	VERDICT_SHORT,
	VERDICT_DUALS, /* help and series play: more lines than intended after the
	                  solutions' first moves (YACPDB's "Has duals") */
	VERDICT_NO_SOLUTION,
	VERDICT_CLAIM_MISMATCH,
	VERDICT_TIMEOUT,
	VERDICT_UNSUPPORTED,
	VERDICT_ERROR,
	VERDICT_COUNT
};

extern const char *const verdict_names[VERDICT_COUNT];
extern const char *const verdict_plurals[VERDICT_COUNT];

struct play;

/* How much to work out, from the command line and the file's options. */
struct analysis_opts {
	int max_refs;          /* tries: moves failing to at most this many defences; 0 = none */
	bool tree;             /* build the solution tree (battle play) */
	bool set_play;         /* set play (S8), also when the file does not ask for it */
	double max_seconds;    /* 0 = no limit */
	const stop_flag *stop; /* set (Ctrl-C): end as on a timeout; may be NULL */
	size_t hash_mb;
	int root_jobs; /* threads for the first moves of one problem (battle play,
	                  -j with fewer problems than threads); 0 or 1: one */
};

/*
** One problem: a puzzle's diagram or one of its twins, as every layer
** below the judge sees it.  Every search made for it -- the analysis, the
** claim check, explain -- takes its limits from here.
*/
struct problem {
	const struct game *g;
	const void *pos; /* the first mover to move (stip_first_mover) */
	struct stipulation stip;
	const struct play *play;
	const char *claim;    /* the file's solution of this problem, NULL = none */
	const char *intended; /* YACPDB intended-solutions ("2", "3.1.1.1"), NULL = 1 */
	bool duplex;          /* one of a Duplex pair: the claim holds both parts (Popeye
	                         prints one after the other); lines and keys of the other
	                         side are the other part's */
	int max_refs;         /* tries (Try, Defence N, --tries) */
	bool tree;
	bool set_play;      /* SetPlay, --set-play */
	bool stop_on_short; /* StopOnShortSolutions: help and series play stop at the
	                       shortest length that has lines (Popeye's search limit) */
	struct search_limits limits;
	double max_seconds; /* what the deadline was made of (messages); 0 = none */
	struct tt *tt;      /* the calling thread's table, or NULL */
	size_t hash_mb;     /* for a table of its own when tt is NULL */
	int root_jobs;      /* analysis_opts.root_jobs */
};

/* ---- moves, as the writers print them ---- */

/*
** A move the analysis keeps, with everything a writer prints of it, filled
** once where the analysis stores the move (move_note_init, then
** move_note_mark once it is made; never in a search's loop), so that no
** writer replays a position:
**   text   maat's own notation: the game's pretty text, " ep." after an
**          en passant capture, then the marks: '+' a check, the goal's
**          sign on the move that reaches it ('#', '=', "==", '+', 'x',
**          "+x"): "Qa7-f2+", "h5xg6 ep.#", "e7-e8=Q", "0-0#";
**   bare   the bytes of the game's text alone ("h5xg6"); mark: where the
**          marks begin (text + mark: "#");
**   facts  MOVE_FACT_CAPTURE, MOVE_FACT_EN_PASSANT (games/game.h);
**   order  the game's print order (print_order: Popeye's for chess), 0
**          when the game has none;
**   the parts short algebraic is written from (the magazine writer's
**   "Sbd2", "exd5", "e8=Q"), from the game's piece table and squares, never
**   from the text: `san` false where the move has none (castling, a man
**   without a Popeye code: a tafl man), else
**   man    the Popeye code of the man that moves ('S' a knight), 0 a pawn;
**   royal  that man is the game's royal one (a king's flight);
**   from, to   the squares left and reached (file, rank: games/game.h);
**   promo  the Popeye code of the man a pawn becomes, 0 none;
**   tell   MOVE_TELL_FILE / MOVE_TELL_RANK: what tells the move from a
**          legal move of another man of its kind to the same square ("Sbd2"
**          beside Sfd2: the file; both: the square), as the FIDE Laws'
**          algebraic notation has it (Appendix C), among every legal move
**          of the position, not only those the analysis keeps.
** A pass (set play's, a threat's) is MOVE_NONE with an empty text.
*/
struct move_note {
	move_t move;
	char text[40];
	char canon[16];
	uint8_t bare, mark, facts;
	bool san, royal;
	char man, promo;
	int8_t from_file, from_rank, to_file, to_rank;
	uint8_t tell;
	uint32_t order;
};

enum { MOVE_TELL_FILE = 1, MOVE_TELL_RANK = 2 };

/* The note of m, legal in pos and not made yet: texts, facts, order; no
   mark yet.  m MOVE_NONE: a pass. */
void move_note_init(struct move_note *n, const struct game *g, const void *pos, move_t m);
/* Append a mark of the move once it is made ("+", "#", "=", "==", "x"). */
void move_note_mark(struct move_note *n, const char *mark);

/* ---- battle play ---- */

struct key_info {
	struct move_note note; /* with its marks: "Qa7-f2+" */
	int moves;             /* least number of moves this key needs */
};

struct try_info {
	struct move_note note;
	int nrefs;
	struct move_note refs[ANALYSIS_MAX_REFS]; /* the refutations, by text */
};

/* A solution tree node.  Children of a solving-side move are the defences
   (and, flagged `threat`, the threats); children of a defence are the
   continuations that reach the goal in the least number of moves left
   (more than one: a dual).  A pass of the solving side (set play) is a
   node with move MOVE_NONE. */
struct tree_node {
	struct move_note note;
	uint8_t by_solver;  /* the solving side's move */
	uint8_t ends;       /* the goal is reached right after this move */
	uint8_t dual;       /* one of several continuations after a defence */
	uint8_t threat;     /* a threat (after the defender passes) */
	uint8_t covered;    /* defence after which every threat still works, or a faster
	                       win does (Popeye omits it) */
	uint8_t refutes;    /* a defence after which no continuation works (tries) */
	int moves_left;     /* solving-side moves from here to the goal, this one included */
	int child, sibling; /* indices into nodes[], -1 = none */
};

/* ---- line play ---- */

struct solution_line {
	int plies;
	int first; /* index of its first move in line_set.moves */
};

/* Solutions in the order found (deterministic: moves by their text). */
struct line_set {
	int count;  /* lines found, every one counted */
	int stored; /* lines kept (ANALYSIS_MAX_LINES) */
	struct solution_line *lines;
	struct move_note *moves; /* passes left out */
	int nmoves, cap_moves, cap_lines;
};

struct analysis {
	const struct play *play;
	struct stipulation stip;

	/* battle play */
	int nkeys;
	struct key_info *keys; /* sorted: fewest moves first, then by text */
	int ntries;
	struct try_info *tries;
	struct tree_node *nodes;
	int nnodes, cap;
	bool truncated;
	int *key_nodes; /* nkeys entries: tree node of each key, -1 if not built */
	int *try_nodes; /* ntries entries: the same for tries */
	int set_node;   /* the solving side's pass with the set play under it; -1 */
	int duals, last_move_duals;
	bool no_threats; /* the game has no passing, threats undefined */

	/* line play */
	struct line_set solutions;         /* of the stipulated length */
	struct line_set short_sols;        /* shorter, shortest first (S2, S5) */
	struct line_set set_lines;         /* set play (S8) */
	struct line_set must_win;          /* reflex play (S6): the solving side's wins
	                                      at once where it is to move first -- it
	                                      must play one, so no line is a solution
	                                      (Popeye prints them "1.X # ?!?") */
	bool has_set_play;                 /* set play was worked out */
	bool partial;                      /* stop_on_short stopped the search at short
	                                      lines: the longer ones were not looked for */
	int branching[ANALYSIS_MAX_PLIES]; /* most lines through one move, per ply:
	                                      the shape intended-solutions reads */

	bool timeout;
	uint64_t nodes_searched;
	double seconds;
};

/* A problem with no claim: stipulation st for game g at pos (the first
   mover to move), with the options o (limits from o->max_seconds, o->stop)
   and the table tt (NULL: one of o->hash_mb).  Its play is st's row; NULL
   play when maat has none. */
void problem_init(struct problem *pb, const struct game *g, const void *pos,
                  const struct stipulation *st, const struct analysis_opts *o, struct tt *tt);

/* Analyse the problem by its play (play->analyse).  Returns 0, or -1 out of
   memory (a timeout is a->timeout). */
int analysis_run(const struct problem *pb, struct analysis *a);
void analysis_free(struct analysis *a);

/* The two analysers the play table's rows use (battle.c, lines.c). */
int analysis_battle(const struct problem *pb, struct analysis *a);
int analysis_lines(const struct problem *pb, struct analysis *a);

/* A search over the problem's position, with its table and its limits;
   NULL when out of memory.  The caller arms s->abort. */
struct search *problem_search(const struct problem *pb);

/* Help and series play: the plies after the counting one (the first, or
   the second in h#N.5) where solutions part -- duals, as YACPDB's soundness
   check flags them (S9). */
int analysis_dual_plies(const struct analysis *a);

/* Append a line to a set (moves made from the problem's position). */
int line_set_add(struct line_set *set, const struct move_note *moves, int plies);
void line_set_free(struct line_set *set);

#endif
