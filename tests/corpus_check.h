/*
** corpus_check.h -- one record of a corpus (the JSON lines of tests/corpus, answers
** established by Popeye and Stockfish) solved by maat and compared, for
** every play: keys with their least length (direct, self, reflex), tries
** and their refutation where the record has them, every solution line
** with the short ones (help, series), set play where the record asks for
** it, and positions Popeye refuses refused.  Used by the unit tests (a
** fast subset) and by bench/corpus_bench (all of it, timed).
*/
#ifndef MAAT_CORPUS_CHECK_H
#define MAAT_CORPUS_CHECK_H

#include <stdbool.h>

#include "minijson.h"
#include "solve/tt.h"

struct corpus_result {
	bool ok;
	bool skipped;        /* not a record maat is asked to solve (filters) */
	const char *known;   /* a documented difference with Popeye: why (ok is true) */
	char known_why[384]; /* ... when worked out for the record (known points here) */
	char play[16];       /* the play's name: "help", "direct", ... */
	char why[1024];      /* what differs */
	bool claim_checked;  /* popeye_output was read as a claim (filter.claims) */
	bool claim_warned;   /* ... and some of its words were skipped */
	double seconds;      /* CPU seconds of the analysis */
};

struct corpus_filter {
	bool tries;         /* compare tries where the record has them */
	int min_n, max_n;   /* stipulation length */
	double max_seconds; /* per record, 0 = none: a timeout is a disagreement */
	bool claims;        /* Popeye's printed solution (popeye_output), read as the
	                       file's claim, must agree with the analysis */
	const char *play;   /* only records of this play ("help", ...); NULL: all */
	const char *id;     /* only the record with this id; NULL: all */
};

void corpus_check_record(const struct mj *rec, struct tt *tt, const struct corpus_filter *flt,
                         struct corpus_result *out);

#endif
