/*
** compose.h -- the composer: new sound "win in N" problems from random
** positions (issue "Composer").
**
** A run tries candidates 0, 1, 2, ...  Candidate i draws everything from
** its own generator seeded by (seed, i) and is judged alone, so what it
** yields depends only on (seed, i); the run keeps the first `count`
** distinct problems in candidate order.  The output therefore does not
** depend on the number of threads.  The one thing that does depend on the
** machine is the per-candidate time limit (candidate_seconds): a candidate
** whose search runs out of time is dropped.
**
** Pipeline per candidate: a legal position (random placement or random
** play from the start, within the material limits) -> proof search (one
** key winning in exactly N, nothing shorter) -> economy (drop every man the
** problem does not need) -> full judgement (judge_puzzle: sound) -> quality
** filters (quiet key, no duals, variations, ...).  Help and series play
** (S2, S7): the line search instead of the proof search, exactly
** `solutions` solutions that part at their first move, no short one, no
** dual; economy keeps the same solutions.
**
** Layer: compose -- may use: output.
** The layer of new problems: generation, filters, the quality score.
*/
#ifndef MAAT_COMPOSE_H
#define MAAT_COMPOSE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/stopflag.h"
#include "compose/score.h"
#include "games/game.h"
#include "model/puzzle.h"

/* How candidates are made: random placement, random play from the start,
   both in turn, or (self play, backward.h) from the last picture back. */
enum compose_method { COMPOSE_PLACE = 0, COMPOSE_PLAY, COMPOSE_MIXED, COMPOSE_BACKWARD };

/* Duals a problem may have (--duals). */
enum compose_duals {
	DUALS_ANY = 0, /* anywhere */
	DUALS_MAIN,    /* none in the main line (compose_main_line_duals): the default */
	DUALS_STRICT,  /* none before the last move, anywhere */
	DUALS_NONE,    /* none at all, the last move included */
	DUALS_PLAY     /* none in the play after the key: the threat and every defence
	                  shown answered one way (chess #2's default: what a judge
	                  reads; a dual after a defence the threat answers anyway, or
	                  in a try, is no fault there) */
};

struct compose_opts {
	const struct game *g;
	struct stipulation stip; /* direct, n >= 1 */
	int count;               /* problems wanted */
	uint64_t seed;
	int min_pieces, max_pieces; /* men on the board, kings included; 0 = the game's
	                               default for the solving side */
	int side;                   /* solving side 0 / 1, or -1: either (per candidate) */
	enum compose_method method;
	int variations;           /* at least this many (see compose_variations) */
	int men_variations;       /* ... of them after a defence by a man other than the
	                             king (compose_variations_by_men) */
	int solutions;            /* help and series play: exactly this many (S9) */
	bool allow_capture_key;   /* the key may capture */
	bool allow_check_key;     /* the key may give check */
	enum compose_duals duals; /* which duals a problem may have */
	bool allow_only_move;     /* the key may be the only legal move */
	bool undoing_refused;     /* direct play: at most half the defences answered by
	                             taking the man that has just defended */
	bool closed_king;         /* direct play: the defending king has no flight in the
	                             diagram, and the key takes none (the game's profile) */
	bool allow_forced;        /* Morok: the solver may start possessed (forced captures) */
	bool economy;             /* remove every man the problem does not need */
	bool allow_promoted;      /* promoted force, or more men than a game reaches */
	bool allow_lone_king;     /* direct play: the defender may have its king alone;
	                             help and series play: either side */
	bool allow_short_threat;  /* the threat may win sooner than the stipulation */
	bool allow_set_win;       /* self play: the defender, were it to move in the
	                             diagram, may win at once */
	bool allow_king_run;      /* direct play, a game whose king wins on the edge
	                             (Tavlei T8): the key and every answer may be the
	                             solver's king's own moves (score.h: king run) */
	bool plain_defender;      /* self play built backwards: the defender's pawns stay
	                             pawns (none tried as a piece in its place) */
	bool has_min_score;       /* keep only problems scoring at least min_score */
	int min_score;
	int climb;                       /* local search on the score: changes tried (0: none) */
	int pool;                        /* problems found a problem wanted, the best kept by
	                                    score (1: the first --count found) */
	bool repair;                     /* climb on a near miss too (climb.h, compose_repair) */
	const char *const *avoid_titles; /* titles never given (a collection's); may be NULL */
	int navoid;
	double max_seconds;       /* whole run; 0 = no limit */
	double candidate_seconds; /* one candidate's searches; 0 = no limit */
	int jobs;                 /* threads; 0 = all cores */
	size_t hash_mb;           /* per thread */
	const stop_flag *stop;    /* set (Ctrl-C, SIGTERM): end as at max_seconds; may be NULL */
};

