/*
** options.h -- Popeye's options as maat understands them.
**
** One table holds every option maat knows: its word (in each of Popeye's
** languages: popeye_lang.h), what follows the word, whether it changes the
** problem (the position, who moves, what counts as a solution) and what
** maat does with it.  A reader turns an option into a struct
** puzzle_option, its arguments checked (numbers as Popeye reads them,
** squares on the board), or refuses it; the writers write these values
** back (option_format), never the file's text: "Try Protocol victim.txt"
** in a YAML options: list is an error, not a Popeye command waiting in a
** converted .inp (issue 23, item 1).
*/
#ifndef MAAT_OPTIONS_H
#define MAAT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "notation/popeye_lang.h"

/* What maat does with an option. */
enum option_use {
	OPTUSE_ANALYSIS,   /* asks the analysis for more or less: SetPlay, Try, Defence N,
	                      StopOnShortSolutions */
	OPTUSE_OUTPUT,     /* what Popeye prints or how far it searches; the problem is
	                      the same and maat's verdict the whole truth: kept for the
	                      writers and --format popeye */
	OPTUSE_POSITION,   /* a fact of the position or the stipulation: applied
	                      (EnPassant, NoCastling, WhiteToPlay) */
	OPTUSE_DUPLEX,     /* Duplex, HalfDuplex: the other side's problem (duplex.h) */
	OPTUSE_UNSUPPORTED /* changes the problem in a way maat does not solve */
};

/* What follows an option's word. */
enum option_args {
	OPTARG_NONE,
	OPTARG_NUMBER,      /* Defence 2, MaxTime 60 */
	OPTARG_OPT_NUMBER,  /* a number or nothing: Intelligent [3], Beep [2] */
	OPTARG_TWO_NUMBERS, /* NonTrivial 0 1 */
	OPTARG_SQUARES,     /* one or more squares: EnPassant d7d6d5, NoCastling a1h8 */
	OPTARG_MOVE_NUMBER, /* StartMoveNumber 12 or 12:3 (a move in each level) */
	OPTARG_TWO_SQUARES  /* CastlingMutuallyExclusive a1h8 */
};

struct option_info {
	enum option_args args;
	bool changes_problem;
	enum option_use use;
	const char *popeye; /* what it means in Popeye (py-engl.txt), short */
};

/* The option's row of the table. */
const struct option_info *option_info(enum popeye_option o);

#define OPTION_MAX_NUMBERS 8 /* levels of StartMoveNumber 12:3:1 */
#define OPTION_MAX_SQUARES 8 /* NoCastling a1e1h1a8e8h8: six */

/* An option as maat understood it. */
struct puzzle_option {
	enum popeye_option id;
	int nnum;
	unsigned long num[OPTION_MAX_NUMBERS]; /* each at most UINT_MAX, as Popeye reads */
	int nsq;
	unsigned char sq[OPTION_MAX_SQUARES][2]; /* file, rank: 0 is a, 1 */
};

/* Start o as the option's word alone (no argument yet). */
void option_start(struct puzzle_option *o, enum popeye_option id);

/*
** Popeye input: how many words may follow the option's word (0, 1 or 2)
** and whether the first may be left out (OPTARG_OPT_NUMBER).
*/
int option_max_words(enum popeye_option id);
bool option_words_optional(enum popeye_option id);

/*
** Take word k (from 0) after the option's word into o: true when it is
** what the option takes there, else false with o unchanged.  What it takes,
** for a message: option_wants().
*/
bool option_take(struct puzzle_option *o, int k, const char *word);
const char *option_wants(enum popeye_option id);

/*
** One entry of a YAML options: list ("Defence 2", "EnPassant f7 f6 f5",
** "Try"): the English word in full or as Popeye abbreviates it (and the
** French "Defense"), then exactly its arguments.  OPTION_OK with o filled;
** OPTION_NONE when the first word is no option (a fairy condition, for
** the caller); OPTION_BAD with a message ("Try takes no argument", never
** the text itself) and the byte offset of the word that is wrong (the
** text's length when one is missing).
*/
enum { OPTION_OK = 0, OPTION_NONE = 1, OPTION_BAD = -1 };
int option_read(const char *text, struct puzzle_option *o, size_t *at, char *msg, size_t len);

/* The option as maat writes it, in English ("Defence 2", "EnPassant
   d7d6d5", "Intelligent"): only from o's values. */
void option_format(const struct puzzle_option *o, char *buf, size_t len);

/* The English word of an option ("PostKeyPlay"). */
const char *option_name(enum popeye_option id);

/*
** What the problem cannot do that an option asks, for a warning, or NULL:
** SetPlay where the play has none (ser-#2, h#0.5, hs#1: Popeye prints
** "SetPlay not applicable - ignored"; issue 23, item 8).
*/
struct stipulation;
const char *option_not_applicable(const struct puzzle_option *o, const struct stipulation *st);

/* Does the list hold the option?  The first such, or NULL. */
const struct puzzle_option *option_find(const struct puzzle_option *v, int n,
                                        enum popeye_option id);

#endif
