/*
** move_parse.c -- reading a move as people write it, by matching the legal
** moves' spellings (see move_parse.h).
*/
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "notation/move_parse.h"
#include "base/textsafe.h"
#include "notation/popeye_lang.h"

#define QUOTE_SIZE (4 * 40 + 4)

/* Drop the marks composers add around a move: check, mate, key, try, ... */
/* Returns false when what is left does not fit in len: then no move is
   spelt so (out is cut, and must not be matched). */
static bool strip_decorations(const char *in, char *out, size_t len)
{
	size_t n = 0;
	while (isspace((unsigned char)*in))
		in++;
	/* "1." / "1..." move numbers */
	const char *p = in;
	while (isdigit((unsigned char)*p))
		p++;
	if (p != in && *p == '.') {
		while (*p == '.')
			p++;
		in = p;
	}
	for (; *in; in++) {
		unsigned char c = (unsigned char)*in;
		if (c == '+' || c == '#' || c == '!' || c == '?' || isspace(c))
			continue;
		if (n + 1 == len) {
			out[n] = 0;
			return false;
		}
		out[n++] = c == 'O' ? '0' : (char)c; /* castling O-O = 0-0 */
	}
	out[n] = 0;
	return true;
}

/*
** What else composers write around a move, made plain for the matching
** below: "[A]" theme letters and "[+wBb8=D]" rebirths dropped, a trailing
** "=" (stalemate) and "e.p." / "ep." dropped, typographic dashes and the
** multiplication sign made '-' and 'x', "o-o" castling made "0-0".
*/
static void plain_spelling(char *t)
{
	char *w = t;
	for (const char *r = t; *r;) {
		const unsigned char *u = (const unsigned char *)r;
		if (*r == '[') {
			const char *e = strchr(r, ']');
			r = e ? e + 1 : r + strlen(r);
		} else if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x93 || u[2] == 0x94)) {
			*w++ = '-';
			r += 3;
		} else if (u[0] == 0xC3 && u[1] == 0x97) {
			*w++ = 'x';
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
	size_t n = strlen(t);
	static const char *const ep[] = {"e.p.", "ep.", "e.p", "ep"};
	for (size_t e = 0; e < sizeof ep / sizeof ep[0]; e++) {
		size_t l = strlen(ep[e]);
		if (n > l + 1 && !strcmp(t + n - l, ep[e]) &&
		    isdigit((unsigned char)t[n - l - 1])) {
			t[n -= l] = 0;
			break;
		}
	}
	while (n && t[n - 1] == '=')
		t[--n] = 0;
	if (!strcmp(t, "o-o") || !strcmp(t, "o-o-o"))
		for (char *c = t; *c; c++)
			if (*c == 'o')
				*c = '0';
}

/* A looser key: lower case, no '-', 'x', '*', ':', '=' ; no piece letter. */
static void loose_key(const char *in, char *out, size_t len)
{
	size_t n = 0;
	/* Leading piece letter (upper case, then a file letter). */
	if (isupper((unsigned char)in[0]) && islower((unsigned char)in[1]))
		in++;
	for (; *in && n + 1 < len; in++) {
		char c = *in;
		if (c == '-' || c == 'x' || c == '*' || c == ':' || c == '=' || c == '(' ||
		    c == ')')
			continue;
		out[n++] = (char)tolower((unsigned char)c);
	}
	out[n] = 0;
}

/* A move cut into what short algebraic can say about it.  Pieces are
   Popeye's English codes (K Q R B S P, fairy codes as the game gives
   them); 0 is a pawn or a game's plain man. */
struct move_parts {
	char piece;
	int from_file; /* -1 when not given */
	int from_rank; /* -1 when not given */
	int to_file, to_rank;
	char promo; /* a code or 0 */
};

static bool is_file(char c)
{
	return c >= 'a' && c <= 'i';
}

static bool is_rank(char c)
{
	return c >= '1' && c <= '9';
}

/* The code of a letter the game's pretty text writes: its Popeye code
   when some piece has it, else that of the piece the letter is ("N" in
   Morok: 'S'), else the letter. */
static char code_of_pretty(const struct game *g, char c)
{
	for (const struct piece_kind *p = g->pieces; p && p->letter; p++)
		if (p->popeye == c)
			return c;
	for (const struct piece_kind *p = g->pieces; p && p->letter; p++)
		if (p->letter == c && p->popeye)
			return p->popeye;
	return c;
}

/* The English code of a piece letter of language lang (Popeye's letter
   tables: "D" German and French queen, "L" German bishop, "C" French
   knight; English also "N"), 0 when the language has no such letter. */