/* Defaults for game g and stipulation st (the CLI's defaults). */
void compose_defaults(struct compose_opts *o, const struct game *g, const struct stipulation *st);

#define COMPOSE_MAX_KEYWORDS 16

struct composed {
	uint64_t index; /* the candidate that gave it */
	uint64_t hash;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	int solver;
	int men[2];         /* men per side */
	char key[40];       /* pretty, with its marks (struct move_note) */
	char key_canon[16]; /* MOVE_CANONICAL (near-duplicates) */
	int variations, tries;
	char title[96];
	const char *keywords[COMPOSE_MAX_KEYWORDS]; /* static strings */
	int nkeywords;
	struct compose_score score; /* score.h */
	uint64_t scheme;            /* compose_scheme; 0: none (help play) */
	char *solution;             /* as the file holds it: Popeye's text for a YACPDB
	                               entry (chess), the magazine form in maat's YAML */
	/* what compose_alike compares, made once by compose_picture (the run
	   compares each problem with every one kept: replaying the keys at
	   each comparison made --count 1000 take seconds) */
	bool pictured;
	bool after_ok;              /* the key played: after holds the position */
	int key_sq[4];              /* the key's squares (file, rank, file, rank), from 0 */
	struct setup before, after; /* the diagram, the position after the key */
};

struct compose_stats {
	uint64_t candidates;   /* judged */
	uint64_t illegal;      /* placements the game rejected */
	uint64_t no_win;       /* no win in N (or the game already over) */
	uint64_t shorter;      /* a win in fewer moves */
	uint64_t cooked;       /* more than one key */
	uint64_t timeout;      /* out of time */
	uint64_t filtered;     /* sound, but failed a quality filter: */
	uint64_t small;        /*   economy left fewer men than --pieces asks */
	uint64_t key;          /*   the key captures or checks */
	uint64_t only_move;    /*   the key is the only legal move */
	uint64_t forced;       /*   Morok: the solver starts possessed */
	uint64_t legal;        /*   promoted force, more men than a game reaches */
	uint64_t lone;         /*   direct play: the defender's king alone; help and
	                            series play: either side's */
	uint64_t short_threat; /* the threat wins sooner than the stipulation */
	uint64_t set_win;      /*   self play: the defender could win at once */
	uint64_t king_run;     /*   the solver's king runs alone (Tavlei T8) */
	uint64_t repeated;     /*   help play: two solutions end in the same move */
	uint64_t low_score;    /*   below --min-score */
	uint64_t duals;        /*   duals in the main line */
	uint64_t variations;   /*   too few variations */
	uint64_t duplicate;    /* the same problem as an earlier candidate, or a near one:
	                          the same key, one man elsewhere */
	uint64_t unreadable;   /* sound, but its solution text did not read back (a bug) */
	uint64_t kept;
	double seconds;
};

/* Progress: called on the calling thread about 4 times a second. */
typedef void (*compose_progress_fn)(void *ctx, const struct compose_stats *st, int found,
                                    int wanted);

/* The run.  *out gets the problems in candidate order (free each with
   composed_free, then the array).  Returns the number found (< count when
   max_seconds ran out), -1 out of memory. */
