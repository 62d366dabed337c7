/*
** game_util.c -- generic helpers built only on the game interface:
** square names, move parsing by matching the legal moves' spellings.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

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
	if (err)
		snprintf(err, errlen, "move '%s' is not legal in this position", text);
	return MOVE_NONE;
}
