/*
** board.c -- squares, hatching, frame, marks and arrows.
**
** Print style hatches the dark squares "/" as problem magazines do, about
** eight lines a square; below ~16 px a square the lines turn to moire, so
** small PNGs fall back to flat grey.  Tafl boards are not checkered: a grid,
** with the throne and corners set off.
*/
#include <math.h>
#include <stdlib.h>

#include "render/board.h"
#include "render/context.h"

/* Colours as 0xRRGGBB.  Web: lichess "brown" squares (#f0d9b5 / #b58863). */
/* clang-format off */
static const struct palette palettes[] = {
	[STYLE_PRINT] = {
		.light = 0xffffff, .dark = 0x000000, .hatch = 0x000000, .frame = 0x000000,
		.tafl_board = 0xffffff, .tafl_grid = 0x000000, .tafl_special = 0x000000,
		.tafl_cross = 0x000000, .hatched = true, .halo = 0.07,
	},
	[STYLE_WEB] = {
		.light = 0xf0d9b5, .dark = 0xb58863, .hatch = 0x000000, .frame = 0x402d1e,
		.tafl_board = 0xf3e9cf, .tafl_grid = 0x7a6a50, .tafl_special = 0xd6c29a,
		.tafl_cross = 0x968060, .hatched = false, .halo = 0.03,
	},
	[STYLE_GREY] = {
		.light = 0xffffff, .dark = 0xbebebe, .hatch = 0x000000, .frame = 0x000000,
		.tafl_board = 0xffffff, .tafl_grid = 0x000000, .tafl_special = 0xcdcdcd,
		.tafl_cross = 0x8c8c8c, .hatched = false, .halo = 0.03,
	},
};
/* clang-format on */

static void set_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, (c >> 16) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

void render_palette(const struct render_opts *o, const struct render_layout *l, struct palette *p)
{
	*p = palettes[o->style];
	if (p->hatched && o->snap && l->sq < 16) {
		*p = palettes[STYLE_GREY];
		p->halo = 0.03;
	}
}

bool render_square_dark(const struct diagram *d, int file, int rank)
{
	if (d->tafl)
		return d->game->square_kind && d->game->square_kind(file, rank) != SQUARE_PLAIN;
	return (file + rank) % 2 == 0; /* a1 dark, on every board */
}

/* Diagonal "/" lines over the current clip; spacing sq/8 across a square. */
static void hatch(cairo_t *cr, const struct render_layout *l, const struct palette *pal, bool png)
{
	double step = l->sq / 8, lw = 0.028 * l->sq;
	double x0 = l->bx, y0 = l->by, w = l->files * l->sq, h = l->ranks * l->sq;
	if (lw < (png ? 0.9 : 0.25))
		lw = png ? 0.9 : 0.25;
	/* Lines x + y = c, c from the board's top-left corner so every dark
	   square carries the same pattern. */
	for (double c = x0 + y0; c <= x0 + y0 + w + h + step / 2; c += step) {
		cairo_move_to(cr, c - y0 + 1, y0 - 1);
		cairo_line_to(cr, c - (y0 + h) - 1, y0 + h + 1);
	}
	set_rgb(cr, pal->hatch);
	cairo_set_line_width(cr, lw);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_stroke(cr);
}

static void frame(cairo_t *cr, const struct render_layout *l, const struct palette *pal)
{
	double o = l->frame_out, g = l->frame_gap, i = l->frame_in;
	set_rgb(cr, pal->frame);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_line_width(cr, o);
	cairo_rectangle(cr, l->frame_x + o / 2, l->frame_y + o / 2, l->frame_w - o, l->frame_h - o);
	cairo_stroke(cr);
	if (i > 0) {
		double e = o + g + i / 2;
		cairo_set_line_width(cr, i);
		cairo_rectangle(cr, l->frame_x + e, l->frame_y + e, l->frame_w - 2 * e,
		                l->frame_h - 2 * e);
		cairo_stroke(cr);
	}
}

