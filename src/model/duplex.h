/*
** duplex.h -- Popeye's options Duplex and HalfDuplex, for every reader.
**
** Duplex: after the diagram and after each twin, its duplex part: the same
** position with the other side to move and the same stipulation (Black
** mates in a #2; in an h#2 White starts and Black mates), a twin of its
** own (struct twin.duplex, text "Duplex", the label of the problem it
** doubles).  HalfDuplex: every problem of the puzzle becomes its duplex
** part alone (struct puzzle.half_duplex).
*/
#ifndef MAAT_DUPLEX_H
#define MAAT_DUPLEX_H

#include <stdbool.h>
#include <stddef.h>

#include "model/puzzle.h"

/* The most twins a puzzle may hold, duplex parts included (as each reader
   allows for its own twins). */
#define DUPLEX_MAX_TWINS 1000

/*
** Apply Duplex (half false) or HalfDuplex to p, whose diagram and twins
** are built.  ep: the en passant square of the side that plays first in
** the duplex parts (or NULL: none there; the diagram's goes with its
** side), for Duplex and HalfDuplex alike.  A part whose position cannot
** be set up gets its own error
** ("FILE:LINE:COL: duplex part: position: ..."; file names the file).
** Returns 0; -1 out of memory; -2 when the duplex parts would pass
** DUPLEX_MAX_TWINS (err says so, for the caller to make p's error; p's
** twins are dropped: a puzzle in error is one problem, one message).
*/
int duplex_apply(struct puzzle *p, bool half, const char *ep, const char *file, char *err,
                 size_t errlen);

#endif
