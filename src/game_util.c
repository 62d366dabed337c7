/*
** game_util.c -- generic helpers built only on the game interface:
** square names, move parsing by matching the legal moves' spellings.
*/
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "textsafe.h"

#define QUOTE_SIZE (4 * 40 + 4)

void square_name(int file, int rank, char out[4])
{
	/* Boards are at most 9x9: one letter and one digit. */
	out[0] = (char)('a' + file);
	out[1] = (char)('1' + rank);
	out[2] = 0;
}

int square_parse(const char *s, int files, int ranks, int *file, int *rank)
{
	if (!s || s[0] < 'a' || s[0] >= 'a' + files || !isdigit((unsigned char)s[1]))
		return -1;
	int r = s[1] - '0';
	int used = 2;
	if (isdigit((unsigned char)s[2])) {
		r = r * 10 + (s[2] - '0');
		used = 3;
	}
	if (r < 1 || r > ranks)
		return -1;
	*file = s[0] - 'a';
	*rank = r - 1;
	return used;
}

const struct piece_kind *game_piece(const struct game *g, char letter)
{
	for (const struct piece_kind *p = g->pieces; p && p->letter; p++)
		if (p->letter == letter)
			return p;
	return NULL;
}

int game_letter_side(const struct game *g, char letter)
{
	const struct piece_kind *k = game_piece(g, letter);
	return k ? k->side : -1;
}

char game_popeye_letter(const struct game *g, char code, int side)
{
	for (const struct piece_kind *p = g->pieces; p && p->letter; p++)
		if (p->popeye == code && p->side == side)
			return p->letter;
	return 0;
}

bool game_is_royal(const struct game *g, char letter)
{
	const struct piece_kind *k = game_piece(g, letter);
	return k && k->role == ROLE_ROYAL;
}

/* Drop the marks composers add around a move: check, mate, key, try, ... */
static void strip_decorations(const char *in, char *out, size_t len)
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
	for (; *in && n + 1 < len; in++) {
		unsigned char c = (unsigned char)*in;
		if (c == '+' || c == '#' || c == '!' || c == '?' || isspace(c))
			continue;
		out[n++] = c == 'O' ? '0' : (char)c; /* castling O-O = 0-0 */
	}
	out[n] = 0;
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

/* A move cut into what short algebraic can say about it. */
struct move_parts {
	char piece;     /* upper-case letter, 0 for a pawn / plain man */
	int from_file;  /* -1 when not given */
	int from_rank;  /* -1 when not given */
	int to_file, to_rank;
	char promo;     /* upper-case letter or 0 */
};

static bool is_file(char c)
{
	return c >= 'a' && c <= 'i';
}

static bool is_rank(char c)
{
	return c >= '1' && c <= '9';
}

/* Pretty text of a legal move: "Qa7-f2", "e7xd8=S", "0-0" (castling is not
   short-algebraic material: it has its own spelling and is matched before). */
static bool split_pretty(const char *t, struct move_parts *m)
{
	memset(m, 0, sizeof *m);
	if (isupper((unsigned char)*t))
		m->piece = *t++;
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
		m->promo = t[1];
	return true;
}

/* What a composer typed, decorations already stripped: [P][file][rank][x]sq[=P]. */
static bool split_short(const char *t, struct move_parts *m)
{
	char squares[8];
	int ns = 0;
	memset(m, 0, sizeof *m);
	m->from_file = m->from_rank = -1;
	if (isupper((unsigned char)*t))
		m->piece = *t++;
	for (; *t && *t != '=' && ns < 6; t++) {
		if (*t == 'x' || *t == ':' || *t == '-')
			continue;
		if (!is_file(*t) && !is_rank(*t))
			return false;
		squares[ns++] = *t;
	}
	if (*t == '=') {
		if (!isupper((unsigned char)t[1]) || t[2])
			return false;
		m->promo = t[1];
	} else if (*t) {
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

/* Knights: composers write S (problemists) or N (players); accept either. */
static bool same_piece(char a, char b)
{
	if ((a == 'S' || a == 'N') && (b == 'S' || b == 'N'))
		return true;
	return a == b;
}

static bool parts_match(const struct move_parts *want, const struct move_parts *got)
{
	return same_piece(want->piece, got->piece) && want->to_file == got->to_file &&
	       want->to_rank == got->to_rank &&
	       (want->from_file < 0 || want->from_file == got->from_file) &&
	       (want->from_rank < 0 || want->from_rank == got->from_rank) &&
	       (!want->promo || same_piece(want->promo, got->promo)) &&
	       (want->promo || !got->promo || got->promo == 'Q');
}

/* The text comes from a file: in a message, escaped and not all of it. */
static const char *quote(const char *text, char q[QUOTE_SIZE])
{
	text_quote(q, QUOTE_SIZE, text, strlen(text), 40);
	return q;
}

move_t game_parse_move(const struct game *g, void *pos, const char *text, char *err,
		       size_t errlen)
{
	move_t moves[MAX_MOVES];
	char want[64], wantloose[64], buf[64], loose[64];
	int n = g->gen_moves(pos, moves);

	strip_decorations(text, want, sizeof want);
	/* Tafl captures "d4-b4xb3/c4": only from-to identifies the move. */
	char *slash = strchr(want, '/');
	if (slash) {
		char *x = strrchr(want, 'x');
		if (x && x < slash)
			*x = 0;
	}
	loose_key(want, wantloose, sizeof wantloose);
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			for (int style = MOVE_CANONICAL; style <= MOVE_PRETTY; style++) {
				g->move_text(pos, moves[i], (enum move_style)style, buf,
					     sizeof buf);
				if (pass == 0) {
					char clean[64];
					strip_decorations(buf, clean, sizeof clean);
					if (strcmp(clean, want) == 0)
						return moves[i];
				} else {
					char clean[64];
					strip_decorations(buf, clean, sizeof clean);
					char *sl = strchr(clean, '/');
					if (sl) {
						char *x = strrchr(clean, 'x');
						if (x && x < sl)
							*x = 0;
					}
					loose_key(clean, loose, sizeof loose);
					if (strcmp(loose, wantloose) == 0)
						return moves[i];
				}
			}
		}
	}
	/* Short algebraic, as printed in magazines: "Qf2", "Sbd2", "exd5", "e8=Q". */
	struct move_parts want_parts;
	if (split_short(want, &want_parts)) {
		move_t found = MOVE_NONE;
		int matches = 0;
		for (int i = 0; i < n; i++) {
			struct move_parts mp;
			g->move_text(pos, moves[i], MOVE_PRETTY, buf, sizeof buf);
			if (!split_pretty(buf, &mp) || !parts_match(&want_parts, &mp))
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
	if (err) {
		char q[QUOTE_SIZE];
		snprintf(err, errlen, "move '%s' is not legal in this position", quote(text, q));
	}
	return MOVE_NONE;
}
