/*
** context.c -- a render command's context: the fonts, loaded and checked
** once, and what is kept from one diagram to the next.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/context.h"

struct render_ctx *render_ctx_new(const char *font_dir, char *err, size_t errlen)
{
	struct render_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (render_fonts_load(&ctx->fonts, font_dir, err, errlen) < 0) {
		render_ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

void render_sprites_free(struct sprites *sp)
{
	cairo_surface_t **all = &sp->s[0][0][0][0];
	for (size_t i = 0; i < sizeof sp->s / sizeof sp->s[0][0][0][0]; i++) {
		if (all[i])
			cairo_surface_destroy(all[i]);
		all[i] = NULL;
	}
}

void render_png_scratch_free(struct png_scratch *z)
{
	free(z->raw);
	free(z->out);
	memset(z, 0, sizeof *z);
}

void render_ctx_free(struct render_ctx *ctx)
{
	if (!ctx)
		return;
	render_fonts_free(&ctx->fonts);
	render_png_scratch_free(&ctx->png);
	render_sprites_free(&ctx->sprites);
	if (ctx->hatch_tile)
		cairo_surface_destroy(ctx->hatch_tile);
	free(ctx->pixels);
	free(ctx);
}

void render_note(struct render_ctx *ctx, cairo_t *cr)
{
	cairo_status_t st = cairo_status(cr);
	if (st != CAIRO_STATUS_SUCCESS && ctx->failed == CAIRO_STATUS_SUCCESS)
		ctx->failed = st;
}

void render_recover(struct render_ctx *ctx)
{
	if (ctx->failed == CAIRO_STATUS_SUCCESS &&
	    cairo_status(ctx->fonts.measure) == CAIRO_STATUS_SUCCESS)
		return;
	ctx->failed = CAIRO_STATUS_SUCCESS;
	/* a context in error stays in error: the measuring one is made anew,
	   and the cached tile and sprites, drawn by a context that may have
	   failed half way, are drawn again when next needed */
	if (cairo_status(ctx->fonts.measure) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(ctx->fonts.measure);
		ctx->fonts.measure = cairo_create(ctx->fonts.scratch);
	}
	render_sprites_free(&ctx->sprites);
	if (ctx->hatch_tile)
		cairo_surface_destroy(ctx->hatch_tile);
	ctx->hatch_tile = NULL;
}
