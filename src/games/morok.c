/* PLACEHOLDER -- replaced by the real implementation of the game. */
#include "game.h"
const struct game game_morok = { .id = "morok" };
