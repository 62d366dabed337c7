/*
** fuzz_move.c -- the move parser (game_parse_move) on a fixed set of
** positions: any text gives MOVE_NONE with one line of explanation or one
** of the legal moves, and the position is left as it was.
**
** Input: one byte choosing the position, then the move text.
*/
#include "fuzz.h"

static const struct {
	const char *game, *pos;
} positions[] = {
    {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"chess", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"},
    {"chess", "bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1"},
    {"morok", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
    {"morok", "4k3/8/8/4n3/4P3/8/8/4K3 w - - 0 1"},
    {"upuaut", "bbkbb/5/5/5/5/BBKBB w"},
    {"upuaut", "k4/5/2b2/5/5/K4 b"},
    {"tavlei", "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ a"},
    {"tavlei", "/9/9/7K1/3t5/3T5/1tT1Tt3/9/9/3t5/ a"},
};
#define NPOS (sizeof positions / sizeof positions[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned which = data[0] % NPOS;
	const struct game *g = game_find(positions[which].game);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256], before[1024], after[1024];
	move_t moves[MAX_MOVES];

	if (!g || g->parse(pos, positions[which].pos, err, sizeof err) != 0)
		FUZZ_FAIL("fixed position %u does not load: %s", which, err);
	g->format(pos, before, sizeof before);
	char *text = fuzz_cstring(data + 1, size - 1);
	memset(err, 'x', sizeof err);
	move_t m = game_parse_move(g, pos, text, (data[0] & 0x80) ? NULL : err, sizeof err);
	g->format(pos, after, sizeof after);
	if (strcmp(before, after) != 0)
		FUZZ_FAIL("parsing '%s' changed the position", text);
	if (m == MOVE_NONE) {
		if (!(data[0] & 0x80))
			fuzz_one_line("game_parse_move", err, sizeof err);
	} else {
		int n = g->gen_moves(pos, moves), i = 0;
		while (i < n && moves[i] != m)
			i++;
		if (i == n)
			FUZZ_FAIL("'%s' parsed as a move that is not legal", text);
	}
	free(text);
	return 0;
}
