/*
** cmd_games.c -- maat games: what maat can play, from the registry alone.
*/
#include <stdio.h>

#include "cli/cli.h"

const struct cli_spec games_spec = {"games", "", "list the games, their rules and start positions",
                                    NULL, 0};

int cmd_games(int argc, char **argv)
{
	char **rest = argv + 1;
	int n = 0, pr = cli_parse(&games_spec, argc, argv, NULL, rest, &n);
	if (pr == 0 && n) {
		cli_error("games: unexpected argument '%s'", rest[0]);
		pr = -1;
	}
	if (pr)
		return CLI_EXIT(pr);
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
