/*
** caption.h -- the caption drawn (caption.c): its lines as the layout set
** them, and the coordinates.  The caption's strings are built there too
** (render.h declares those every writer shares).
*/
#ifndef MAAT_RENDER_CAPTION_H
#define MAAT_RENDER_CAPTION_H

#include <cairo.h>

#include "model/puzzle.h"
#include "render/render.h"

struct render_fonts;

/* The strings of d's caption, from p. */
void render_caption_build(struct diagram *d, const struct puzzle *p, int number,
                          const struct render_opts *o);
void render_caption(const struct render_fonts *fo, cairo_t *cr, const struct render_layout *l);
void render_coords(const struct render_fonts *fo, cairo_t *cr, const struct render_layout *l,
                   const struct render_opts *o);

#endif