static char code_of_letter(int lang, char c)
{
	if (lang == POPEYE_ENGLISH && c == 'N')
		return 'S';
	char setup = popeye_orthodox_letter(popeye_lang((enum popeye_language)lang), &c, 1);
	return setup == 'N' ? 'S' : setup;
}

/* A figurine (U+2654-U+265F) at t: its code and length, 0 when none. */
static size_t figurine(const char *t, char *code)
{
	const unsigned char *u = (const unsigned char *)t;
	if (u[0] != 0xE2 || u[1] != 0x99 || u[2] < 0x94 || u[2] > 0x9F)
		return 0;
	*code = "KQRBSP"[(u[2] - 0x94) % 6];
	return 3;
}

const char *notation_figurine(char popeye)
{
	static const char letters[] = "KQRBS";
	static const char *const fig[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658"};
	const char *at = popeye ? strchr(letters, popeye) : NULL;
	return at ? fig[at - letters] : NULL;
}

/* A piece at t in language lang (figurine or letter): its code (0 for a
   pawn) and length; 0 when there is none. */
static size_t piece_at(const char *t, int lang, char *code)
{
	size_t n = figurine(t, code);
	if (!n && isupper((unsigned char)*t)) {
		*code = code_of_letter(lang, *t);
		n = *code ? 1 : 0;
	}
	if (n && *code == 'P')
		*code = 0;
	return n;
}

size_t game_piece_code(const char *text, int lang, char *code)
{
	*code = 0;
	return piece_at(text, lang, code);
}

char game_move_code(const struct game *g, void *pos, move_t m)
{
	char buf[64];
	g->move_text(pos, m, MOVE_PRETTY, buf, sizeof buf);
	char c = isupper((unsigned char)buf[0]) ? code_of_pretty(g, buf[0]) : 0;
	return c == 'P' ? 0 : c;
}

/* Pretty text of a legal move: "Qa7-f2", "e7xd8=S", "0-0" (castling is not
   short-algebraic material: it has its own spelling and is matched before). */
static bool split_pretty(const struct game *g, const char *t, struct move_parts *m)
{
	memset(m, 0, sizeof *m);
	if (isupper((unsigned char)*t))
		m->piece = code_of_pretty(g, *t++);
	if (m->piece == 'P')
		m->piece = 0;
	if (!is_file(t[0]) || !is_rank(t[1]))
		return false;
	m->from_file = t[0] - 'a';
	m->from_rank = t[1] - '1';
	t += 2;
	if (*t != '-' && *t != 'x')
		return false;
	t++;
	if (!is_file(t[0]) || !is_rank(t[1]))
		return false;
	m->to_file = t[0] - 'a';
	m->to_rank = t[1] - '1';
	t += 2;
	if (t[0] == '=' && isupper((unsigned char)t[1]))
		m->promo = code_of_pretty(g, t[1]);
	return true;
}

/*
** What a composer typed, decorations already stripped, in the letters of
** language lang: [piece][file][rank][x|:|*|-]square[promotion], the piece
** a letter or a figurine, the promotion "=Q", "Q", "(Q)" or "/Q".
*/
static bool split_claim(const char *t, int lang, struct move_parts *m)
{
	char squares[8];
	int ns = 0;
	memset(m, 0, sizeof *m);
	m->from_file = m->from_rank = -1;
	t += piece_at(t, lang, &m->piece);
	for (; *t && ns < 6; t++) {
		if (*t == 'x' || *t == ':' || *t == '-' || *t == '*')
			continue;
		if (!is_file(*t) && !is_rank(*t))
			break;
		squares[ns++] = *t;
	}
	if (*t) {
		bool paren = *t == '(';
		if (*t == '=' || *t == '/' || paren)
			t++;
		size_t k = piece_at(t, lang, &m->promo);
		if (!k || !m->promo)
			return false;
		t += k;
		if (paren && *t == ')')
			t++;
		if (*t)
			return false;
	}
	if (ns < 2 || !is_file(squares[ns - 2]) || !is_rank(squares[ns - 1]) || ns > 4)
		return false;
	m->to_file = squares[ns - 2] - 'a';
	m->to_rank = squares[ns - 1] - '1';
	for (int i = 0; i < ns - 2; i++) {
		if (is_file(squares[i]) && m->from_file < 0)
			m->from_file = squares[i] - 'a';
		else if (is_rank(squares[i]) && m->from_rank < 0)
			m->from_rank = squares[i] - '1';
		else
			return false;
	}
	return true;
}

static bool parts_match(const struct move_parts *want, const struct move_parts *got)
{
	return want->piece == got->piece && want->to_file == got->to_file &&
	       want->to_rank == got->to_rank &&
	       (want->from_file < 0 || want->from_file == got->from_file) &&
	       (want->from_rank < 0 || want->from_rank == got->from_rank) &&
	       (!want->promo || want->promo == got->promo) &&
	       (want->promo || !got->promo || got->promo == 'Q');
}

/* The text comes from a file: in a message, escaped and not all of it. */
static const char *quote(const char *text, char q[QUOTE_SIZE])
{
	text_quote(q, QUOTE_SIZE, text, strlen(text), 40);
	return q;
}

/* The English code of the piece letter c as a claim in language lang
   means it: the claim's own letters first (an English 'R' is a rook and
   never the French Roi), else those of the other languages ("Lc4" in an
   English claim is the German bishop).  0 for a pawn; -1 when no language
   has the letter. */
static int claimed_code(int lang, char c)
{
	char code = code_of_letter(lang, c);
	for (int l = POPEYE_LANGUAGES - 1; !code && l >= 0; l--)
		if (l != lang)
			code = code_of_letter(l, c);
	if (!code)
		return -1;
	return code == 'P' ? 0 : code;
}

/* The piece a move text names at its start (figurine, or a letter before
   a file), as claimed_code(); -1 when it names none. */
static int named_piece(const char *t, int lang)
{
	char code;
	if (figurine(t, &code))
		return code == 'P' ? 0 : code;
	if (isupper((unsigned char)t[0]) && is_file(t[1]))
		return claimed_code(lang, t[0]);
	return -1;
}

/* The Popeye code of the man on move m's from-square (0 for a pawn), -1
   when the game gives its men no Popeye code (a tafl man). */
static int man_on_from(const struct game *g, void *pos, move_t m, char from[4])
{
	char canon[64];
	g->move_text(pos, m, MOVE_CANONICAL, canon, sizeof canon);
	if (!is_file(canon[0]) || !is_rank(canon[1]) || !g->get_setup)
		return -1;
	snprintf(from, 4, "%c%c", canon[0], canon[1]);
	struct setup st;
	g->get_setup(pos, &st);
	char letter = st.grid[canon[1] - '1'][canon[0] - 'a'];
	for (const struct piece_kind *p = g->pieces; p && p->letter; p++)
		if (p->letter == letter)
			return !p->popeye ? -1 : p->popeye == 'P' ? 0 : p->popeye;
	return -1;
}

static const char *code_name(int code)
{
	switch (code) {
	case 0:
		return "pawn";
	case 'K':
		return "king";
	case 'Q':
		return "queen";
	case 'R':
		return "rook";
	case 'B':
		return "bishop";
	case 'S':
		return "knight";
	default:
		return "fairy piece";
	}
}

const char *move_parse_wrong_man(const char *err)
{
	return err ? strstr(err, "the man on ") : NULL;
}

/* The part of a text that names the move, as the game says (Tavlei's
   "d4-b4xb3/c4" is "d4-b4"). */
static void move_name(const struct game *g, char *t)
{
	if (g->move_name)
		g->move_name(t);
}

move_t game_parse_move(const struct game *g, void *pos, const char *text, char *err, size_t errlen)
{
	return game_parse_move_lang(g, pos, text, POPEYE_ENGLISH, err, errlen);
}

move_t game_parse_move_lang(const struct game *g, void *pos, const char *text, int lang, char *err,
                            size_t errlen)
{
	move_t moves[MAX_MOVES];
	int n = g->gen_moves(pos, moves);
	return game_parse_move_among(g, pos, text, lang, moves, n, err, errlen);
}

move_t game_parse_move_among(const struct game *g, void *pos, const char *text, int lang,
                             const move_t *moves, int n, char *err, size_t errlen)
{
	char want[64], wantloose[64], buf[64], loose[64];

	if (!strip_decorations(text, want, sizeof want)) {
		/* longer than any spelling of a move (the longest, a tafl move
		   that takes four men, is 17 bytes): refused, the limit named,
		   never matched cut */
		if (err) {
			char q[QUOTE_SIZE];
			snprintf(err, errlen,
			         "move '%s' is longer than %zu bytes: no move is written so",
			         quote(text, q), sizeof want - 1);
		}
		return MOVE_NONE;
	}
	plain_spelling(want);
	move_name(g, want);
	loose_key(want, wantloose, sizeof wantloose);
	/* a piece the text names must be the man that moves: "Qb5-c6" is no
	   spelling of Kb5-c6 (the loose spelling below drops the letter) */
	int claimed =
	    named_piece(want, lang >= 0 && lang < POPEYE_LANGUAGES ? lang : POPEYE_ENGLISH);
	move_t wrong = MOVE_NONE;
	int wrong_man = -1;
	char wrong_from[4] = "";
	/* One spelling of every move before the next spelling: a text in the
	   canonical form (proof files, maat's own output) is found among the
	   canonical spellings alone, without the pretty one of each move before
	   it.  Two moves never share a spelling, so the order finds the same
	   move. */
	for (int pass = 0; pass < 2; pass++) {
		for (int style = MOVE_CANONICAL; style <= MOVE_PRETTY; style++) {
			for (int i = 0; i < n; i++) {
				char clean[64];
				g->move_text(pos, moves[i], (enum move_style)style, buf,
				             sizeof buf);
				strip_decorations(buf, clean, sizeof clean);
				if (pass == 0 && strcmp(clean, want) == 0)
					return moves[i];
				if (pass == 1) {
					move_name(g, clean);
					loose_key(clean, loose, sizeof loose);
					if (strcmp(loose, wantloose) != 0)
						continue;
					char from[4];
					int man =
					    claimed < 0 ? -1 : man_on_from(g, pos, moves[i], from);
					if (man < 0 || man == claimed)
						return moves[i];
					if (wrong == MOVE_NONE) {
						wrong = moves[i];
						wrong_man = man;
						memcpy(wrong_from, from, sizeof from);
					}
				}
			}
		}
	}
	/* Short algebraic, as printed in magazines: "Qf2", "Sbd2", "exd5",
	   "e8=Q", "♘f3", in the claim's language first, then in the others
	   ("Lc4", "Dd1", "Cf3") */
	int langs[POPEYE_LANGUAGES], nlangs = 0;
	langs[nlangs++] = lang >= 0 && lang < POPEYE_LANGUAGES ? lang : POPEYE_ENGLISH;
	for (int l = POPEYE_LANGUAGES - 1; l >= 0; l--) /* English, German, French */
		if (l != langs[0])
			langs[nlangs++] = l;
	/* a letter of the claim's language means what it means there: 'R' in
	   an English claim is a rook, never the French Roi */
	bool own_letter = isupper((unsigned char)want[0]) && code_of_letter(langs[0], want[0]);
	for (int k = 0; k < nlangs && !(k > 0 && own_letter); k++) {
		struct move_parts want_parts;
		if (!split_claim(want, langs[k], &want_parts))
			continue;
		move_t found = MOVE_NONE;
		int matches = 0;
		for (int i = 0; i < n; i++) {
			struct move_parts mp;
			g->move_text(pos, moves[i], MOVE_PRETTY, buf, sizeof buf);
			if (!split_pretty(g, buf, &mp) || !parts_match(&want_parts, &mp))
				continue;
			found = moves[i];
			matches++;
		}
		if (matches == 1)
			return found;
		if (matches > 1) {
			if (err) {
				char q[QUOTE_SIZE];
				snprintf(err, errlen, "move '%s' is ambiguous in this position",
				         quote(text, q));
			}
			return MOVE_NONE;
		}
	}
	if (err && wrong != MOVE_NONE) {
		char q[QUOTE_SIZE];
		snprintf(err, errlen, "move '%s': the man on %s is a %s, not a %s", quote(text, q),
		         wrong_from, code_name(wrong_man), code_name(claimed));
	} else if (err) {
		char q[QUOTE_SIZE];
		snprintf(err, errlen, "move '%s' is not legal in this position", quote(text, q));
	}
	return MOVE_NONE;
}

/* ---- words of move text (the claim reader's) ---- */

bool notation_looks_like_move(const char *t, size_t n)
{
	if (n >= 3 && (!strncmp(t, "0-0", 3) || !strncmp(t, "O-O", 3) || !strncmp(t, "o-o", 3)))
		return true;
	for (size_t i = 0; i + 1 < n; i++)
		if (t[i] >= 'a' && t[i] <= 'i' && t[i + 1] >= '1' && t[i + 1] <= '9')
			return true;
	return false;
}

size_t notation_ep_glued(const char *t, size_t n)
{
	static const char *const ep[] = {"e.p.", "ep.", "e.p", "ep"};
	for (size_t e = 0; e < sizeof ep / sizeof ep[0]; e++) {
		size_t l = strlen(ep[e]);
		if (n > l + 1 && !strncmp(t + n - l, ep[e], l) &&
		    isdigit((unsigned char)t[n - l - 1]))
			return l;
	}
	return 0;
}

bool notation_is_ep_sign(const char *t, size_t n)
{
	return (n == 3 && !strncasecmp(t, "ep.", 3)) || (n == 4 && !strncasecmp(t, "e.p.", 4));
}
