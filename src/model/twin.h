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

#endif
