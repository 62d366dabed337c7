/*
** fonts.c -- FreeSerif loaded from its files through FreeType.
**
** cairo's toy font API silently substitutes another family when the one
** asked for is missing, and draws nothing for a missing glyph.  So the faces
** are opened from files, and at start-up we check the family name and every
** glyph a diagram needs; a wrong or missing font is an error, never a
** diagram in some other typeface.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo-ft.h>
#include FT_OUTLINE_H
#include FT_BBOX_H

#include "base/textsafe.h"
#include "render/render_int.h"

static const char *const default_dirs[] = {
    "/usr/share/fonts/truetype/freefont",
    "/usr/share/fonts/opentype/freefont",
    NULL,
};

static const char *const font_files[NFONTS] = {"FreeSerif", "FreeSerifBold", "FreeSerifItalic"};
static const char *const font_styles[NFONTS] = {"Regular", "Bold", "Italic"};

/* Characters every caption may use: ASCII letters, digits, punctuation. */
static const char caption_chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#()+-.,;:!?&'\"/=";

static const cairo_user_data_key_t face_key;

/* cairo keeps font faces in its caches after we drop them, so the FreeType
   face must live until cairo lets go: each face gets its own library, and
   cairo's destroy callback frees both. */
static void face_release(void *data)
{
	FT_Library lib = data;
	FT_Done_FreeType(lib); /* frees the face too */
}

static int find_file(const char *font_dir, const char *base, char *path, size_t len)
{
	static const char *const exts[] = {".ttf", ".otf", NULL};
	const char *const one[] = {font_dir, NULL};
	const char *const *dirs = font_dir ? one : default_dirs;
	for (int d = 0; dirs[d]; d++)
		for (int e = 0; exts[e]; e++) {
			snprintf(path, len, "%s/%s%s", dirs[d], base, exts[e]);
			if (access(path, R_OK) == 0)
				return 0;
		}
	snprintf(path, len, "%s/%s.ttf", dirs[0], base);
	return -1;
}

static void glyph_box(FT_Face face, unsigned long glyph, struct ink_box *b)
{
	FT_BBox bb = {0, 0, 0, 0};
	if (FT_Load_Glyph(face, (FT_UInt)glyph, FT_LOAD_NO_SCALE) == 0 &&
	    face->glyph->format == FT_GLYPH_FORMAT_OUTLINE)
		FT_Outline_Get_BBox(&face->glyph->outline, &bb);
	double em = face->units_per_EM;
	b->x0 = bb.xMin / em;
	b->y0 = bb.yMin / em;
	b->x1 = bb.xMax / em;
	b->y1 = bb.yMax / em;
}

static int check_face(struct render_ctx *ctx, int f, FT_Face face, const char *path, char *err,
                      size_t errlen)
{
	if (!face->family_name || strcmp(face->family_name, "FreeSerif") != 0) {
		snprintf(err, errlen, "font %s is family '%s', expected FreeSerif", path,
		         face->family_name ? face->family_name : "?");
		return -1;
	}
	const char *style = face->style_name ? face->style_name : "?";
	bool ok = f == FONT_REGULAR ? !strstr(style, "Bold") && !strstr(style, "Italic")
	                            : strstr(style, font_styles[f]) != NULL;
	if (!ok) {
		snprintf(err, errlen, "font %s is style '%s', expected %s", path, style,
		         font_styles[f]);
		return -1;
	}
	for (const char *c = caption_chars; *c; c++)
		if (FT_Get_Char_Index(face, (FT_ULong)(unsigned char)*c) == 0) {
			snprintf(err, errlen, "font %s has no glyph for '%c'", path, *c);
			return -1;
		}
	if (f != FONT_REGULAR)
		return 0;
	/* The chess men: U+2654..2659 white, U+265A..265F black, KQRBNP. */
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < NMEN; i++) {
			unsigned long cp = 0x2654ul + (unsigned long)(side * NMEN + i);
			FT_UInt g = FT_Get_Char_Index(face, cp);
			if (g == 0) {
				snprintf(err, errlen, "font %s has no glyph for U+%04lX", path, cp);
				return -1;
			}
			ctx->man_glyph[side][i] = g;
			glyph_box(face, g, &ctx->man_box[side][i]);
		}
	return 0;
}

