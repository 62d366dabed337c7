/*
** pieces.c -- the men: chess glyphs from FreeSerif, tafl men as shapes.
**
** Glyphs: one font size for the whole set (the solid king's ink is 84% of a
** square), one baseline (the king's, centred), each man centred on its own
** ink box.  Under every man the solid glyph is filled and stroked white, so
** hatching never shows through a white man's body or a black man's detail,
** and a hatched square keeps a white halo round the man.
*/
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "render/board.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/pieces.h"

#define PI 3.14159265358979323846

static const char men_letters[] = "kqrbnp";

/* U+2654.. as UTF-8, so PDF text extraction gives the men back. */
static void man_utf8(int side, int i, char out[4])
{
	unsigned cp = 0x2654u + (unsigned)(side * NMEN + i);
	out[0] = (char)(0xE0 | (cp >> 12));
	out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[2] = (char)(0x80 | (cp & 0x3F));
	out[3] = 0;
}

static void glyph_at(const struct render_ctx *ctx, int side, int i, double cx, double baseline,
                     double fs, cairo_glyph_t *g)
{
	const struct ink_box *b = &ctx->fonts.man_box[side][i];
	g->index = ctx->fonts.man_glyph[side][i];
	g->x = cx - (b->x0 + b->x1) / 2 * fs;
	g->y = baseline;
}

/* The man's glyph and its underlay: the solid glyph filled and stroked
   white (the halo), then the glyph itself -- for a neutral man the black
   glyph on its left half and the white one on its right, as the diagram
   package's font draws neutral men. */
static void chess_man(const struct render_ctx *ctx, cairo_t *cr, int side, int i, double x,
                      double y, double sq, double halo)
{
	const struct ink_box *king = &ctx->fonts.man_box[1][0];
	double fs = 0.84 * sq / (king->y1 - king->y0);
	double cx = x + sq / 2, baseline = y + sq / 2 + (king->y0 + king->y1) / 2 * fs;
	cairo_glyph_t g;
	cairo_set_font_size(cr, fs);

	glyph_at(ctx, 1, i, cx, baseline, fs, &g);
	cairo_glyph_path(cr, &g, 1);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, halo * sq);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);

	char utf8[4];
	cairo_text_cluster_t cl = {3, 1};
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int half = 0; half < 2; half++) {
		int s = side == SIDE_NEUTRAL ? !half : side;
		if (side != SIDE_NEUTRAL && half)
			break;
		if (side == SIDE_NEUTRAL) {
			cairo_save(cr);
			cairo_rectangle(cr, half ? cx : x - sq, y - sq, sq * 1.5, 3 * sq);
			cairo_clip(cr);
		}
		man_utf8(s, i, utf8);
		glyph_at(ctx, s, i, cx, baseline, fs, &g);
		cairo_show_text_glyphs(cr, utf8, 3, &g, 1, &cl, 1, 0);
		if (side == SIDE_NEUTRAL)
			cairo_restore(cr);
	}
}

/* A circle, the diagram package's imitator symbol, for a walk that has no
   glyph: white with a black rim, black, or neutral (half and half). */
static void circle_man(cairo_t *cr, int side, double x, double y, double sq, double halo)
{
	double cx = x + sq / 2, cy = y + sq / 2, r = 0.3 * sq, rim = 0.05 * sq;
	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, r + rim / 2 + halo * sq / 2, 0, 2 * PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	if (side != SIDE_WHITE) {
		cairo_new_sub_path(cr);
		if (side == SIDE_NEUTRAL)
			cairo_arc(cr, cx, cy, r, PI / 2, 3 * PI / 2); /* the left half */
		else
			cairo_arc(cr, cx, cy, r, 0, 2 * PI);
		cairo_close_path(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_fill(cr);
	}
	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, r, 0, 2 * PI);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, rim);
	cairo_stroke(cr);
}

static void crown(cairo_t *cr, double cx, double cy, double r)
{
	const double pts[][2] = {{-0.5, 0.28}, {0.5, 0.28},   {0.56, -0.28}, {0.27, 0.02},
	                         {0.0, -0.42}, {-0.27, 0.02}, {-0.56, -0.28}};
	cairo_move_to(cr, cx + pts[0][0] * r, cy + pts[0][1] * r);
	for (size_t k = 1; k < sizeof pts / sizeof pts[0]; k++)
		cairo_line_to(cr, cx + pts[k][0] * r, cy + pts[k][1] * r);
	cairo_close_path(cr);
}

static void disc(cairo_t *cr, double cx, double cy, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, r, 0, 2 * PI);
}

/* The attackers black in every theme, so that a colour means one side in
   every output; the defenders and their king white (print) or red, as the
   seed prefers them (004: "defenders preferably red"; the attackers' white
   there is only allowed).  The caption says so (caption.c). */
