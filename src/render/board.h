/*
** board.h -- the board (board.c): squares, hatching, frame, marks, arrows.
*/
#ifndef MAAT_RENDER_BOARD_H
#define MAAT_RENDER_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include <cairo.h>

#include "render/render.h"

struct render_ctx;

struct palette {
	uint32_t light, dark, hatch, frame; /* 0xRRGGBB */
	uint32_t tafl_board, tafl_grid, tafl_special, tafl_cross;
	bool hatched; /* dark squares hatched rather than filled */
	double halo;  /* white halo round men on dark squares, fraction of a square */
};

void render_palette(const struct render_opts *o, const struct render_layout *l, struct palette *p);
void render_board(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                  const struct render_layout *l, const struct render_opts *o,
                  const struct palette *pal);
void render_marks(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                  const struct render_opts *o);
void render_arrows(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                   const struct render_opts *o);
bool render_square_dark(const struct diagram *d, int file, int rank);

#endif
