/*
** twin.c -- Popeye's twinning commands on a position setup, as YACPDB's
** twins: field writes them.
**
** Words are read as Popeye reads them: case-insensitive, and any unique
** prefix will do ("Cont" is Continued).  Move and Exchange take two
** squares, Remove a square list ("e8", "a1b2"), Add a colour and pieces in
** Popeye's codes (S is the knight), which is also how Substitute names its
** two pieces.  Rotate 90/180/270, Mirror a1<-->h1/a1<-->a8/a1<-->h8/
** a8<-->h1, Shift a1 d1 and PolishType move or recolour every man as Popeye
** 4.104 does (its position/board.c transformations: Rotate 90 takes a1 to
** h1).  Popeye's other twinnings (Condition, Forsyth, structured
** stipulations) are recognised and reported as not supported, so a twin
** is never half applied.
*/
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/twin.h"
#include "base/textsafe.h"
#include "model/duplex.h"
#include "notation/popeye_lang.h"

#define QUOTE_MAX 40
#define SUPPORTED                                                                                  \
	"Move, Exchange, Remove, Add, Substitute, Stipulation, Continued, Rotate, Mirror, Shift, " \
	"PolishType"

enum kw {
	KW_MOVE,
	KW_EXCHANGE,
	KW_REMOVE,
	KW_ADD,
	KW_SUBSTITUTE,
	KW_STIPULATION,
	KW_CONTINUED,
	KW_SSTIPULATION,
	KW_ROTATE,
	KW_MIRROR,
	KW_SHIFT,
	KW_POLISH,
	KW_CONDITION,
	KW_FORSYTH,
	KW_COUNT,
	KW_NONE = -1,
	KW_AMBIGUOUS = -2
};

/* In enum order, for messages (English, Popeye's spelling). */
static const char *const kw_names[KW_COUNT] = {
    "Move",         "Exchange", "Remove", "Add",   "Substitute", "Stipulation", "Continued",
    "SStipulation", "Rotate",   "Mirror", "Shift", "PolishType", "Condition",   "Forsyth",
};

/* Popeye's twinnings (popeye_lang.h order) as keywords here. */
static const enum kw from_popeye[PT_COUNT] = {
    [PT_MOVE] = KW_MOVE,
    [PT_EXCHANGE] = KW_EXCHANGE,
    [PT_STIPULATION] = KW_STIPULATION,
    [PT_SSTIPULATION] = KW_SSTIPULATION,
    [PT_ADD] = KW_ADD,
    [PT_REMOVE] = KW_REMOVE,
    [PT_CONTINUED] = KW_CONTINUED,
    [PT_ROTATE] = KW_ROTATE,
    [PT_CONDITION] = KW_CONDITION,
    [PT_POLISH] = KW_POLISH,
    [PT_MIRROR] = KW_MIRROR,
    [PT_SHIFT] = KW_SHIFT,
    [PT_SUBSTITUTE] = KW_SUBSTITUTE,
};

struct tok {
	const char *s; /* NUL-terminated copy */
	size_t at;     /* byte offset in the twin's text */
};

#define MAX_TOKS 64

struct reader {
	const struct game *g;
	const struct popeye_lang *lang; /* the words of the twinnings, colours, pieces */
	struct setup *s;
	struct twin_change *res;
	char buf[512];
	struct tok t[MAX_TOKS];
	int n, i;
};

