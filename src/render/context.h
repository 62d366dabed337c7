/*
** context.h -- what a render command keeps from one diagram to the next
** (context.c makes and frees it): the fonts, the PNG encoder's buffers and
** canvas, the hatching tile and the men's sprites of the last square size.
*/
#ifndef MAAT_RENDER_CONTEXT_H
#define MAAT_RENDER_CONTEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "render/fonts.h"
#include "render/render.h"

/* Buffers of the PNG encoder, reused from one diagram to the next. */
struct png_scratch {
	unsigned char *raw, *out; /* filtered rows, the zlib stream */
	size_t raw_cap, out_cap;
};

/* PNG sprites of the men; kinds are the six chess men, then the tafl
   warrior and king, then the circle (pieces.c). */
#define SPRITE_KINDS (NMEN + 3)
struct sprites {
	double sq, halo;
	bool hatched;
	enum render_theme theme;
	/* [on a dark square][white, black, neutral][kind][quarter turns] */
	cairo_surface_t *s[2][3][SPRITE_KINDS][4];
};

struct render_ctx {
	struct render_fonts fonts;
	struct png_scratch png;
	cairo_surface_t *hatch_tile; /* PNG hatching of one square of hatch_sq px */
	double hatch_sq;
	struct sprites sprites;
	unsigned char *pixels; /* the PNG canvas, reused */
	size_t pixels_cap;
	/* the first error of a context that draws a cached tile or sprite
	   (render_note): render_write reports it, as it reports the drawing
	   context's own and the measuring context's -- cairo draws nothing
	   after an error */
	cairo_status_t failed;
};

/* Keep cr's error, if it has one and none came before, in ctx->failed. */
void render_note(struct render_ctx *ctx, cairo_t *cr);
/* After a file that failed: ctx as good as new (its measuring context
   out of error, the cached drawings dropped), so that one bad diagram
   does not fail the files after it. */
void render_recover(struct render_ctx *ctx);

/* Drop every sprite (the square size or the look changed). */
void render_sprites_free(struct sprites *sp);
void render_png_scratch_free(struct png_scratch *z);

#endif
