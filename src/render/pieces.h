/*
** pieces.h -- the men (pieces.c): FreeSerif's chess glyphs, upright or
** turned, neutral ones half and half, circles, tafl men as shapes.
*/
#ifndef MAAT_RENDER_PIECES_H
#define MAAT_RENDER_PIECES_H

#include <cairo.h>

#include "render/render.h"

struct render_ctx;
struct palette;

void render_pieces(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                   const struct render_layout *l, const struct render_opts *o,
                   const struct palette *pal);

#endif