static int fail(struct reader *r, int code, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(struct reader *r, int code, size_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->res->msg, sizeof r->res->msg, fmt, ap);
	va_end(ap);
	r->res->at = at;
	for (char *p = r->res->msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = ' ';
	return code;
}

static size_t at_end(const struct reader *r)
{
	return r->n ? r->t[r->n - 1].at + strlen(r->t[r->n - 1].s) : 0;
}

/* A word of the user's, for a message: at most QUOTE_MAX bytes, escaped. */
struct quoted {
	char s[4 * QUOTE_MAX + 4];
};

static struct quoted quote(const char *s)
{
	struct quoted q;
	text_quote(q.s, sizeof q.s, s, strlen(s), QUOTE_MAX);
	return q;
}

/* Popeye's twinning words in the language, and "Forsyth" (recognised so
   that it is reported as not supported). */
static enum kw keyword(const struct popeye_lang *lang, const char *tok)
{
	int k = popeye_match(lang->twinning, PT_COUNT, tok);
	if (k >= 0)
		return from_popeye[k];
	if (k == -2)
		return KW_AMBIGUOUS;
	const char *forsyth = kw_names[KW_FORSYTH];
	return popeye_match(&forsyth, 1, tok) == 0 ? KW_FORSYTH : KW_NONE;
}

/* A twinning word ends the list of squares or pieces before it ("S" or
   "R", prefixes of several words, are read as pieces). */
static bool at_keyword(const struct reader *r)
{
	return r->i < r->n && (int)keyword(r->lang, r->t[r->i].s) >= 0;
}

/* Exactly one square, "e4". */
static bool one_square(const struct reader *r, const char *tok, int *f, int *k)
{
	return square_parse(tok, r->g->files, r->g->ranks, f, k) == (int)strlen(tok) && *tok;
}

static int read_square(struct reader *r, const char *cmd, size_t cmd_at, int *f, int *k)
{
	if (r->i >= r->n || at_keyword(r))
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "%s needs two squares, as in '%s a1 a2'", cmd, cmd);
	const struct tok *t = &r->t[r->i];
	if (!one_square(r, t->s, f, k))
		return fail(r, TWIN_ERROR, t->at, "%s: '%s' is not a square of the %dx%d board",
		            cmd, quote(t->s).s, r->g->files, r->g->ranks);
	(void)cmd_at;
	r->i++;
	return TWIN_OK;
}

static char *cell(struct reader *r, int f, int k)
{
	return &r->s->grid[k][f];
}

static bool empty(char c)
{
	return c == '.' || c == 0;
}

static int move_or_exchange(struct reader *r, bool exchange, const struct tok *cmd)
{
	const char *name = exchange ? "Exchange" : "Move";
	int f1, k1, f2, k2;
	size_t at1 = r->i < r->n ? r->t[r->i].at : at_end(r);
	int rc = read_square(r, name, cmd->at, &f1, &k1);
	if (rc == TWIN_OK)
		rc = read_square(r, name, cmd->at, &f2, &k2);
	if (rc != TWIN_OK)
		return rc;
	char a[4], b[4];
	square_name(f1, k1, a);
	square_name(f2, k2, b);
	if (f1 == f2 && k1 == k2)
		return fail(r, TWIN_ERROR, at1, "%s %s %s: the two squares are the same", name, a,
		            b);
	if (empty(*cell(r, f1, k1)))
		return fail(r, TWIN_ERROR, at1, "%s: no piece on %s", name, a);
	/* as Popeye: a piece moved onto another replaces it */
	char moved = *cell(r, f1, k1);
	*cell(r, f1, k1) = exchange ? *cell(r, f2, k2) : '.';
	if (empty(*cell(r, f1, k1)))
		*cell(r, f1, k1) = '.';
	*cell(r, f2, k2) = moved;
	return TWIN_OK;
}

/* Remove e8 / Remove a1b2 (Popeye's square list); also "Remove a1 b2". */
static int remove_pieces(struct reader *r, const struct tok *cmd)
{
	int lists = 0;
	while (r->i < r->n && !at_keyword(r)) {
		const struct tok *t = &r->t[r->i];
		const char *p = t->s;
		while (*p) {
			int f, k, used = square_parse(p, r->g->files, r->g->ranks, &f, &k);
			if (used <= 0)
				return fail(
				    r, TWIN_ERROR, t->at,
				    "Remove: '%s' is not a list of squares of the %dx%d board",
				    quote(t->s).s, r->g->files, r->g->ranks);
			char name[4];
			square_name(f, k, name);
			if (empty(*cell(r, f, k)))
				return fail(r, TWIN_ERROR, t->at + (size_t)(p - t->s),
				            "Remove: no piece on %s", name);
			*cell(r, f, k) = '.';
			p += used;
		}
		r->i++;
		lists++;
	}
	if (!lists)
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "Remove needs a square, as in 'Remove e4'");
	(void)cmd;
	return TWIN_OK;
}

