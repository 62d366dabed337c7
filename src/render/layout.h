/*
** layout.h -- what layout.c gives the other drawing modules: word wrap,
** and a whole diagram drawn in order.  (The layout itself, as numbers, is
** render.h's: tests and the writers read it.)
*/
#ifndef MAAT_RENDER_LAYOUT_H
#define MAAT_RENDER_LAYOUT_H

#include <cairo.h>

#include "render/render.h"

struct render_ctx;

/* Greedy word wrap of text into lines no wider than w (a word wider than w
   gets a line of its own); the number of lines (at most max). */
struct render_span {
	int start, len;
};
int render_wrap(struct render_ctx *ctx, enum render_font f, double size, const char *text, double w,
                struct render_span *out, int max);

/* One whole diagram, its top-left corner at the current origin. */
void render_draw(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                 const struct render_layout *l, const struct render_opts *o);

#endif
