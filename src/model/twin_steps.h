/*
** twin_steps.h -- a twin's text ("Continued Move b4 f3 Remove e8") read
** as its twinning commands and their words, for what prints twins in its
** own way (output/popeye.c as Popeye does; output/magazine.c and the
** diagrams' captions as magazines do: "b) -Se1, #4").  Only the words:
** model/twin.c applies them.
*/
#ifndef MAAT_TWIN_STEPS_H
#define MAAT_TWIN_STEPS_H

#include <stddef.h>

#include "games/game.h"
#include "model/puzzle.h"

enum twin_op {
	TWIN_OP_CONTINUED,   /* "Continued" */
	TWIN_OP_MOVE,        /* Move SQ SQ */
	TWIN_OP_EXCHANGE,    /* Exchange SQ SQ */
	TWIN_OP_REMOVE,      /* Remove SQ */
	TWIN_OP_ADD,         /* Add COLOUR MAN (as "Sa1") */
	TWIN_OP_SUBSTITUTE,  /* Substitute PIECE PIECE */
	TWIN_OP_STIPULATION, /* Stipulation STIP */
	TWIN_OP_OTHER,       /* any other word, or a command short of its words */
};

struct twin_step {
	enum twin_op op;
	const char *word[2]; /* the command's words; TWIN_OP_OTHER: the word itself */
};

#define TWIN_MAX_STEPS 64

/*
** The steps of text (split on white space into buf, which the steps
** point into), English words in any case; their number, at most max.
*/
int twin_steps(const char *text, char *buf, size_t len, struct twin_step *steps, int max);

/*
** The twin `twin` of p is made from: the diagram, or ("Continued") the twin
** before it, Duplex parts passed over.  Its setup in *before; the index of
** the twin it is made from, -1 for the diagram.
*/
int twin_made_from(const struct puzzle *p, int twin, struct setup *before);

/*
** The man on square sq ("e1") of setup s, as each writer names him in a
** twin ("wSe1" for Popeye, "Se1" or a figurine for magazines): letter()
** writes his side and piece letters at *o (never at or past end), then the
** square follows.  out is "" when sq is no square of g, the square is
** empty or the man has no Popeye letter.
*/
void twin_man_on(const struct game *g, const struct setup *s, const char *sq,
                 void (*letter)(const void *ctx, const struct piece_kind *k, char **o, char *end),
                 const void *ctx, char *out, size_t len);

/*
** How a writer names the men of a twin's changes: a man on the board (as
** twin_man_on's letter()) and a piece named by its Popeye letter (Add,
** Substitute), each written at *o, never at or past end.
*/
struct twin_letters {
	void (*man)(const void *ctx, const struct piece_kind *k, char **o, char *end);
	void (*piece)(const void *ctx, char popeye, char **o, char *end);
	const void *ctx;
};

/*
** Twin `twin` of p as magazines print it under a diagram or before its
** solution: "b) -Se1, #4", "c) from b) -Ph2, #5", "b) Sa1→a2,
** Ka1↔Sb2, +wBc4, R→B"; words that are no twinning command as
** written ("b) Rotate 90").  Whole, malloc'd; NULL when out of memory.
*/
char *twin_magazine_label(const struct puzzle *p, int twin, const struct twin_letters *l);

#endif