/* Pieces are named in Popeye's codes where the game has them. */
static bool chess_set(const struct game *g)
{
	return (g->notation & SETUP_FEN) != 0;
}

/* White/Black in the language (any unique prefix, as Popeye reads it), or
   the game's own words for its sides: 0 or 1; 2 Neutral, 3 TotalInvisible;
   -1 if none. */
static int colour(const struct reader *r, const char *tok)
{
	int c = popeye_match(r->lang->colour, PCOL_COUNT, tok);
	if (c >= 0)
		return c;
	for (int i = 0; i < 2; i++)
		if ((r->g->side_word[i] && strcasecmp(tok, r->g->side_word[i]) == 0) ||
		    (r->g->side_name[i] && strcasecmp(tok, r->g->side_name[i]) == 0))
			return i;
	return -1;
}

/*
** The setup letter of a piece code for side `side` (-1: either, keep the
** case as the game draws it).  Returns the letter, 0 with res->msg set.
*/
static char piece_letter(struct reader *r, const char *code, int side, size_t at, int *rc)
{
	const struct game *g = r->g;
	if (chess_set(g)) {
		/* Popeye's English code of the language's letter (S is the knight) */
		char u = popeye_orthodox_code(r->lang, code, (int)strlen(code));
		if (!u) {
			char p[POPEYE_ORTHODOX];
			for (int i = 0; i < POPEYE_ORTHODOX; i++)
				p[i] = (char)toupper((unsigned char)r->lang->piece[i][0]);
			*rc = fail(r, TWIN_UNSUPPORTED, at,
			           "fairy piece '%s' is not supported (pieces: %c %c %c %c %c %c, "
			           "%c is the knight)",
			           quote(code).s, p[0], p[1], p[2], p[3], p[4], p[5], p[4]);
			return 0;
		}
		char letter = game_popeye_letter(g, u, side == 1);
		if (!letter) {
			*rc = fail(r, TWIN_ERROR, at, "no piece '%s' in %s", quote(code).s, g->id);
			return 0;
		}
		return letter;
	}
	if (code[1] || !game_piece(g, code[0])) {
		*rc = fail(r, TWIN_ERROR, at, "no piece '%s' in %s", quote(code).s, g->id);
		return 0;
	}
	if (side >= 0 && game_letter_side(g, code[0]) != side) {
		*rc = fail(r, TWIN_ERROR, at, "'%c' is a piece of the %s, not of the %s", code[0],
		           g->side_name[game_letter_side(g, code[0])], g->side_name[side]);
		return 0;
	}
	return code[0];
}

/* "Sa1", "Qa1b2": a piece code (1 or 2 characters) and squares. */
static bool split_piece(const char *tok, char code[3], const char **squares)
{
	size_t len = strlen(tok), end = len;
	while (end >= 2 && islower((unsigned char)tok[end - 2]) &&
	       isdigit((unsigned char)tok[end - 1]))
		end -= 2;
	if (end == len || end < 1 || end > 2)
		return false;
	for (size_t i = 0; i < end; i++)
		if (!isalnum((unsigned char)tok[i]))
			return false;
	memcpy(code, tok, end);
	code[end] = 0;
	*squares = tok + end;
	return true;
}

