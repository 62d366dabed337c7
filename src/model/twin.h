/*
** twin.h -- twins as YACPDB writes them: Popeye's twinning commands,
** applied to a position setup ("Move b4 f3", "Continued Exchange c3 f4",
** "Remove e8", "Add white Sa1", "Substitute Q R", "Stipulation #3"; one
** twin may hold several).  Described in maat-puzzle(5).
*/
#ifndef MAAT_TWIN_H
#define MAAT_TWIN_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "model/puzzle.h"

enum { TWIN_OK = 0, TWIN_ERROR = -1, TWIN_UNSUPPORTED = -2 };

struct twin_change {
	bool continued; /* built on the twin before it, not on the diagram */
	bool has_stip;  /* "Stipulation ..." changed the stipulation */
	struct stipulation stip;
	size_t at;     /* byte offset in the text of what is wrong */
	char msg[256]; /* what is wrong, or why it is not supported */
};

/*
** Apply the twinning commands of `text` to s: the diagram's setup, or the
** previous twin's when the text starts with "Continued" (the caller asks
** twin_continued() first to pick it).  Returns TWIN_OK, or TWIN_ERROR /
** TWIN_UNSUPPORTED with res->msg and res->at.  s is changed even on error.
*/
int twin_apply(const struct game *g, const char *text, struct setup *s, struct twin_change *res);

/* Does the twin start with "Continued" (or a prefix of it, as Popeye reads)? */
bool twin_continued(const char *text);

/*
** The same in one of Popeye's languages (popeye_lang.h; NULL: English):
** the twinning words, colours and piece codes of a German or French input
** file ("versetze", "hinzufuegen schwarz Lb5", "ajoute noir Fb5").
*/
struct popeye_lang;
int twin_apply_in(const struct game *g, const struct popeye_lang *lang, const char *text,
                  struct setup *s, struct twin_change *res);
bool twin_continued_in(const struct popeye_lang *lang, const char *text);

/*
** Chess castling rights after a twin moved pieces: with follow_pieces
** (the diagram left them to Popeye's convention) wherever king and rook
** stand at home, else the diagram's rights that king and rook still back.
*/
void twin_fix_castling(const struct game *g, struct setup *s, bool follow_pieces);

/* Mirror's axis as Popeye writes it ("a1<-->h1") for a word naming it (a
   unique prefix, any case); NULL for none. */
const char *twin_mirror_axis(const char *word);

/*
** What a reader tells twin_build() besides the puzzle: the one builder of
** twins for every input format, so that a twin is the same problem
** whichever file it came from.
*/
struct twin_build {
	const struct popeye_lang *lang; /* the file's twinning words (NULL: English) */
	const char *file;               /* the file's name as messages show it */
	bool castling_explicit;         /* the diagram gave its castling rights (else: Popeye's
	                                   convention, wherever king and rook stand at home) */
	bool white_to_play;             /* Option WhiteToPlay: on each twin's stipulation too */
	bool duplex, half_duplex;       /* the options Duplex, HalfDuplex (duplex.h) */
	/* Duplex or HalfDuplex: the en passant square of the side that plays
	   first in the duplex parts (Popeye's EnPassant after the diagram
	   side's double step), or NULL */
	const char *duplex_ep;
	/* line and column in the file of byte `at` of twin i's text (NULL: the
	   twin's own line and column) */
	void (*where)(void *ctx, int i, size_t at, int *line, int *col);
	/* a twin's position was made: the reader sets what the file says of
	   every problem on it (YAML's rules:); may be NULL */
	void (*made)(void *ctx, void *pos);
	void *ctx;
};

/*
** Make every twin of p (p->twins, their texts and labels read) from the
** diagram's setup, or the previous twin's for "Continued": its position
** and stipulation, or its own error ("FILE:LINE:COL: twin b): ...") or
** reason; a continued twin built on one of those gets its own.  A twin
** whose stipulation starts with the other side (h#2 -> h#2.5) has the
** stipulation's first mover; otherwise the side to move is the diagram's.
** A position without a king is the game's to judge (unsupported for
** chess).  Then Duplex or HalfDuplex (duplex_apply).  Nothing is built
** for a puzzle already in error or unsupported.  Returns 0; -1 out of
** memory; -2 when Duplex would pass its limit (err says so, for the
** reader to make p's error where the option stands).
*/
int twin_build(struct puzzle *p, const struct setup *diagram, const struct twin_build *b, char *err,
               size_t errlen);

#endif
