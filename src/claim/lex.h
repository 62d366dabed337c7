/*
** lex.h -- a claimed solution cut into tokens, the same for every play:
** move numbers, moves with their marks, Popeye's words in its three
** languages ("threat:", "Drohung:", "menace:", "but", "Aber", "mais",
** "zugzwang.", "blocus." ...), parentheses, twin labels, and the words
** that are none of these (prose: skipped, and named in a warning).
**
** What the lexer knows is how solutions are written, never what a move
** means: it does not know the position.  claim.c (battle play) and lines.c
** (help and series play) read the tokens each as its family needs.
**
** Spellings read (maat-puzzle(5) SOLUTIONS lists them with examples):
**   "1." "1..." "1…" "1. " "2.-" (German: Black's second move), "0..."
**   (the retro last move); {comments}, [theme letters] and [Circe
**   rebirths] anywhere, quotes around text; marks glued or standing alone
**   ("1.Qa7-a1 + ?", "Sd6#[A]", "!threat:"); "~" any move ("S~", "Sc~");
**   "(2.Sd7#)" and ">" threats; "a)", "+c)", "I)" parts; "2.Kd5(b4)"
**   alternatives glued to a move (not read); "-->" twinnings (skipped).
*/
#ifndef MAAT_CLAIM_LEX_H
#define MAAT_CLAIM_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "base/strbuf.h"

enum ctok_kind {
	CT_NUMBER,   /* a move number: num, dots (1: the side that starts, 3: the other) */
	CT_MOVE,     /* a move as written (text), marks split off; may hold "/"
	                alternatives ("fxe5/Sxe5") */
	CT_ANY,      /* "~", "S~", "Sc~": any move (of that piece) */
	CT_THREAT,   /* "threat:", "Drohung:", "menace:", "(>": the next move of the
	                winning side is a threat */
	CT_ZUGZWANG, /* "zugzwang.", "Zugzwang.", "blocus.", "waiting" */
	CT_BUT,      /* "but", "Aber", "mais": the next defence refutes the try */
	CT_REFUTES,  /* Popeye's "refutes." after a defence */
	CT_TRY_WORD, /* "Try:", "Tries:", "Verführung", "essai": the next first move is a try */
	CT_DUAL,     /* "dual:" (maat's "(dual: 2.X)") */
	CT_OPEN,     /* "(" */
	CT_CLOSE,    /* ")" */
	CT_SLASH,    /* "/" standing alone: the next move is an alternative of the last */
	CT_PART,     /* "a)", "+c)", "I)": a twin's part or a numbered solution */
	CT_WORD      /* anything else: prose */
};

/* Marks of a move (CT_MOVE, CT_ANY). */
enum {
	CM_KEY = 1,   /* "!" */
	CM_TRY = 2,   /* "?", "??", "?!?", "!?" */
	CM_CHECK = 4, /* "+" */
	CM_MATE = 8   /* "#" */
};

struct ctok {
	enum ctok_kind kind;
	int num, dots;    /* CT_NUMBER */
	unsigned marks;   /* CT_MOVE, CT_ANY */
	int line;         /* of the claim text, from 1 */
	const char *text; /* as written, whole (in the claim_text's keep) */
};

struct claim_keep; /* lex.c: texts kept for as long as the claim_text */

/* The language of the piece letters and words (enum popeye_language of
   notation/popeye_lang.h; the same values). */
struct claim_text {
	struct ctok *t;
	int n, cap;
	int lang;         /* guessed from Popeye's words and the piece letters */
	int lines;        /* lines of the claim text */
	int moves;        /* CT_MOVE and CT_ANY tokens */
	int words;        /* CT_WORD tokens */
	bool prose;       /* more words than moves, and many: an essay, not a solution */
	char *skipped;    /* the first prose words (SKIPPED_NAMED), quoted, for the
	                     warning; NULL when none (in the keep) */
	int nskipped;     /* how many prose words */
	bool cut;         /* longer than maat reads (lex.c, MAX_TOKENS): the rest not read */
	bool cut_in_line; /* ... and that inside a line: the line is left out */
	struct claim_keep *keep;
};

/* Cut text into tokens.  0, or -1 when out of memory (ct is then empty). */
int claim_lex(const char *text, struct claim_text *ct);
void claim_text_free(struct claim_text *ct);

/* n bytes of s kept, NUL-terminated, as long as ct (a part of a token:
   "Sxe5" of "fxe5/Sxe5"); NULL when out of memory.  Never moved, so the
   readers hold pointers to it. */
const char *claim_text_keep(struct claim_text *ct, const char *s, size_t n);

/* "1...Kd5*c5": a token's numbered spelling for messages, in the file's
   words, added to b. */
void claim_numbered(struct strbuf *b, int ply, const char *text);

/*
** What a reader of the claim should know that is no mismatch: the words
** that are not moves (named), prose that is not checked, a retro move
** (0...) that is not checked.  One line; empty when nothing.
*/
void claim_text_notes(const struct claim_text *ct, struct strbuf *b);

#endif
