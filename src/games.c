/*
** games.c -- the registry of games: one row per game.
*/
#include <string.h>

#include "game.h"

extern const struct game game_chess;
extern const struct game game_morok;
extern const struct game game_upuaut;
extern const struct game game_tavlei;

static const struct game *const registry[] = {
	&game_chess,
	&game_morok,
	&game_upuaut,
	&game_tavlei,
	NULL,
};

_Static_assert(MAX_FILES * MAX_RANKS == MAX_SQUARES, "board limits");

const struct game *const *game_all(void)
{
	return registry;
}

const struct game *game_find(const char *id)
{
	for (int i = 0; registry[i]; i++)
		if (strcmp(registry[i]->id, id) == 0)
			return registry[i];
	return NULL;
}