static void tafl_man(cairo_t *cr, int side, bool king, double x, double y, double sq, double halo,
                     enum render_theme theme)
{
	static const double red[3] = {0.78, 0.16, 0.14}, gold[3] = {0.96, 0.78, 0.22};
	double cx = x + sq / 2, cy = y + sq / 2, r = 0.36 * sq * (king ? 1.12 : 1.0);
	double rim = 0.045 * sq;
	const double *fill;
	static const double white[3] = {1, 1, 1}, black[3] = {0, 0, 0};
	if (side == 0 && !king)
		fill = black;
	else
		fill = theme == THEME_CLASSIC ? white : red;

	if (halo > 0) {
		disc(cr, cx, cy, r + rim / 2 + halo * sq / 2);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
	}
	disc(cr, cx, cy, r);
	cairo_set_source_rgb(cr, fill[0], fill[1], fill[2]);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, rim);
	cairo_stroke(cr);
	if (!king)
		return;
	disc(cr, cx, cy, r - 2.2 * rim);
	cairo_set_line_width(cr, 0.6 * rim);
	cairo_stroke(cr);
	crown(cr, cx, cy, r);
	const double *cc = theme == THEME_CLASSIC ? black : gold;
	cairo_set_source_rgb(cr, cc[0], cc[1], cc[2]);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.5 * rim);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
}

/* kinds: the six chess men (men_letters), then the tafl warrior and
   king, then the circle */
#define KIND_TAFL NMEN
#define KIND_TAFL_KING (NMEN + 1)
#define KIND_CIRCLE (NMEN + 2)

static void draw_man(const struct render_ctx *ctx, cairo_t *cr, int kind, int side, int turn,
                     double x, double y, double sq, double halo, enum render_theme theme)
{
	if (turn) {
		/* turned about the square's centre, as a diagram font turns it */
		cairo_save(cr);
		cairo_translate(cr, x + sq / 2, y + sq / 2);
		cairo_rotate(cr, turn * PI / 2);
		cairo_translate(cr, -(x + sq / 2), -(y + sq / 2));
	}
	if (kind == KIND_CIRCLE)
		circle_man(cr, side, x, y, sq, halo);
	else if (kind >= NMEN)
		tafl_man(cr, side, kind == KIND_TAFL_KING, x, y, sq, halo, theme);
	else
		chess_man(ctx, cr, side, kind, x, y, sq, halo);
	if (turn)
		cairo_restore(cr);
}

/*
** PNG: every man is drawn once into a sprite of one square and then copied
** to its squares (whole pixels, so the copy is exact).  The glyph outline
** stroke of the underlay was most of the time spent on men.  The sprites
** live in the context until the square size or the theme changes.
*/
static void sprite_man(struct render_ctx *ctx, cairo_t *cr, int kind, int side, int turn, bool dark,
                       double x, double y, double sq, double halo, enum render_theme theme,
                       const struct palette *pal)
{
	struct sprites *sp = &ctx->sprites;
	/* What a sprite looks like follows from these and its index alone. */
	if (sp->sq != sq || sp->theme != theme || sp->halo != pal->halo ||
	    sp->hatched != pal->hatched) {
		render_sprites_free(sp);
		sp->sq = sq;
		sp->theme = theme;
		sp->halo = pal->halo;
		sp->hatched = pal->hatched;
	}
	cairo_surface_t **s = &sp->s[dark][side][kind][turn];
	if (!*s) {
		*s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)sq, (int)sq);
		cairo_t *c = cairo_create(*s);
		render_set_font(&ctx->fonts, c, FONT_REGULAR, 10);
		draw_man(ctx, c, kind, side, turn, 0, 0, sq, halo, theme);
		render_note(ctx, c);
		cairo_destroy(c);
	}
	cairo_set_source_surface(cr, *s, x, y);
	cairo_paint(cr);
}

void render_pieces(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                   const struct render_layout *l, const struct render_opts *o,
                   const struct palette *pal)
{
	render_set_font(&ctx->fonts, cr, FONT_REGULAR, 10);
	for (int r = 0; r < l->ranks; r++)
		for (int f = 0; f < l->files; f++) {
			const struct render_man *m = &d->man[r][f];
			if (!m->glyph)
				continue;
			double x, y;
			bool dark = render_square_dark(d, f, r);
			double halo = pal->hatched && dark ? pal->halo : 0.03;
			render_square_xy(l, o->flip, f, r, &x, &y);
			int kind;
			if (m->glyph == 't' || m->glyph == 'T') {
				kind = m->glyph == 'T' ? KIND_TAFL_KING : KIND_TAFL;
				halo = pal->hatched && dark ? halo : 0;
			} else if (m->glyph == 'c') {
				kind = KIND_CIRCLE;
			} else {
				const char *g = strchr(men_letters, m->glyph);
				if (!g || !*g)
					continue;
				kind = (int)(g - men_letters);
			}
			int side = m->side > SIDE_NEUTRAL ? SIDE_WHITE : m->side;
			int turn = m->turn & 3;
			if (o->format == RENDER_PNG && o->snap)
				sprite_man(ctx, cr, kind, side, turn, dark, x, y, l->sq, halo,
				           o->theme, pal);
			else
				draw_man(ctx, cr, kind, side, turn, x, y, l->sq, halo, o->theme);
		}
}
