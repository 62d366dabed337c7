/*
** fonts.c -- FreeSerif loaded from its files through FreeType.
**
** cairo's toy font API silently substitutes another family when the one
** asked for is missing, and draws nothing for a missing glyph.  So the faces
** are opened from files, and at start-up we check the family name and every
** glyph a diagram needs; a wrong or missing font is an error, never a
** diagram in some other typeface.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BBOX_H

#include "base/textsafe.h"
#include "render/fonts.h"

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

static int check_face(struct render_fonts *fo, int f, FT_Face face, const char *path, char *err,
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
			fo->man_glyph[side][i] = g;
			glyph_box(face, g, &fo->man_box[side][i]);
		}
	return 0;
}

int render_fonts_load(struct render_fonts *fo, const char *font_dir, char *err, size_t errlen)
{
	/* Explicit options: the machine's fontconfig settings (subpixel
	   antialiasing, hinting) must not change the pixels. */
	fo->font_opts = cairo_font_options_create();
	cairo_font_options_set_antialias(fo->font_opts, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo->font_opts, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo->font_opts, CAIRO_HINT_METRICS_OFF);
	fo->scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	fo->measure = cairo_create(fo->scratch);
	for (int f = 0; f < NFONTS; f++) {
		char path[PATH_MAX + 64]; /* a directory the system can open, a file name */
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
		if (check_face(fo, f, face, path, err, errlen) < 0) {
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
		fo->face[f] = cf;
	}
	return 0;
}

void render_fonts_free(struct render_fonts *fo)
{
	if (fo->measure)
		cairo_destroy(fo->measure);
	if (fo->scratch)
		cairo_surface_destroy(fo->scratch);
	for (int f = 0; f < NFONTS; f++)
		if (fo->face[f])
			cairo_font_face_destroy(fo->face[f]);
	if (fo->font_opts)
		cairo_font_options_destroy(fo->font_opts);
}

void render_set_font(const struct render_fonts *fo, cairo_t *cr, enum render_font f, double size)
{
	cairo_set_font_face(cr, fo->face[f]);
	cairo_set_font_size(cr, size);
	cairo_set_font_options(cr, fo->font_opts);
}

double render_text_width(const struct render_fonts *fo, enum render_font f, double size,
                         const char *text)
{
	cairo_text_extents_t e;
	render_set_font(fo, fo->measure, f, size);
	cairo_text_extents(fo->measure, text, &e);
	/* in error, fo->measure measures 0 from now on: render_write reports
	   its status */
	return e.x_advance;
}

double render_text_width_n(const struct render_fonts *fo, enum render_font f, double size,
                           const char *text, size_t n)
{
	char buf[RENDER_LINE];
	snprintf(buf, sizeof buf, "%.*s", (int)text_fit(text, n, sizeof buf - 1), text);
	return render_text_width(fo, f, size, buf);
}
