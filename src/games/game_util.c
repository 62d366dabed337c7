/*
** game_util.c -- generic helpers built only on the game interface:
** square names, piece lookups.
*/
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "games/game.h"

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

static bool at_home(const struct castling_right *c, const struct setup *s)
{
	return s->grid[c->rank][c->king_file] == c->king &&
	       s->grid[c->rank][c->rook_file] == c->rook;
}

void setup_blank(struct setup *s, int side)
{
	memset(s, 0, sizeof *s);
	memset(s->grid, '.', sizeof s->grid);
	s->side_to_move = side;
	strcpy(s->castling, "-");
	strcpy(s->en_passant, "-");
	s->fullmove = 1;
}

void game_usual_castling(const struct game *g, const struct setup *s, char out[8])
{
	int n = 0;
	for (const struct castling_right *c = g->castling; c && c->right && n < 7; c++)
		if (at_home(c, s))
			out[n++] = c->right;
	out[n] = 0;
}

const struct castling_right *game_castling_right(const struct game *g, char right)
{
	for (const struct castling_right *c = g->castling; c && c->right && right; c++)
		if (c->right == right)
			return c;
	return NULL;
}

bool game_is_royal(const struct game *g, char letter)
{
	const struct piece_kind *k = game_piece(g, letter);
	return k && k->role == ROLE_ROYAL;
}

unsigned game_move_facts(const struct game *g, const void *pos, move_t m)
{
	if (g->move_facts)
		return g->move_facts(pos, m);
	return g->is_capture(pos, m) ? MOVE_FACT_CAPTURE : 0;
}
