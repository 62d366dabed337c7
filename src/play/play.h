/*
** play.h -- the table of plays: one row per kind of play (rules S1-S3,
** S6, S7), each giving its spellings, its search, its analysis, its verdict
** rules and its claim reader.
**
** Adding a play:
**   1. a value in enum stip_kind (stip.h);
**   2. one row in plays.c: its spellings (stip.c reads them from the row),
**      who moves first, and its family's functions (or new ones);
**   3. tests naming its rule id, a record kind in bench/, docs.
** A stipulation whose play has no row is `unsupported`, in one place:
** play_of() returns NULL and the judge says so.
*/
#ifndef MAAT_PLAY_H
#define MAAT_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "claim/claim.h"
#include "solve/analysis.h"
#include "solve/lines.h"
#include "solve/search.h"
#include "stip.h"

enum play_family {
	FAMILY_BATTLE, /* keys, tries, threats, variations (direct, self, reflex) */
	FAMILY_LINES   /* every solution line (help, series) */
};

/* What the verdict rules decide. */
struct verdict_info {
	enum verdict verdict;
	char reason[768]; /* what is wrong, for every verdict but sound */
};

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
	int (*analyse)(const struct problem *pb, struct analysis *a);
	/* The verdict from the analysis and the claim (claim check included). */
	void (*judge)(const struct problem *pb, const struct analysis *a, struct verdict_info *v);
	/* Compare the claim with the analysis (claim.h): 0 agrees, 1 differs. */
	int (*check_claim)(const struct problem *pb, const struct analysis *a, char *why,
	                   size_t whylen, struct claim_diff *d);
};

/* The row of a kind of play, NULL when maat has none. */
const struct play *play_of(enum stip_kind kind);
/* Every row, NULL-terminated. */
const struct play *const *play_all(void);

/* The verdict rules of the two families (verdict.c). */
void verdict_battle(const struct problem *pb, const struct analysis *a, struct verdict_info *v);
void verdict_lines(const struct problem *pb, const struct analysis *a, struct verdict_info *v);

/*
** intended-solutions (YACPDB; S9) as the solutions' shape: want[p] is the
** number of lines branching off at ply p after one same line before it
** (-1: anything), `first` the ply that counts the solutions (0, or 1 when
** the winning side starts: h#N.5).  "2" -> 2 at the first ply, 1 after;
** "2.1.1.1" ply by ply; a trailing "..." leaves the rest free.  Returns the
** number of lines intended, or -1 (with err) when spec is malformed.
*/
int intended_shape(const char *spec, const struct stipulation *st, int plies, int *want, int *first,
                   char *err, size_t errlen);

#endif
