/*
** perft.c -- count the leaves of the legal move tree.
*/
#include "games/perft.h"

uint64_t perft(const struct game *g, void *pos, int depth)
{
	move_t moves[MAX_MOVES];
	_Alignas(16) unsigned char undo[MAX_UNDO_SIZE];

	if (depth <= 0)
		return 1;
	int n = g->gen_moves(pos, moves);
	if (depth == 1)
		return (uint64_t)n;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		g->make(pos, moves[i], undo);
		total += perft(g, pos, depth - 1);
		g->unmake(pos, moves[i], undo);
	}
	return total;
}