/* Add white Sa1 [Qb2c3 ...] [black Pe4 ...] */
static int add_pieces(struct reader *r, const struct tok *cmd)
{
	int side = -1, pieces = 0, rc = TWIN_OK;
	while (r->i < r->n && !at_keyword(r)) {
		const struct tok *t = &r->t[r->i];
		int c = colour(r, t->s);
		if (c == PCOL_NEUTRAL || c == PCOL_INVISIBLE)
			return fail(r, TWIN_UNSUPPORTED, t->at, "%s pieces are not supported",
			            c == PCOL_NEUTRAL ? "neutral" : "total invisible");
		if (c >= 0) {
			side = c;
			r->i++;
			continue;
		}
		if (side < 0)
			break;
		char code[3];
		const char *sq;
		if (!split_piece(t->s, code, &sq)) {
			bool word = true;
			for (const char *p = t->s; *p; p++)
				word &= isalpha((unsigned char)*p) != 0;
			if (word && strlen(t->s) > 2) /* Royal, Kamikaze, ... */
				return fail(r, TWIN_UNSUPPORTED, t->at,
				            "piece attribute '%s' is not supported", quote(t->s).s);
			return fail(r, TWIN_ERROR, t->at,
			            "Add: malformed piece '%s' (a piece code and a square, as in "
			            "'Sa1')",
			            quote(t->s).s);
		}
		char letter = piece_letter(r, code, side, t->at, &rc);
		if (!letter)
			return rc;
		for (const char *p = sq; *p; p += 2) {
			int f, k;
			char two[3] = {p[0], p[1], 0};
			if (!one_square(r, two, &f, &k))
				return fail(r, TWIN_ERROR, t->at + (size_t)(p - t->s),
				            "Add: '%s' is not a square of the %dx%d board", two,
				            r->g->files, r->g->ranks);
			*cell(r, f, k) = letter; /* as Popeye: replaces what stood there */
		}
		pieces++;
		r->i++;
	}
	if (side < 0 || !pieces)
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "Add needs a colour and pieces, as in 'Add white Sa1'");
	(void)cmd;
	return TWIN_OK;
}

/* Substitute Q R: every queen (of both sides) becomes a rook. */
static int substitute(struct reader *r, const struct tok *cmd)
{
	char letter[2];
	int rc = TWIN_OK;
	for (int j = 0; j < 2; j++) {
		if (r->i >= r->n)
			return fail(r, TWIN_ERROR, at_end(r),
			            "Substitute needs two pieces, as in 'Substitute Q R'");
		const struct tok *t = &r->t[r->i++];
		letter[j] = piece_letter(r, t->s, chess_set(r->g) ? 0 : -1, t->at, &rc);
		if (!letter[j])
			return rc;
	}
	bool cs = chess_set(r->g);
	for (int k = 0; k < r->g->ranks; k++)
		for (int f = 0; f < r->g->files; f++) {
			char *c = cell(r, f, k);
			const struct piece_kind *man = game_piece(r->g, *c);
			if (cs && man && man->popeye == game_piece(r->g, letter[0])->popeye) {
				/* the same kind for both sides: the man keeps its side */
				char to = game_popeye_letter(
				    r->g, game_piece(r->g, letter[1])->popeye, man->side);
				if (to)
					*c = to;
			} else if (!cs && *c == letter[0]) {
				*c = letter[1];
			}
		}
	(void)cmd;
	return TWIN_OK;
}

/* Stipulation #3 (also "Stipulation win in 3"). */
static int stipulation(struct reader *r, const struct tok *cmd)
{
	if (r->i >= r->n || at_keyword(r))
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "Stipulation needs a stipulation, as in 'Stipulation #3' (quote the "
		            "twin: in YAML ' #' starts a comment)");
	const struct tok *t = &r->t[r->i++];
	char text[64], err[256];
	size_t wl = strlen(t->s);
	bool win_word = strcasecmp(t->s, "win") == 0 ||
	                (wl > 4 && strcasecmp(t->s + wl - 4, "-win") == 0); /* "help-win" */
	/* read whole or not at all: a prefix cut to fit may be a stipulation
	   (the three words of "help-win in N" were cut, only "win"'s checked) */
	if (wl >= sizeof text)
		return fail(r, TWIN_ERROR, t->at, "Stipulation: '%s' is too long", quote(t->s).s);
	if (win_word && r->i + 1 < r->n &&
	    wl + strlen(r->t[r->i].s) + strlen(r->t[r->i + 1].s) + 2 >= sizeof text)
		return fail(r, TWIN_ERROR, t->at, "Stipulation: '%s %s %s' is too long",
		            quote(t->s).s, quote(r->t[r->i].s).s, quote(r->t[r->i + 1].s).s);
	snprintf(text, sizeof text, "%s", t->s);
	size_t tl = strlen(text);
	if (tl >= 2 && (text[0] == '"' || text[0] == '\'') && text[tl - 1] == text[0]) {
		memmove(text, text + 1, tl - 2); /* "Stipulation '#3'": the quotes of YAML habit */
		text[tl - 2] = 0;
	}
	if (win_word && r->i + 1 < r->n) {
		snprintf(text, sizeof text, "%s %s %s", t->s, r->t[r->i].s, r->t[r->i + 1].s);
		r->i += 2;
	}
	int rc = stip_parse(text, &r->res->stip, err, sizeof err);
	if (rc == -2)
		return fail(r, TWIN_UNSUPPORTED, t->at, "%s", err);
	if (rc < 0)
		return fail(r, TWIN_ERROR, t->at, "Stipulation: %s", err);
	r->res->has_stip = true;
	(void)cmd;
	return TWIN_OK;
}

