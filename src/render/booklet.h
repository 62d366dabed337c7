/*
** booklet.h -- PDF booklets (booklet.c): pages of paper, diagrams in a
** grid, the solutions at the end.
*/
#ifndef MAAT_RENDER_BOOKLET_H
#define MAAT_RENDER_BOOKLET_H

#include <stddef.h>

#include <cairo.h>

#include "render/render.h"

struct render_ctx;

/* Paper sizes in pt. */
void render_paper_size(enum render_paper p, double *w, double *h);
/* The pages of a PDF booklet on cr (a PDF surface s); -1 and why when its
   diagrams cannot be laid out legibly (nothing drawn then). */
int render_booklet(struct render_ctx *ctx, cairo_surface_t *s, cairo_t *cr, const struct diagram *d,
                   int n, const struct render_opts *o, char *err, size_t errlen);

#endif
