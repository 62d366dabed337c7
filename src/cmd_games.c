/*
** cmd_games.c -- maat games: what maat can play, from the registry alone.
*/
#include <stdio.h>

#include "cli.h"

int cmd_games(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	for (const struct game *const *p = game_all(); *p; p++) {
		const struct game *g = *p;
		if (!g->gen_moves)
			continue;
		printf("%-7s %s, %dx%d, rules %s\n        start: %s\n", g->id, g->title, g->files,
		       g->ranks, g->rule_ids, g->start);
		for (const struct rule_option *r = g->rules; r && r->name; r++)
			printf("        rule %s=%s  %s\n", r->name, r->default_value, r->help);
	}
	return EXIT_OK;
}
