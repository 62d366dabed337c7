/*
** compose_profile.h -- what a game tells the composer about its problems:
** how many men of which kinds a random position gets, how long a random game
** runs, which side usually solves, and the words of its titles and keywords.
** Data only; each game defines its profile beside its rules (src/games/) and
** points to it from `struct game`, so the composer never asks which game runs.
*/
#ifndef MAAT_COMPOSE_PROFILE_H
#define MAAT_COMPOSE_PROFILE_H

#include <stdbool.h>

/* How men are drawn for one solving side. */
struct compose_side {
	int min_pieces, max_pieces; /* men on the board, kings included */
	int share;                  /* % of the other men given to the solving side */
	int near, radius;           /* % of men dropped within radius of the target king */
};

/*
** One way to title a composed problem: a format with one or two "%s", each
** filled with a word drawn from its list (NULL-terminated), or, where the
** list is NULL, with the lore name of the key's man ("Priest").
*/
struct title_form {
	const char *format;
	const char *const *words[2];
	int solver; /* only when this side solves; -1 either */
};

struct compose_profile {
	struct compose_side by[2];     /* by solving side */
	struct compose_side longer[2]; /* the same for win in 3 and more (0 men: as by) */
	const char *men[2];            /* letters drawn for side 0 / 1 (repeats = weight) */
	/* self play, built backwards from its last picture (compose/backward.h):
	   men kings included (0: as by) and the letters drawn (NULL: men).  A
	   defender of pawns, whose few moves the solver's men can block, is
	   what a selfmate's picture needs: with the pieces of `men` the
	   defender had 20 moves and more to answer after the key */
	int self_min, self_max;
	const char *self_men[2];
	int play_min, play_max; /* plies of random play from the start */
	int side;               /* default solving side, -1 = either */
	bool quiet_key;         /* default: the key neither captures nor checks */
	/* help and series play: the first side (0) wins by default, whatever
	   `side` says.  Tavlei: a king helped to the edge has a shorter way
	   there or a second one all but always (seed 1, 20 s, --side
	   defenders: none of 1,324 candidates), so a run with either side
	   spent half its time on candidates that give nothing */
	bool help_by_first;
	/* direct play in 2 (the genre judges read most closely): at least this
	   many variations after defences by men other than the king, no dual
	   after the key by default, and this many changes of the local
	   search on the score (0: the composer's own default); no_duals: none
	   in the play after the key (--duals play) */
	int men_variations;
	bool no_duals;
	int climb;
	/* direct play in 2: the run finds pool times --count problems and keeps
	   the best scored (0 or 1: the first found); for a game whose problems
	   come fast, so that the score, not the order of the candidates, picks */
	int pool;
	/* direct play in 2: keep only problems scoring at least this (0: no
	   floor); for a game whose pool is too dear (--min-score) */
	int min_score;
	bool forced_is_trivial; /* a solver whose every move is forced (all its
	                           moves capture), or a defender left with its king
	                           alone, makes no problem (Morok's possession) */
	bool king_off_edge;     /* a king never stands on the edge: there it
	                           has already won (Tavlei's escape, T8) */
	bool ranks_mirror;      /* a problem upside down is the same problem to a
	                           judge: no man moves one way only (Tavlei; not
	                           Upuaut's men, which move forward, U3, nor pawns) */
	/* a side with no move loses (Tavlei T8): the defender's men's moves
	   are its flights, and a key that leaves a man that could move
	   without a move restricts as a key that takes the king's flights
	   (stop 40's blind judges: "keys that only block the single mobile
	   piece") */
	bool moves_are_flights;
	/* the game's own captures, themes the score counts (Tavlei, T6 and
	   T7): a man taken by enclosure against the edge, the throne or the
	   armed king, the king taken on four sides or against the throne.
	   throne: the throne's square ("e5"), NULL when the game has none */
	bool enclosure_themes;
	const char *throne;
	/* direct play: the solver wins by walling the enemy king in (T7: its
	   four neighbours the solver's men, or three and the throne), and
	   this share (%) of its candidates is placed from that last picture
	   backwards (place.c, place_net): the king beside the throne or in
	   the open, some neighbours walled, the others open with a solver's
	   man on a line through each to close it (the men move like rooks,
	   T4), the defender's men near the king for its defences; in this
	   share (%) of them one of those men plugs a gap, so that its every
	   move opens the gap to a closer.  0: none */
	int net_share, net_plug;
	const struct title_form *titles; /* ends with format NULL; NULL: generic titles */
	const char *win_keyword[2];      /* keyword by solving side ("King capture"), or NULL */
	const char *self_loss_keyword;   /* a defence that loses by itself ("Self-capture") */
};

#endif