int render_fonts_load(struct render_ctx *ctx, const char *font_dir, char *err, size_t errlen)
{
	for (int f = 0; f < NFONTS; f++) {
		char path[1024];
		FT_Library lib;
		FT_Face face;
		if (find_file(font_dir, font_files[f], path, sizeof path) < 0) {
			snprintf(
			    err, errlen,
			    "font %s not found (install fonts-freefont-ttf, or give --font-dir)",
			    path);
			return -1;
		}
		if (FT_Init_FreeType(&lib) != 0) {
			snprintf(err, errlen, "cannot initialise FreeType");
			return -1;
		}
		if (FT_New_Face(lib, path, 0, &face) != 0) {
			FT_Done_FreeType(lib);
			snprintf(err, errlen, "font %s: not a font FreeType can read", path);
			return -1;
		}
		if (check_face(ctx, f, face, path, err, errlen) < 0) {
			FT_Done_FreeType(lib);
			return -1;
		}
		cairo_font_face_t *cf =
		    cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
		if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
		    cairo_font_face_set_user_data(cf, &face_key, lib, face_release) !=
		        CAIRO_STATUS_SUCCESS) {
			cairo_font_face_destroy(cf);
			FT_Done_FreeType(lib);
			snprintf(err, errlen, "out of memory loading fonts");
			return -1;
		}
		ctx->face[f] = cf;
	}
	return 0;
}

void render_fonts_free(struct render_ctx *ctx)
{
	for (int f = 0; f < NFONTS; f++)
		if (ctx->face[f])
			cairo_font_face_destroy(ctx->face[f]);
}

void render_set_font(const struct render_ctx *ctx, cairo_t *cr, enum render_font f, double size)
{
	cairo_set_font_face(cr, ctx->face[f]);
	cairo_set_font_size(cr, size);
	cairo_set_font_options(cr, ctx->font_opts);
}

/* The hatching tile and the men's sprites (PNG), drawn again when next
   needed. */
static void drop_cached(struct render_ctx *ctx)
{
	for (int i = 0; i < 2 * 2 * SPRITE_KINDS; i++) {
		cairo_surface_t **s =
		    &ctx->sprites.s[i / (2 * SPRITE_KINDS)][i / SPRITE_KINDS % 2][i % SPRITE_KINDS];
		if (*s)
			cairo_surface_destroy(*s);
		*s = NULL;
	}
	if (ctx->hatch_tile)
		cairo_surface_destroy(ctx->hatch_tile);
	ctx->hatch_tile = NULL;
}

void render_note(struct render_ctx *ctx, cairo_t *cr)
{
	cairo_status_t st = cairo_status(cr);
	if (st != CAIRO_STATUS_SUCCESS && ctx->failed == CAIRO_STATUS_SUCCESS)
		ctx->failed = st;
}

void render_recover(struct render_ctx *ctx)
{
	if (ctx->failed == CAIRO_STATUS_SUCCESS)
		return;
	ctx->failed = CAIRO_STATUS_SUCCESS;
	/* a context in error stays in error: the measuring one is made anew,
	   and the cached tile and sprites, drawn by a context that may have
	   failed half way, are drawn again when next needed */
	if (cairo_status(ctx->measure) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(ctx->measure);
		ctx->measure = cairo_create(ctx->scratch);
	}
	drop_cached(ctx);
}

double render_text_width(struct render_ctx *ctx, enum render_font f, double size, const char *text)
{
	cairo_text_extents_t e;
	render_set_font(ctx, ctx->measure, f, size);
	cairo_text_extents(ctx->measure, text, &e);
	render_note(ctx, ctx->measure); /* in error, it measures 0 from now on */
	return e.x_advance;
}

double render_text_width_n(struct render_ctx *ctx, enum render_font f, double size,
                           const char *text, size_t n)
{
	char buf[RENDER_LINE];
	snprintf(buf, sizeof buf, "%.*s", (int)text_fit(text, n, sizeof buf - 1), text);
	return render_text_width(ctx, f, size, buf);
}

struct render_ctx *render_ctx_new(const char *font_dir, char *err, size_t errlen)
{
	struct render_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* Explicit options: the machine's fontconfig settings (subpixel
	   antialiasing, hinting) must not change the pixels. */
	ctx->font_opts = cairo_font_options_create();
	cairo_font_options_set_antialias(ctx->font_opts, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(ctx->font_opts, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(ctx->font_opts, CAIRO_HINT_METRICS_OFF);
	ctx->scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	ctx->measure = cairo_create(ctx->scratch);
	if (render_fonts_load(ctx, font_dir, err, errlen) < 0) {
		render_ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

void render_ctx_free(struct render_ctx *ctx)
{
	if (!ctx)
		return;
	if (ctx->measure)
		cairo_destroy(ctx->measure);
	if (ctx->scratch)
		cairo_surface_destroy(ctx->scratch);
	render_fonts_free(ctx);
	render_png_scratch_free(&ctx->png);
	drop_cached(ctx);
	free(ctx->pixels);
	if (ctx->font_opts)
		cairo_font_options_destroy(ctx->font_opts);
	free(ctx);
}
