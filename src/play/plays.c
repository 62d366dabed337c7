/*
** plays.c -- the table of plays (see play.h).
*/
#include "play/play.h"

/* The goals of a position (a win, a stalemate, both sides stalemated,
   either of a win and a stalemate), every play's; the goals of the last
   move (a check, a capture, a castling, any move), only
   where the line search looks at the last move alone (help and series
   play, not the forced end of help-self and series-self). */
#define POSITION_TARGETS                                                                           \
	((1u << TARGET_WIN) | (1u << TARGET_STALEMATE) | (1u << TARGET_DOUBLE_STALEMATE) |         \
	 (1u << TARGET_MATE_OR_STALEMATE))
#define ALL_TARGETS                                                                                \
	(POSITION_TARGETS | (1u << TARGET_CHECK) | (1u << TARGET_CAPTURE) | (1u << TARGET_ANY) |   \
	 (1u << TARGET_CASTLING))
/* Popeye's double mate and counter-mate, whose last move is a self-check:
   where the line search makes the winning side's last move (help, series,
   series-help), not where the last move is the opponent's forced or
   obliged one.  Series-help takes no counter-mate: the winning side must
   be mated before its last move, by the series' last move, and no move of
   the series may check it (S7; Popeye lets that move check, see man maat). */
#define MATE_TARGETS ((1u << TARGET_DOUBLE_MATE) | (1u << TARGET_COUNTER_MATE))

static const struct play help, help_self, help_reflex;

static const struct play direct = {
    .kind = STIP_DIRECT,
    .name = "direct",
    .popeye = "",
    .words = "",
    .aim = "wins",
    .role = "winning",
    .solver_first = true,
    .any_side = true,
    .targets = POSITION_TARGETS,
    .family = FAMILY_BATTLE,
    .goal = GOAL_DIRECT,
};

static const struct play self = {
    .kind = STIP_SELF,
    .name = "self",
    .popeye = "s",
    .words = "self",
    .aim = "forces its opponent to win",
    .role = "solving",
    .solver_first = true,
    .targets = POSITION_TARGETS,
    .family = FAMILY_BATTLE,
    .goal = GOAL_SELF,
};

static const struct play reflex = {
    .kind = STIP_REFLEX,
    .name = "reflex",
    .popeye = "r",
    .words = "reflex",
    .aim = "forces its opponent to win (reflex)",
    .role = "solving",
    .solver_first = true,
    .targets = POSITION_TARGETS,
    .family = FAMILY_BATTLE,
    .goal = GOAL_REFLEX,
};

static const struct play help = {
    .kind = STIP_HELP,
    .name = "help",
    .popeye = "h",
    .words = "help",
    .aim = "wins with help",
    .role = "winning",
    .half = true,
    .set = &help,
    .set_length = SET_HALF_MOVE_SHORTER,
    .white_to_play = true,
    .targets = ALL_TARGETS | MATE_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_HELP,
};

static const struct play series = {
    .kind = STIP_SERIES,
    .name = "series-direct",
    .popeye = "ser-",
    .words = "series",
    .aim = "wins in a series",
    .role = "winning",
    .solver_first = true,
    .targets = ALL_TARGETS | MATE_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES,
};

static const struct play series_help = {
    .kind = STIP_SERIES_HELP,
    .name = "series-help",
    .popeye = "ser-h",
    .words = "series-help",
    .aim = "wins after a helping series",
    .role = "winning",
    .set = &help,
    .set_length = SET_WINNING_MOVE,
    .targets = ALL_TARGETS | (1u << TARGET_DOUBLE_MATE),
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES_HELP,
};

/* Not in the project's rules: Popeye's hs# (a help play whose last move is
   a self play's, s#1), documented in maat(1).  Its set play, Popeye's
   SetPlay: itself half a move shorter after the side to move passes. */
static const struct play help_self = {
    .kind = STIP_HELP_SELF,
    .name = "help-self",
    .popeye = "hs",
    .words = "help-self",
    .aim = "forces its opponent to win after help",
    .role = "solving",
    .solver_first = true,
    .half = true,
    .set = &help_self,
    .set_length = SET_HALF_MOVE_SHORTER,
    .targets = POSITION_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_HELP_SELF,
};

/* Not in the project's rules either: Popeye's ser-s#, a series whose
   last move is a self play's (s#1), documented in maat(1).  Its set play,
   Popeye's SetPlay: after the solving side's pass, the opponent's forced
   win at once (hs#0.5). */
static const struct play series_self = {
    .kind = STIP_SERIES_SELF,
    .name = "series-self",
    .popeye = "ser-s",
    .words = "series-self",
    .aim = "forces its opponent to win after a series",
    .role = "solving",
    .solver_first = true,
    .set = &help_self,
    .set_length = SET_WINNING_MOVE,
    .targets = POSITION_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES_SELF,
};

/* Not in the project's rules: Popeye's hr#, help play whose last move is
   a reflex play's (r#1), S6's obligation on both sides throughout,
   documented in maat(1).  Its set play is itself half a move shorter
   after the side to move passes (Popeye's SetPlay: hr#2 -> hr#1.5). */
static const struct play help_reflex = {
    .kind = STIP_HELP_REFLEX,
    .name = "help-reflex",
    .popeye = "hr",
    .words = "help-reflex",
    .aim = "forces its opponent to win after help (reflex)",
    .role = "solving",
    .solver_first = true,
    .half = true,
    .set = &help_reflex,
    .set_length = SET_HALF_MOVE_SHORTER,
    .targets = ALL_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_HELP_REFLEX,
};

/* Not in the project's rules either: Popeye's ser-r#, a series whose last
   move is a reflex play's (r#1), documented in maat(1).  Its set play, as
   Popeye's SetPlay has it: after the solving side's pass, the opponent's
   win at once (hr#0.5). */
static const struct play series_reflex = {
    .kind = STIP_SERIES_REFLEX,
    .name = "series-reflex",
    .popeye = "ser-r",
    .words = "series-reflex",
    .aim = "forces its opponent to win after a series (reflex)",
    .role = "solving",
    .solver_first = true,
    .set = &help_reflex,
    .set_length = SET_WINNING_MOVE,
    .targets = ALL_TARGETS,
    .family = FAMILY_LINES,
    .plan = PLAN_SERIES_REFLEX,
};

/* Indexed by the kind (checked by tests/check_plays.c), NULL-terminated. */
static const struct play *const table[] = {
    [STIP_DIRECT] = &direct,
    [STIP_HELP] = &help,
    [STIP_SELF] = &self,
    [STIP_REFLEX] = &reflex,
    [STIP_SERIES] = &series,
    [STIP_SERIES_HELP] = &series_help,
    [STIP_HELP_SELF] = &help_self,
    [STIP_SERIES_SELF] = &series_self,
    [STIP_HELP_REFLEX] = &help_reflex,
    [STIP_SERIES_REFLEX] = &series_reflex,
    [STIP_KINDS] = NULL,
};

const struct play *play_of(enum stip_kind kind)
{
	return (unsigned)kind < STIP_KINDS ? table[kind] : NULL;
}

const struct play *const *play_all(void)
{
	return table;
}