int compose_run(const struct compose_opts *o, compose_progress_fn progress, void *ctx,
                struct composed **out, struct compose_stats *st);

/* The score of the problem at pos (the first mover to move) as the run
   would give it, idle men counted (a man whose removal leaves a sound
   problem with the same key and no fewer different wins, or the same
   solutions).  1 sound and *s filled, 0 not
   sound, out of time or too big to count the wins (nothing to score), -1
   out of memory. */
int compose_assess(const struct compose_opts *o, const void *pos, struct compose_score *s);

/* Candidate `index` alone (tests): 1 and *out filled when it gives a
   problem, 0 when not, -1 out of memory. */
int compose_candidate(const struct compose_opts *o, uint64_t index, struct composed *out);

void composed_free(struct composed *c);

/* Are a and b one problem to a judge (the run keeps the first)?  The same
   position; or, under a symmetry of the board and a shift by whole files
   and ranks (a copy moved along the board: the same men in the same places
   around each other), either the diagrams alike but for one man elsewhere
   (the king on e1 or on e2) with the key the same move, or the positions
   after the keys alike but for one man elsewhere (the key's man come from
   another square).  The files mirror in every game (to a judge a problem
   and its mirror image are one, chess's castling aside); the ranks only
   where no man moves one way (the game's profile says so: Tavlei; not
   Upuaut, whose men move forward, nor pawns); files and ranks swap only
   on a square board. */
bool compose_alike(const struct game *g, const struct composed *a, const struct composed *b);
/* The scheme of a battle-play problem (issue 22: "the same scheme
   repeated within a run"): what a judge sees as one idea whatever the
   squares -- the material (each side's men), the solving side, the key's
   man, a threat or zugzwang, and the set of men making the solver's
   answers -- as a hash.  The squares are left out, so every symmetry and
   shift of the board gives the same scheme.  A run keeps the best-scoring
   problem of a scheme (the earliest among equals).  c: the problem, its
   picture made (compose_picture); a: its analysis (its key's tree).
   Into c->scheme; 0 when a has no key. */
struct analysis;
void compose_scheme(const struct game *g, const struct analysis *a, struct composed *c);

/* Fill c's picture (above) from its pos and key_canon: once, when they are
   final.  compose_alike makes one of its own for a problem without. */
void compose_picture(const struct game *g, struct composed *c);

/* Variations of a solution tree: distinct continuations after the key's
   defences, leaving out the threat moves (a defence answered by the threat
   changes nothing).  For a block or in Morok: every distinct continuation.
   Continuations are alike when they are the same move, or when the same
   man answers the same defending man landing as far from where it went,
   or taking it both times (one man capturing on each square one
   defender's man goes to, from whatever side, is one win repeated).
   A defence with several answers (a dual), or with a dual before the last
   move further down its line, counts as none.  g, pos: the game and the
   problem (the captures are read from them); NULL, the squares alone. */
struct analysis;
int compose_variations(const struct game *g, const void *pos, const struct analysis *a);

/* The same, and *by_men those of them whose defence is made by a man other
   than the defending king (pos: the problem, a: its analysis; a judge's
   "king-move mates" are variations after the king's moves alone). */
int compose_variations_by_men(const struct game *g, const void *pos, const struct analysis *a,
                              int *by_men);

/* Duals in the main line: more than one threat, or a dual before the last
   move in the threat's line.  (Duals elsewhere are by-play: the variations
   counted by compose_variations have none.) */
bool compose_main_line_duals(const struct analysis *a);

/* Whether the duals of a are within `level`. */
bool compose_duals_ok(const struct analysis *a, enum compose_duals level);

/* One YAML document ("---" first) for c.  `command` (may be NULL) is the
   command line that reproduces the run; it goes into comments:. */
void compose_write_yaml(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command);

/* One JSON line for c: game, stipulation, title, position, key, solution,
   keywords and the score with its features. */
void compose_write_json(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command);

#endif
