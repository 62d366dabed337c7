/*
** fairy.h -- Popeye's piece walks (py-engl.txt's list, its English codes)
** and how a diagram draws each: a man of the orthodox set, upright or
** turned, as the diagram package sets it (Popeye's LaTeX table,
** pie-engl.txt: "g DU grashopper", an upside-down queen), for the walks that
** table has no glyph for as Olive draws them (conf/fairy-pieces.txt), and a
** circle (the package's C) for the rest.  One table, so that every output
** -- PNG, SVG, PDF, LaTeX -- draws a walk the same way, and every reader
** names it the same way.
*/
#ifndef MAAT_NOTATION_FAIRY_H
#define MAAT_NOTATION_FAIRY_H

#include <stdbool.h>
#include <stddef.h>

/* How a diagram turns a man: quarter turns clockwise, as the diagram
   package's rotations: R (right), U (upside down), L (left). */
enum fairy_turn { TURN_UPRIGHT = 0, TURN_RIGHT = 1, TURN_DOWN = 2, TURN_LEFT = 3 };

struct fairy_walk {
	const char *code; /* Popeye's English code, lower case: "g", "le", "15" */
	const char *name; /* "grasshopper", lower case (a legend capitalises it) */
	char glyph;       /* the man drawn: k q r b n p, or c (a circle) */
	enum fairy_turn turn;
};

/* The walk of a Popeye code (any case; len bytes of code), NULL when
   Popeye has none.  The orthodox codes (k q r b s p) are in the table. */
const struct fairy_walk *fairy_walk_find(const char *code, size_t len);
/* Is w one of the six orthodox walks (k q r b s p), which a diagram's
   legend leaves unnamed?  False for NULL. */
bool fairy_walk_orthodox(const struct fairy_walk *w);
/* Every walk, in Popeye's order; the last has code NULL. */
const struct fairy_walk *fairy_walks(void);

#endif