static void tafl_grid(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                      const struct render_opts *o, const struct palette *pal)
{
	bool png = o->snap;
	double lw = 0.02 * l->sq, w = l->files * l->sq, h = l->ranks * l->sq;
	if (lw < (png ? 1 : 0.3))
		lw = png ? 1 : 0.3;
	if (png)
		lw = round(lw);
	/* An X on the throne and corners where they are tinted, not hatched. */
	if (!pal->hatched) {
		for (int r = 0; r < l->ranks; r++)
			for (int f = 0; f < l->files; f++) {
				double x, y, m = 0.18 * l->sq;
				if (!render_square_dark(d, f, r))
					continue;
				render_square_xy(l, o->flip, f, r, &x, &y);
				cairo_move_to(cr, x + m, y + m);
				cairo_line_to(cr, x + l->sq - m, y + l->sq - m);
				cairo_move_to(cr, x + l->sq - m, y + m);
				cairo_line_to(cr, x + m, y + l->sq - m);
			}
		set_rgb(cr, pal->tafl_cross);
		cairo_set_line_width(cr, 1.5 * lw);
		cairo_stroke(cr);
	}
	/* Odd pixel widths sit on half pixels to stay sharp. */
	double off = png && (int)lw % 2 ? 0.5 : 0;
	for (int i = 1; i < l->files; i++) {
		cairo_move_to(cr, l->bx + i * l->sq + off, l->by);
		cairo_line_to(cr, l->bx + i * l->sq + off, l->by + h);
	}
	for (int i = 1; i < l->ranks; i++) {
		cairo_move_to(cr, l->bx, l->by + i * l->sq + off);
		cairo_line_to(cr, l->bx + w, l->by + i * l->sq + off);
	}
	set_rgb(cr, pal->tafl_grid);
	cairo_set_line_width(cr, lw);
	cairo_stroke(cr);
}

/*
** For PNG the hatching of one square is drawn once, and repeated: stroking
** the long clipped lines was half the time of a diagram.  Every dark square
** carries the same pattern either way (the line spacing divides the square).
** Kept in the context while the square size stays the same.
*/
static cairo_surface_t *hatch_tile(struct render_ctx *ctx, const struct render_layout *l,
                                   const struct palette *pal)
{
	if (ctx->hatch_tile && ctx->hatch_sq == l->sq)
		return ctx->hatch_tile;
	if (ctx->hatch_tile)
		cairo_surface_destroy(ctx->hatch_tile);
	int n = (int)l->sq;
	struct render_layout one = *l;
	one.bx = one.by = 0;
	one.files = one.ranks = 1;
	ctx->hatch_tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, n, n);
	ctx->hatch_sq = l->sq;
	cairo_t *cr = cairo_create(ctx->hatch_tile);
	hatch(cr, &one, pal, true);
	render_note(ctx, cr);
	cairo_destroy(cr);
	return ctx->hatch_tile;
}

void render_board(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                  const struct render_layout *l, const struct render_opts *o,
                  const struct palette *pal)
{
	double w = l->files * l->sq, h = l->ranks * l->sq;
	/* The whole frame area in the light colour first: the gap between the
	   frame lines is paper, even on a transparent background. */
	uint32_t board = d->tafl ? pal->tafl_board : pal->light;
	set_rgb(cr, o->style == STYLE_WEB ? board : 0xffffff);
	cairo_rectangle(cr, l->frame_x, l->frame_y, l->frame_w, l->frame_h);
	cairo_fill(cr);
	set_rgb(cr, board);
	cairo_rectangle(cr, l->bx, l->by, w, h);
	cairo_fill(cr);

	for (int r = 0; r < l->ranks; r++)
		for (int f = 0; f < l->files; f++) {
			double x, y;
			if (!render_square_dark(d, f, r))
				continue;
			render_square_xy(l, o->flip, f, r, &x, &y);
			cairo_rectangle(cr, x, y, l->sq, l->sq);
		}
	if (pal->hatched && o->format == RENDER_PNG) {
		cairo_pattern_t *p = cairo_pattern_create_for_surface(hatch_tile(ctx, l, pal));
		cairo_matrix_t m;
		cairo_matrix_init_translate(&m, -l->bx, -l->by);
		cairo_pattern_set_matrix(p, &m);
		cairo_pattern_set_extend(p, CAIRO_EXTEND_REPEAT);
		cairo_set_source(cr, p);
		cairo_fill(cr);
		cairo_pattern_destroy(p);
	} else if (pal->hatched) {
		cairo_save(cr);
		cairo_clip(cr);
		hatch(cr, l, pal, o->snap);
		cairo_restore(cr);
	} else {
		set_rgb(cr, d->tafl ? pal->tafl_special : pal->dark);
		cairo_fill(cr);
	}
	if (d->tafl)
		tafl_grid(cr, d, l, o, pal);
	frame(cr, l, pal);
}

void render_marks(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                  const struct render_opts *o)
{
	for (int r = 0; r < l->ranks; r++)
		for (int f = 0; f < l->files; f++) {
			double x, y;
			if (!d->mark[r][f])
				continue;
			render_square_xy(l, o->flip, f, r, &x, &y);
			if (o->style == STYLE_WEB) {
				cairo_set_source_rgba(cr, 0.61, 0.78, 0.0, 0.45);
				cairo_rectangle(cr, x, y, l->sq, l->sq);
				cairo_fill(cr);
			} else {
				/* diagram.sty's \fieldframe: a frame on the square's
				   edge, thin, so that the hatching of a dark square
				   still shows between it and a man's halo (a frame
				   set inside the square covered what the halo left) */
				double lw = 0.055 * l->sq, m = lw / 2;
				cairo_set_source_rgb(cr, 0, 0, 0);
				cairo_set_line_width(cr, lw);
				cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
				cairo_rectangle(cr, x + m, y + m, l->sq - 2 * m, l->sq - 2 * m);
				cairo_stroke(cr);
			}
		}
}