/* ---- the whole board: Rotate, Mirror, Shift, PolishType ---- */

enum transform { ROT90, ROT180, ROT270, MIRROR_A1H1, MIRROR_A1A8, MIRROR_A1H8, MIRROR_A8H1 };

/* Where a transformation takes (f, k) on a board of w files and h ranks
   (those that need a square board are only asked for one).  Popeye's
   position/board.c, in files and ranks: Rotate 90 takes a1 to h1 and a8
   to a1; Mirror a8<-->h1 swaps files and ranks (a1 stays). */
static void transform_square(enum transform t, int w, int h, int f, int k, int *nf, int *nk)
{
	switch (t) {
	case ROT90:
		*nf = w - 1 - k, *nk = f;
		break;
	case ROT180:
		*nf = w - 1 - f, *nk = h - 1 - k;
		break;
	case ROT270:
		*nf = k, *nk = h - 1 - f;
		break;
	case MIRROR_A1H1:
		*nf = w - 1 - f, *nk = k;
		break;
	case MIRROR_A1A8:
		*nf = f, *nk = h - 1 - k;
		break;
	case MIRROR_A1H8:
		*nf = w - 1 - k, *nk = h - 1 - f;
		break;
	case MIRROR_A8H1:
		*nf = k, *nk = f;
		break;
	}
}

/* Every man to its transformed square; the en passant square with them
   (Popeye moves it too); the board must be square where the turn needs
   it ("Rotate 90" on 8x10 would put men off the board). */
static int transform_board(struct reader *r, enum transform t, const char *name, size_t at)
{
	int w = r->g->files, h = r->g->ranks;
	if (w != h && t != ROT180 && t != MIRROR_A1H1 && t != MIRROR_A1A8)
		return fail(r, TWIN_ERROR, at, "%s needs a square board (this one is %dx%d)", name,
		            w, h);
	char grid[MAX_RANKS][MAX_FILES];
	memcpy(grid, r->s->grid, sizeof grid);
	for (int k = 0; k < h; k++)
		for (int f = 0; f < w; f++) {
			int nf, nk;
			transform_square(t, w, h, f, k, &nf, &nk);
			r->s->grid[nk][nf] = grid[k][f];
		}
	int ef, ek;
	if (one_square(r, r->s->en_passant, &ef, &ek)) {
		int nf, nk;
		transform_square(t, w, h, ef, ek, &nf, &nk);
		square_name(nf, nk, r->s->en_passant);
	}
	return TWIN_OK;
}

/* The words after Rotate: 90, 180, 270. */
static int rotate(struct reader *r)
{
	static const char *const angle[] = {"90", "180", "270"};
	if (r->i >= r->n || at_keyword(r))
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "Rotate needs an angle: 90, 180 or 270");
	const struct tok *t = &r->t[r->i++];
	for (int j = 0; j < 3; j++)
		if (strcmp(t->s, angle[j]) == 0)
			return transform_board(r, (enum transform)(ROT90 + j), "Rotate", t->at);
	return fail(r, TWIN_ERROR, t->at, "Rotate: '%s' is no angle (90, 180 or 270)",
	            quote(t->s).s);
}

/* The words after Mirror, as Popeye writes them (a unique prefix will do,
   case aside, as Popeye reads them). */
static const char *const axis[] = {"a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"};

const char *twin_mirror_axis(const char *word)
{
	int m = popeye_match(axis, 4, word);
	return m >= 0 ? axis[m] : NULL;
}

