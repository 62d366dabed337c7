/*
** orthodox_pieces.c -- the men of orthodox chess, shared by chess and Morok chess.
*/
#include <stdlib.h>

#include "games/orthodox_pieces.h"

const struct piece_kind orthodox_pieces[] = {
    {'K', "king", 'k', 0, ROLE_ROYAL, 'K', "King", false},
    {'Q', "queen", 'q', 0, ROLE_MAN, 'Q', "Queen", false},
    {'R', "rook", 'r', 0, ROLE_MAN, 'R', "Rook", false},
    {'B', "bishop", 'b', 0, ROLE_MAN, 'B', "Bishop", true},
    {'N', "knight", 'n', 0, ROLE_MAN, 'S', "Knight", false},
    {'P', "pawn", 'p', 0, ROLE_PAWN, 'P', "Pawn", false},
    {'k', "king", 'k', 1, ROLE_ROYAL, 'K', "King", false},
    {'q', "queen", 'q', 1, ROLE_MAN, 'Q', "Queen", false},
    {'r', "rook", 'r', 1, ROLE_MAN, 'R', "Rook", false},
    {'b', "bishop", 'b', 1, ROLE_MAN, 'B', "Bishop", true},
    {'n', "knight", 'n', 1, ROLE_MAN, 'S', "Knight", false},
    {'p', "pawn", 'p', 1, ROLE_PAWN, 'P', "Pawn", false},
    {0, NULL, 0, 0, ROLE_MAN, 0, NULL, false},
};

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

enum attack orthodox_attacks(const struct setup *s, int f, int r, int tf, int tr, int xf, int xr)
{
	int dx = tf - f, dy = tr - r, ax = abs(dx), ay = abs(dy), kind = -1, side = 0;
	for (int i = 0; orthodox_pieces[i].letter; i++)
		if (orthodox_pieces[i].letter == s->grid[r][f]) {
			kind = i % 6; /* the table's order: K Q R B N P, each side */
			side = orthodox_pieces[i].side;
		}
	if ((!dx && !dy) || kind < 0)
		return ATTACK_NONE;
	switch (kind) {
	case ORTHODOX_KING:
		return ax <= 1 && ay <= 1 ? ATTACK_STEP : ATTACK_NONE;
	case ORTHODOX_KNIGHT:
		return ax * ay == 2 ? ATTACK_STEP : ATTACK_NONE;
	case ORTHODOX_PAWN: /* White's (side 0) go up the ranks */
		return ax == 1 && dy == (side == 0 ? 1 : -1) ? ATTACK_STEP : ATTACK_NONE;
	case ORTHODOX_ROOK:
		if (dx && dy)
			return ATTACK_NONE;
		break;
	case ORTHODOX_BISHOP:
		if (ax != ay)
			return ATTACK_NONE;
		break;
	default: /* the queen */
		if (dx && dy && ax != ay)
			return ATTACK_NONE;
		break;
	}
	for (int x = f + sign(dx), y = r + sign(dy); x != tf || y != tr;
	     x += sign(dx), y += sign(dy))
		if (s->grid[y][x] != '.' && s->grid[y][x] != 0 && !(x == xf && y == xr))
			return ATTACK_NONE;
	return ATTACK_LINE;
}

/*
** Popeye's generator takes the men square by square from a1 to h8 (a1, b1,
** ..., h1, a2, ...), and the moves of one man are printed last generated
** first: the rays of a line piece in the reverse of Popeye's vectors
** (right, up, left, down, then the diagonals), each from its far end; a
** knight's leaps the same way; a pawn's double step, single step, capture
** right, capture left, each promotion as =Q, =S, =R, =B; a king's 0-0-0,
** 0-0, then its steps.
*/
uint32_t orthodox_print_order(int kind, int from, int to, int promo, bool castle)
{
	const int df = to % 8 - from % 8, dr = to / 8 - from / 8;
	int gen = 0; /* the place among the man's moves as generated */
	if (castle) {
		gen = 1000 + (df < 0); /* after the king's steps, 0-0 first */
	} else if (kind == ORTHODOX_KNIGHT) {
		static const int knight[8][2] = {{-2, 1}, {-1, 2}, {1, 2},   {2, 1},
		                                 {2, -1}, {1, -2}, {-1, -2}, {-2, -1}};
		for (int v = 0; v < 8; v++)
			if (knight[v][0] == df && knight[v][1] == dr)
				gen = v;
	} else if (kind != ORTHODOX_PAWN) { /* K Q R B: Popeye's vectors, each ray outwards */
		static const int queen[8][2] = {{1, 0},  {0, 1}, {-1, 0}, {0, -1},
		                                {-1, 1}, {1, 1}, {1, -1}, {-1, -1}};
		int dist = abs(df) > abs(dr) ? abs(df) : abs(dr);
		for (int v = 0; v < 8; v++)
			if (queen[v][0] == sign(df) && queen[v][1] == sign(dr))
				gen = v * 16 + dist;
	} else { /* captures left and right, then one step, two */
		gen = df < 0 ? 0 : df > 0 ? 1 : abs(dr) == 1 ? 2 : 3;
		/* promotions in Popeye's sequence (Q S R B), each played as it comes */
		static const int seq[] = {[ORTHODOX_QUEEN] = 0,
		                          [ORTHODOX_KNIGHT] = 1,
		                          [ORTHODOX_ROOK] = 2,
		                          [ORTHODOX_BISHOP] = 3};
		gen = gen * 8 + (promo > 0 && promo < ORTHODOX_PAWN ? 7 - seq[promo] : 7);
	}
	return (uint32_t)from << PRINT_ORDER_MAN_SHIFT | (uint32_t)(0xFFFF - gen);
}