/*
** An arrow from the centre of one square to another, as one closed outline
** so print can draw it white with a black edge: straight, or bent once at
** (cx, cy) -- a knight's move runs along its longer leg, then turns, as
** problem books draw it (a straight one would cross the squares between).
*/
static void arrow_path(cairo_t *cr, double x0, double y0, double cx, double cy, double x1,
                       double y1, double sq)
{
	double d1x = cx - x0, d1y = cy - y0, l1 = hypot(d1x, d1y);
	double d2x = x1 - cx, d2y = y1 - cy, l2 = hypot(d2x, d2y);
	if (l2 < 1e-9)
		return;
	double start = 0.22 * sq, shaft = 0.085 * sq, head_w = 0.23 * sq, head_l = 0.38 * sq;
	double u2x = d2x / l2, u2y = d2y / l2, n2x = -u2y, n2y = u2x;
	bool bent = l1 > 1e-9;
	double u1x = bent ? d1x / l1 : u2x, u1y = bent ? d1y / l1 : u2y, n1x = -u1y, n1y = u1x;
	double sx = x0 + u1x * start, sy = y0 + u1y * start;
	double hx = x1 - u2x * head_l, hy = y1 - u2y * head_l;
	/* the corner of each edge: the two offset lines meet on the bisector
	   (a right angle here, so the miter stays short) */
	double k = 1 + n1x * n2x + n1y * n2y;
	double mx = bent && k > 0.1 ? (n1x + n2x) / k : n2x,
	       my = bent && k > 0.1 ? (n1y + n2y) / k : n2y;
	cairo_move_to(cr, sx + n1x * shaft, sy + n1y * shaft);
	if (bent)
		cairo_line_to(cr, cx + mx * shaft, cy + my * shaft);
	cairo_line_to(cr, hx + n2x * shaft, hy + n2y * shaft);
	cairo_line_to(cr, hx + n2x * head_w, hy + n2y * head_w);
	cairo_line_to(cr, x1, y1);
	cairo_line_to(cr, hx - n2x * head_w, hy - n2y * head_w);
	cairo_line_to(cr, hx - n2x * shaft, hy - n2y * shaft);
	if (bent)
		cairo_line_to(cr, cx - mx * shaft, cy - my * shaft);
	cairo_line_to(cr, sx - n1x * shaft, sy - n1y * shaft);
	cairo_close_path(cr);
}

/* Where an arrow bends: after the longer leg of a (1,2) leap, else nowhere
   (the corner at the start). */
static void arrow_corner(const struct render_arrow *a, int *file, int *rank)
{
	int df = a->to_file - a->from_file, dr = a->to_rank - a->from_rank;
	*file = a->from_file;
	*rank = a->from_rank;
	if (abs(df) * abs(dr) != 2)
		return;
	if (abs(df) == 2)
		*file = a->to_file;
	else
		*rank = a->to_rank;
}

void render_arrows(cairo_t *cr, const struct diagram *d, const struct render_layout *l,
                   const struct render_opts *o)
{
	for (int i = 0; i < d->narrows; i++) {
		const struct render_arrow *a = &d->arrows[i];
		double x0, y0, cx, cy, x1, y1, h = l->sq / 2;
		int cf, cr_;
		arrow_corner(a, &cf, &cr_);
		render_square_xy(l, o->flip, a->from_file, a->from_rank, &x0, &y0);
		render_square_xy(l, o->flip, cf, cr_, &cx, &cy);
		render_square_xy(l, o->flip, a->to_file, a->to_rank, &x1, &y1);
		arrow_path(cr, x0 + h, y0 + h, cx + h, cy + h, x1 + h, y1 + h, l->sq);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
		if (o->style == STYLE_WEB) {
			if (a->side == 0)
				cairo_set_source_rgba(cr, 0.08, 0.47, 0.11, 0.8);
			else
				cairo_set_source_rgba(cr, 0.0, 0.19, 0.53, 0.8);
			cairo_fill(cr);
		} else {
			double fill = a->side == 0 ? 1.0 : 0.45;
			cairo_set_source_rgb(cr, fill, fill, fill);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, 0, 0, 0);
			cairo_set_line_width(cr, 0.035 * l->sq);
			cairo_stroke(cr);
		}
	}
}