static int mirror(struct reader *r)
{
	if (r->i >= r->n || at_keyword(r))
		return fail(r, TWIN_ERROR, r->i < r->n ? r->t[r->i].at : at_end(r),
		            "Mirror needs an axis: a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1");
	const struct tok *t = &r->t[r->i++];
	int m = popeye_match(axis, 4, t->s);
	if (m < 0)
		return fail(r, TWIN_ERROR, t->at,
		            "Mirror: '%s' is no axis (a1<-->h1, a1<-->a8, a1<-->h8, a8<-->h1)",
		            quote(t->s).s);
	return transform_board(r, (enum transform)(MIRROR_A1H1 + m), "Mirror", t->at);
}

/* Shift a1 d1: every man by the same step; one that would leave the board
   is an error (Popeye's "piece outside"). */
static int shift(struct reader *r, const struct tok *cmd)
{
	int f1, k1, f2, k2;
	size_t at1 = r->i < r->n ? r->t[r->i].at : at_end(r);
	int rc = read_square(r, "Shift", cmd->at, &f1, &k1);
	if (rc == TWIN_OK)
		rc = read_square(r, "Shift", cmd->at, &f2, &k2);
	if (rc != TWIN_OK)
		return rc;
	int w = r->g->files, h = r->g->ranks, df = f2 - f1, dk = k2 - k1;
	char grid[MAX_RANKS][MAX_FILES];
	memcpy(grid, r->s->grid, sizeof grid);
	for (int k = 0; k < h; k++)
		for (int f = 0; f < w; f++) {
			if (empty(grid[k][f]))
				continue;
			if (f + df < 0 || f + df >= w || k + dk < 0 || k + dk >= h) {
				char sq[4];
				square_name(f, k, sq);
				return fail(r, TWIN_ERROR, at1,
				            "Shift: the man on %s would leave the board", sq);
			}
		}
	for (int k = 0; k < h; k++)
		for (int f = 0; f < w; f++)
			r->s->grid[k][f] = '.';
	for (int k = 0; k < h; k++)
		for (int f = 0; f < w; f++)
			if (!empty(grid[k][f]))
				r->s->grid[k + dk][f + df] = grid[k][f];
	/* Popeye keeps the square passed over where it was, beside no pawn
	   that could be taken there: no en passant */
	snprintf(r->s->en_passant, sizeof r->s->en_passant, "-");
	return TWIN_OK;
}

/* PolishType: every man changes sides (the board stays); the side to move
   stays the stipulation's. */
static int polish(struct reader *r, const struct tok *cmd)
{
	const struct game *g = r->g;
	for (int k = 0; k < g->ranks; k++)
		for (int f = 0; f < g->files; f++) {
			char *c = cell(r, f, k);
			if (empty(*c))
				continue;
			const struct piece_kind *man = game_piece(g, *c);
			char to =
			    man && man->popeye ? game_popeye_letter(g, man->popeye, !man->side) : 0;
			if (!to)
				return fail(r, TWIN_UNSUPPORTED, cmd->at,
				            "PolishType: '%c' has no piece of the other side in %s",
				            *c, g->id);
			*c = to;
		}
	/* the pawn that made the double step is the other side's now */
	snprintf(r->s->en_passant, sizeof r->s->en_passant, "-");
	return TWIN_OK;
}

static int tokenize(struct reader *r, const char *text)
{
	size_t len = strlen(text), used = 0;
	for (size_t i = 0; i < len;) {
		while (i < len && isspace((unsigned char)text[i]))
			i++;
		if (i == len)
			break;
		size_t j = i;
		while (j < len && !isspace((unsigned char)text[j]))
			j++;
		if (r->n == MAX_TOKS || used + (j - i) + 1 > sizeof r->buf)
			return fail(r, TWIN_ERROR, i,
			            "twin is too long (at most %d words, %d characters)", MAX_TOKS,
			            (int)sizeof r->buf - MAX_TOKS);
		memcpy(r->buf + used, text + i, j - i);
		r->buf[used + (j - i)] = 0;
		r->t[r->n].s = r->buf + used;
		r->t[r->n].at = i;
		r->n++;
		used += j - i + 1;
		i = j;
	}
	return TWIN_OK;
}

