/*
** plays.c -- the table of plays (see play.h).
*/
#include "play/play.h"

static const struct play direct = {
    .kind = STIP_DIRECT,
    .name = "direct",
    .popeye = "",
    .words = "",
    .aim = "wins",
    .family = FAMILY_BATTLE,
    .goal = GOAL_DIRECT,
};

static const struct play self = {
    .kind = STIP_SELF,
    .name = "self",
    .popeye = "s",
    .words = "self",
    .aim = "forces its opponent to win",
    .family = FAMILY_BATTLE,
    .goal = GOAL_SELF,
};

static const struct play reflex = {
    .kind = STIP_REFLEX,
    .name = "reflex",
    .popeye = "r",
    .words = "reflex",
    .aim = "forces its opponent to win (reflex)",
    .family = FAMILY_BATTLE,
    .goal = GOAL_REFLEX,
};

static const struct play help = {
    .kind = STIP_HELP,
    .name = "help",
    .popeye = "h",
    .words = "help",
    .half = true,
    .aim = "wins with help",
    .family = FAMILY_LINES,
    .plan = PLAN_HELP,
};

static const struct play series = {
    .kind = STIP_SERIES,
    .name = "series-direct",
    .popeye = "ser-",
    .words = "series",
    .aim = "wins in a series",
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES,
};

static const struct play series_help = {
    .kind = STIP_SERIES_HELP,
    .name = "series-help",
    .popeye = "ser-h",
    .words = "series-help",
    .aim = "wins after a helping series",
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES_HELP,
};

/* Not in the project's rules: Popeye's hs# (a help play whose last move is
   a self play's, s#1), documented in maat(1). */
static const struct play help_self = {
    .kind = STIP_HELP_SELF,
    .name = "help-self",
    .popeye = "hs",
    .words = "help-self",
    .half = true,
    .aim = "forces its opponent to win after help",
    .family = FAMILY_LINES,
    .plan = PLAN_HELP_SELF,
};

/* Not in the project's rules either: Popeye's ser-s#, a series whose
   last move is a self play's (s#1), documented in maat(1). */
static const struct play series_self = {
    .kind = STIP_SERIES_SELF,
    .name = "series-self",
    .popeye = "ser-s",
    .words = "series-self",
    .aim = "forces its opponent to win after a series",
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES_SELF,
};

static const struct play *const table[] = {
    &direct, &self, &reflex, &help, &series, &series_help, &help_self, &series_self, NULL,
};

const struct play *play_of(enum stip_kind kind)
{
	for (int i = 0; table[i]; i++)
		if (table[i]->kind == kind)
			return table[i];
	return NULL;
}

const struct play *const *play_all(void)
{
	return table;
}
