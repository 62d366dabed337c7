/*
** popeye_series_hash.h -- Popeye's series-help play (ser-h#N) as its hash
** table leaves it, emulated over maat's game interface, to tell why Popeye
** lists fewer lines than maat (tests/corpus_check.c) and to hold the
** reading of Popeye's source against Popeye's output
** (tests/check_popeye_series.c).  Test code: nothing of maat rests on it.
**
** What Popeye 4.104 does (read in its source, not copied):
**  - solving/find_by_increasing_length.c: a series is solved for every
**    length from the shortest up, each search looking for the lines of
**    exactly that length (an exact- stipulation runs the last one alone);
**  - optimisations/hash.c, help play's table (inhash_help,
**    addtohash_help_solved, addtohash_help_not_solved): one table for all
**    the lengths, keyed by the position alone (CommonEncode adds the moves
**    left only for an exact- stipulation, whose minimum length is its
**    length), with two entries a position, each overwritten by every
**    later search from it (set_value_help):
**      "not solved": the moves left of the last search from the position
**        that found no line.  A later visit with as many moves left or
**        fewer is cut (is_position_known_not_to_be_solved): the entry is
**        read as "no line of at most that many", although the search
**        looked for lines of exactly that many;
**      "solved": the moves left of the last search from it that found a
**        line, which overrides "not solved" for a visit with as many moves
**        left or more (is_position_known_to_be_solved).
** A line that comes back to a position (5.a1=B 6.Bb2 7.Ba1 ...) solves the
** inner visit first and the outer, with more moves left, after it: the
** "solved" entry then holds the outer's larger number.  From then on every
** visit of that position with the inner's number of moves left, where an
** earlier, shorter search found no line of that many, is cut, and the
** lines through it are lost -- at this length and at every longer one.
**
** keep_least: the "solved" entry keeps the least number of moves left
** instead of the last; the emulation then finds every line, maat's answer.
** last_check: Popeye lets the last move of the series give check (maat
** follows S7, which does not); set it to emulate Popeye.
*/
#ifndef MAAT_TESTS_POPEYE_SERIES_HASH_H
#define MAAT_TESTS_POPEYE_SERIES_HASH_H

#include <stdbool.h>

#include "games/game.h"

struct popeye_series_options {
	bool last_check; /* the last move of the series may give check (Popeye) */
	bool keep_least; /* the "solved" entry keeps its least length (no loss) */
};

/* Every line of ser-h#N from pos (the series' side to move), the shorter
   ones first, each search's lines in the order Popeye finds them (the
   game's print_order); each line its moves' canonical texts joined by
   spaces ("a7a5 a5a4 ... b6b7").  *out: the lines (free each and the
   array).  Returns their number, -1 when out of memory. */
int popeye_series_help_lines(const struct game *g, const void *pos, int n,
                             struct popeye_series_options opt, char ***out);

void popeye_series_lines_free(char **lines, int count);

#endif