bool twin_continued_in(const struct popeye_lang *lang, const char *text)
{
	while (isspace((unsigned char)*text))
		text++;
	char word[32];
	size_t n = strcspn(text, " \t\r\n");
	if (n == 0 || n >= sizeof word)
		return false;
	memcpy(word, text, n);
	word[n] = 0;
	return keyword(lang ? lang : popeye_lang(POPEYE_ENGLISH), word) == KW_CONTINUED;
}

bool twin_continued(const char *text)
{
	return twin_continued_in(NULL, text);
}

int twin_apply(const struct game *g, const char *text, struct setup *s, struct twin_change *res)
{
	return twin_apply_in(g, NULL, text, s, res);
}

int twin_apply_in(const struct game *g, const struct popeye_lang *lang, const char *text,
                  struct setup *s, struct twin_change *res)
{
	struct reader r = {
	    .g = g, .lang = lang ? lang : popeye_lang(POPEYE_ENGLISH), .s = s, .res = res};
	memset(res, 0, sizeof *res);
	int rc = tokenize(&r, text);
	if (rc != TWIN_OK)
		return rc;
	if (r.n == 0)
		return fail(&r, TWIN_ERROR, 0, "empty twin (give a twinning, as in 'Move a1 a2')");
	int commands = 0;
	while (r.i < r.n) {
		const struct tok *t = &r.t[r.i];
		enum kw k = keyword(r.lang, t->s);
		if (k == KW_AMBIGUOUS) {
			char names[160] = "";
			for (int j = 0; j < PT_COUNT; j++)
				if (strncasecmp(t->s, r.lang->twinning[j], strlen(t->s)) == 0)
					snprintf(names + strlen(names),
					         sizeof names - strlen(names), "%s%c%s",
					         names[0] ? ", " : "",
					         toupper((unsigned char)r.lang->twinning[j][0]),
					         r.lang->twinning[j] + 1);
			return fail(&r, TWIN_ERROR, t->at, "ambiguous twinning '%s' (%s)",
			            quote(t->s).s, names);
		}
		if (k == KW_NONE)
			return fail(&r, TWIN_ERROR, t->at,
			            "unknown twinning '%s' (maat knows: " SUPPORTED ")",
			            quote(t->s).s);
		r.i++;
		switch (k) {
		case KW_CONTINUED:
			if (r.i != 1)
				return fail(&r, TWIN_ERROR, t->at,
				            "'Continued' must come first in a twin");
			res->continued = true;
			continue;
		case KW_MOVE:
		case KW_EXCHANGE:
			rc = move_or_exchange(&r, k == KW_EXCHANGE, t);
			break;
		case KW_REMOVE:
			rc = remove_pieces(&r, t);
			break;
		case KW_ADD:
			rc = add_pieces(&r, t);
			break;
		case KW_SUBSTITUTE:
			rc = substitute(&r, t);
			break;
		case KW_STIPULATION:
			rc = stipulation(&r, t);
			break;
		case KW_ROTATE:
			rc = rotate(&r);
			break;
		case KW_MIRROR:
			rc = mirror(&r);
			break;
		case KW_SHIFT:
			rc = shift(&r, t);
			break;
		case KW_POLISH:
			rc = polish(&r, t);
			break;
		default:
			return fail(&r, TWIN_UNSUPPORTED, t->at,
			            "twinning '%s' is not supported (maat twins: " SUPPORTED ")",
			            quote(text + t->at).s);
		}
		if (rc != TWIN_OK)
			return rc;
		commands++;
	}
	if (!commands)
		return fail(&r, TWIN_ERROR, at_end(&r),
		            "'Continued' alone changes nothing (add a twinning, as in 'Continued "
		            "Move a1 a2')");
	return TWIN_OK;
}

void twin_fix_castling(const struct game *g, struct setup *s, bool follow_pieces)
{
	if (!g->castling)
		return; /* no castling in the game */
	if (follow_pieces) {
		s->castling[0] = 0;
		return;
	}
	/* the rights given whose king and rook are still at home */
	char usual[8], kept[sizeof s->castling] = "";
	game_usual_castling(g, s, usual);
	size_t n = 0;
	for (size_t i = 0; i < sizeof s->castling && s->castling[i]; i++)
		if (strchr(usual, s->castling[i]) && n + 1 < sizeof kept)
			kept[n++] = s->castling[i];
	kept[n] = 0;
	snprintf(s->castling, sizeof s->castling, "%s", n ? kept : "-");
}

