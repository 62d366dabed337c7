/*
** fuzz_position.c -- every game's position parser: parse(), then the
** round trip and move invariants of fuzz.h on whatever it accepts, and the
** setup path (get_setup -> setup) that puzzle files' board: takes.
**
** Input: one byte choosing the game, then the position text.
*/
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game *const *all = game_all();
	int ngames = 0;
	while (all[ngames])
		ngames++;
	if (size < 1)
		return 0;
	const struct game *g = all[data[0] % ngames];
	char *text = fuzz_cstring(data + 1, size - 1);
	_Alignas(16) unsigned char pos[MAX_POS_SIZE], pos2[MAX_POS_SIZE];
	char err[256], a[1024], b[1024];

	memset(err, 'x', sizeof err);
	if (g->parse(pos, text, err, sizeof err) != 0) {
		/* a game may quote the text as it is: the loader and the CLI
		   make the message one line (fuzz_yaml checks that) */
		fuzz_message("parse", err, sizeof err);
		free(text);
		return 0;
	}
	fuzz_check_position(g, pos);

	/* a position read from text must also be a valid setup, and the same */
	struct setup s;
	memset(&s, 0, sizeof s);
	g->get_setup(pos, &s);
	if (g->setup(pos2, &s, err, sizeof err) != 0)
		FUZZ_FAIL("%s: parse() took '%s' but setup() of it refuses: %s", g->id, text, err);
	g->format(pos, a, sizeof a);
	g->format(pos2, b, sizeof b);
	if (strcmp(a, b) != 0)
		FUZZ_FAIL("%s: get_setup/setup turned '%s' into '%s'", g->id, a, b);

	/* formatting into a short buffer truncates, never overflows */
	for (size_t len = 1; len < 8; len++) {
		char small[8];
		memset(small, 'x', sizeof small);
		g->format(pos, small, len);
		if (strnlen(small, len) == len)
			FUZZ_FAIL("%s: format() into %zu bytes is not terminated", g->id, len);
	}
	free(text);
	return 0;
}