/* A setup error on one line: it is part of a "file:line:col: ..." message. */
static void one_line(char *msg)
{
	for (; *msg; msg++)
		if ((unsigned char)*msg < 0x20 || *msg == 0x7f)
			*msg = ' ';
}

/* Twin i of p from its base setup s (the diagram's or the twin before's). */
static void build_one(struct puzzle *p, int i, struct setup *s, const struct twin_build *b)
{
	const struct game *g = p->game;
	struct twin *t = &p->twins[i];
	struct twin_change ch;
	char e[256];
	int rc = twin_apply_in(g, b->lang, t->text, s, &ch);
	if (rc == TWIN_ERROR) {
		int line = t->line, col = t->col;
		if (b->where)
			b->where(b->ctx, i, ch.at, &line, &col);
		t->error =
		    text_aprintf("%s:%d:%d: twin %s): %s", b->file, line, col, t->label, ch.msg);
		return;
	}
	if (rc == TWIN_UNSUPPORTED) {
		t->unsupported = text_aprintf("%s", ch.msg);
		return;
	}
	if (ch.has_stip) {
		if (b->white_to_play)
			stip_white_to_play(&ch.stip);
		/* another play may start with the other side (h#2 -> h#2.5);
		   the same play keeps the side the diagram gave (YAML's fen:) */
		if (ch.stip.kind != t->stip.kind || ch.stip.half != t->stip.half)
			s->side_to_move = stip_first_mover(&ch.stip, -1, g->side_name, e, sizeof e);
		t->stip = ch.stip;
	}
	twin_fix_castling(g, s, !b->castling_explicit);
	e[0] = 0; /* a setup that succeeds may leave it as it was */
	int src = g->setup(t->pos, s, e, sizeof e);
	one_line(e);
	if (src == -2) /* a position the game does not play (chess: no king) */
		t->unsupported = text_aprintf("%s", e);
	else if (src != 0)
		t->error = text_aprintf("%s:%d:%d: twin %s): position: %s", b->file, t->line,
		                        t->col, t->label, e);
	else {
		t->has_position = true;
		if (b->made)
			b->made(b->ctx, t->pos);
	}
}

int twin_build(struct puzzle *p, const struct setup *diagram, const struct twin_build *b, char *err,
               size_t errlen)
{
	const struct game *g = p->game;
	if (p->error || p->unsupported || !p->has_position)
		return 0;
	if (p->ntwins && p->has_stip && g->setup) {
		struct setup prev = *diagram;
		struct stipulation prev_stip = p->stip;
		int prev_bad = -1; /* the last twin that could not be made */
		for (int i = 0; i < p->ntwins; i++) {
			struct twin *t = &p->twins[i];
			/* "Continued", or Popeye's "+c)" in a YAML twins: string */
			t->continued = t->continued || twin_continued_in(b->lang, t->text);
			bool cont = t->continued && i > 0;
			struct setup s = cont ? prev : *diagram;
			t->stip = cont ? prev_stip : p->stip;
			if (cont && prev_bad == i - 1) {
				/* not applied: no stale offset from the twin before (an
				   overread, found by fuzzing) */
				const struct twin *bad = &p->twins[i - 1];
				if (bad->error)
					t->error = text_aprintf(
					    "%s:%d:%d: twin %s) continues twin %s), which has an "
					    "error",
					    b->file, t->line, t->col, t->label, bad->label);
				else
					t->unsupported = text_aprintf("it continues twin %s): %s",
					                              bad->label, bad->unsupported);
			} else {
				build_one(p, i, &s, b);
			}
			if (!t->error && !t->unsupported && !t->has_position)
				return -1; /* a message that could not be made */
			if (t->error || t->unsupported) {
				prev_bad = i;
			} else {
				prev = s;
				prev_stip = t->stip;
			}
		}
		p->twins_ready = true;
	}
	if (b->duplex || b->half_duplex) {
		int rc = duplex_apply(p, b->half_duplex, b->duplex_ep, b->file, err, errlen);
		if (rc != 0)
			return rc;
		p->twins_ready = true;
	}
	return 0;
}
